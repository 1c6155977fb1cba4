"""REST API for score sheets: read a table's sheet, add, correct and confirm hands, close it.

Staff write with their session or token; players write with the session their PIN opened on
the player page (``PlayerPinAuthentication``, CSRF-checked like a staff session). The
services (``scoring.sheets.services``) check who may do what.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.sheets import services as sheets
from tournament.access.api import event_for
from tournament.access.login import client_address
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Round, Table


class PlayerPinAuthentication(SessionAuthentication):
    """A player signed in on the player page: ``request.auth`` is the ``Player`` (the user
    stays anonymous). The session must carry the player's current PIN generation."""

    def authenticate(self, request):
        player = pins.session_player(
            request._request, request.parser_context["kwargs"].get("event")
        )
        if player is None:
            return None
        self.enforce_csrf(request)
        from django.contrib.auth.models import AnonymousUser

        return AnonymousUser(), player


class PlayerPinScheme(OpenApiAuthenticationExtension):
    target_class = "scoring.sheets.entry.api.PlayerPinAuthentication"
    name = "playerPin"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": "sessionid",
            "description": "The session a player's PIN opened on /e/<event>/play/.",
        }


class SheetWrites(permissions.BasePermission):
    """Reads follow the event's visibility; writes need a user or a signed-in player."""

    def has_permission(self, request, view) -> bool:
        view.event = event_for(request, view.kwargs["event"], write=False)
        if request.method in permissions.SAFE_METHODS:
            return True
        return request.user.is_authenticated or isinstance(request.auth, Player)


def request_author(request) -> sheets.Author:
    if isinstance(request.auth, Player):
        return sheets.Author(player=request.auth)
    return sheets.Author(user=request.user)


# Serializers ---------------------------------------------------------------------------------


class HandOutSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    version = serializers.IntegerField()
    kind = serializers.CharField()
    hand = serializers.JSONField(help_text="The hand as stored (see HandIn.hand).")
    reason = serializers.CharField()
    foul_report = serializers.IntegerField(
        allow_null=True, help_text="The foul report the hand was entered with (kept as entered)."
    )
    current_foul_report = serializers.IntegerField(
        allow_null=True,
        help_text="The report that stands for foul_report now: its replacement when a "
        "re-pricing voided it (followed to the last one), else foul_report itself.",
    )
    foul_points = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="What current_foul_report's standing ledger entries move per seat E, S, W, N "
        "(transfers and deductions, in the ruleset's unit); null without a foul report.",
    )
    entered_by_player = serializers.IntegerField(allow_null=True)
    counts = serializers.BooleanField(
        help_text="False while a player's hand awaits confirmation, or while it is disputed."
    )
    disputed = serializers.BooleanField(help_text="An open dispute holds this version.")
    striking = serializers.BooleanField(
        help_text="A strike (a correction to no hand) of this hand awaits confirmation; "
        "version is the strike's, to confirm."
    )
    created_at = serializers.CharField(allow_null=True)
    payments = serializers.ListField(child=serializers.IntegerField(), required=False)
    totals = serializers.ListField(child=serializers.IntegerField(), required=False)


class SheetSeatSerializer(serializers.Serializer):
    wind = serializers.CharField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class SheetSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    round = serializers.IntegerField()
    status = serializers.CharField()
    seats = SheetSeatSerializer(many=True)
    hands = HandOutSerializer(many=True)
    totals = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Totals E, S, W, N after every hand shown, as played: also the hands that "
        "await a confirmation or are disputed.",
    )
    counted_totals = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The running totals E, S, W, N the pages show: the starting scores plus every "
        "hand that counts (a hand awaiting a confirmation or disputed does not).",
    )
    final = serializers.ListField(child=serializers.IntegerField())
    next_number = serializers.IntegerField()
    dealer = serializers.CharField()
    counters = serializers.IntegerField()
    deposits = serializers.IntegerField()
    finished = serializers.BooleanField()


class HandInSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=1000, help_text="The next number.")
    hand = serializers.JSONField(
        help_text=(
            'Seats 0-3 are E, S, W, N. MCR: {"kind": "win", "winner": 0, "fan": 12, "bonus": 0, '
            '"discarder": 1} (discarder null: self-drawn). Riichi: {"kind": "win", "winner": 1, '
            '"discarder": 2, "han": 3, "fu": 30, "riichi": [1]} or "limit": "mangan"; several '
            'winners as "wins": [...]; {"kind": "draw", "tenpai": [1, 2]}. Points rulesets: '
            '{"kind": "points", "points": [24, -8, -8, -8]}.'
        )
    )
    idempotency_key = serializers.CharField(max_length=64)
    foul_report = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=2**31 - 1
    )
    same_again = serializers.BooleanField(
        required=False,
        default=False,
        help_text=(
            "Not needed: the number names the hand, so a hand identical to the previous one "
            "is taken as the next hand (a resend of a recorded number is a 409). Accepted "
            "from earlier clients and ignored."
        ),
    )


class CorrectionInSerializer(serializers.Serializer):
    hand = serializers.JSONField()
    reason = serializers.CharField()
    based_on_version = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    idempotency_key = serializers.CharField(max_length=64)
    foul_report = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=2**31 - 1
    )


class HandConfirmInSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1, max_value=2**31 - 1)


class CloseInSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class HandConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    hand = HandOutSerializer(allow_null=True)


class LiveTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    names = serializers.ListField(child=serializers.CharField())
    totals = serializers.ListField(child=serializers.IntegerField())
    hands = serializers.IntegerField()
    closed = serializers.BooleanField()


WRITE_ANSWERS = {
    400: OpenApiResponse(description="Invalid hand; the message says what, nothing is written."),
    403: OpenApiResponse(description="Not allowed to write this sheet."),
    409: HandConflictSerializer,
}


# Views ---------------------------------------------------------------------------------------


class SheetBaseView(APIView):
    authentication_classes = [
        PlayerPinAuthentication,
        *APIView.authentication_classes,
    ]
    permission_classes = [SheetWrites]

    def table(self, number: int, table: int) -> Table:
        found = get_object_or_404(
            Table.objects.select_related("round"),
            round__event=self.event,
            round__number=number,
            number=table,
        )
        found.round.event = self.event  # the permission read it already
        return found

    def sheet_body(self, table: Table) -> dict:
        return sheets.sheet_dict(sheets.read_sheet(table))


class SheetView(SheetBaseView):
    """A table's score sheet: its hands, running totals, dealer, counters and deposits."""

    @extend_schema(responses={200: SheetSerializer})
    def get(self, request, event, number, table):
        return Response(self.sheet_body(self.table(number, table)))


class SheetHandsView(SheetBaseView):
    @extend_schema(
        request=HandInSerializer,
        responses={201: SheetSerializer, 200: SheetSerializer, **WRITE_ANSWERS},
        description=(
            "Add the next hand. The same idempotency key again returns 200 with the sheet; "
            "another hand already stored under this number gives 409 with that hand (a form "
            "or client sent twice, whatever its key, never stores a copy). A hand identical to "
            "the previous one is stored like any other: its number says it is the next hand."
        ),
    )
    def post(self, request, event, number, table):
        table_obj = self.table(number, table)
        serializer = HandInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        done = sheets.add_hand(
            table_obj,
            data["hand"],
            author=request_author(request),
            number=data["number"],
            idempotency_key=data["idempotency_key"],
            foul_report=data.get("foul_report"),
            # The client names the hand's number: explicit enough for a hand played twice.
            same_again=True,
        )
        hand, created = done
        view = getattr(hand, "view", None)
        body = sheets.sheet_dict(sheets.with_seats(view)) if view else self.sheet_body(table_obj)
        return Response(
            body,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class SheetHandCorrectView(SheetBaseView):
    @extend_schema(
        request=CorrectionInSerializer,
        responses={201: SheetSerializer, 200: SheetSerializer, **WRITE_ANSWERS},
        description=(
            "Write the next version of a hand, with a reason. On a closed sheet the table "
            "result gets its next version too."
        ),
    )
    def post(self, request, event, number, table, hand):
        table_obj = self.table(number, table)
        serializer = CorrectionInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        done = sheets.correct_hand(
            table_obj,
            hand,
            data["hand"],
            author=request_author(request),
            reason=data["reason"],
            based_on_version=data["based_on_version"],
            idempotency_key=data["idempotency_key"],
            foul_report=data.get("foul_report"),
        )
        return Response(
            self.sheet_body(table_obj),
            status=status.HTTP_201_CREATED if done[1] else status.HTTP_200_OK,
        )


class SheetHandConfirmView(SheetBaseView):
    @extend_schema(
        request=HandConfirmInSerializer,
        responses={200: SheetSerializer, **WRITE_ANSWERS},
        description="Another player of the table or a referee confirms a player's hand.",
    )
    def post(self, request, event, number, table, hand):
        table_obj = self.table(number, table)
        serializer = HandConfirmInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sheets.confirm_hand(
            table_obj,
            hand,
            author=request_author(request),
            version=serializer.validated_data["version"],
        )
        return Response(self.sheet_body(table_obj))


class SheetCloseView(SheetBaseView):
    @extend_schema(
        request=CloseInSerializer,
        responses={200: SheetSerializer, **WRITE_ANSWERS},
        description="Close the sheet before the game's end: its totals become the result.",
    )
    def post(self, request, event, number, table):
        table_obj = self.table(number, table)
        serializer = CloseInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sheets.close_sheet(
            table_obj,
            author=request_author(request),
            reason=serializer.validated_data["reason"],
        )
        return Response(self.sheet_body(table_obj))


class LiveTablesView(SheetBaseView):
    """Each table's running score from its sheet in a round (hands that count)."""

    @extend_schema(responses={200: LiveTableSerializer(many=True)})
    def get(self, request, event, number):
        round_ = get_object_or_404(
            Round.objects.select_related("event"), event=self.event, number=number
        )
        return Response(LiveTableSerializer(sheets.live_tables(round_), many=True).data)


class SignInSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    pin = serializers.CharField(max_length=12)


class SignedInSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()


class PlayerSignInView(APIView):
    """A player signs this browser session in with their PIN, as on the play page: the player
    named first, then the PIN; braked the same way (429 while braked). The session then writes
    hands through the sheet endpoints. DELETE signs it out."""

    authentication_classes = [PlayerPinAuthentication, *APIView.authentication_classes]
    permission_classes = [permissions.AllowAny]

    def event(self, slug: str):
        event = event_for(self.request, slug, write=False)
        if not event.keeps_score_sheets or not event.players_enter_hands:
            raise PermissionDenied(_("Players do not enter hands at this event."))
        return event

    @extend_schema(
        request=SignInSerializer,
        responses={
            200: SignedInSerializer,
            400: OpenApiResponse(description="Not this player's PIN, or no such player."),
            429: OpenApiResponse(description="Too many wrong PINs: try again later."),
        },
    )
    def post(self, request, event):
        # A sign-in changes whose session this is: it needs the page's CSRF token, as the form.
        SessionAuthentication().enforce_csrf(request)
        event_obj = self.event(event)
        data = SignInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = Player.objects.filter(event=event_obj, pk=data.validated_data["player"]).first()
        if player is None:
            raise ValidationError({"player": [_("Choose your name.")]})
        try:
            right = pins.sign_in(
                event_obj,
                player,
                data.validated_data["pin"],
                client_address(request),
                session=request.session,
            )
        except pins.PinThrottled as throttled:
            return Response(
                {
                    "detail": ngettext(
                        "Too many wrong PINs for %(name)s. Try again in %(count)d second.",
                        "Too many wrong PINs for %(name)s. Try again in %(count)d seconds.",
                        throttled.seconds,
                    )
                    % {"name": player.name, "count": throttled.seconds},
                    "retry_after": throttled.seconds,
                },
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": str(throttled.seconds)},
            )
        if not right:
            raise ValidationError(
                {"pin": [_("This is not %(name)s's PIN.") % {"name": player.name}]}
            )
        pins.remember(request.session, player, event_obj.slug)
        return Response({"player": player.pk, "name": player.name})

    @extend_schema(responses={204: None})
    def delete(self, request, event):
        SessionAuthentication().enforce_csrf(request)
        pins.forget(request.session)
        # As the play page's sign-out: the phone forgets the pages its service worker kept.
        return Response(
            status=status.HTTP_204_NO_CONTENT, headers={"Clear-Site-Data": '"cache", "storage"'}
        )
