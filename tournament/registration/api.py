"""REST API of registration, for the event's director (it shows personal data): the
registrations, adding one directly, the decisions on one, check-in, and closing check-in."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import event_for
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Attendance, Registration
from tournament.registration.services import checkin, decisions, personal


class DirectorOnly(BasePermission):
    """Reads too need the director: registrations hold e-mails and EMA numbers."""

    def has_permission(self, request, view) -> bool:
        view.event = event_for(request, view.kwargs["event"], write=True)
        return True


class RegistrationSerializer(serializers.ModelSerializer):
    country = serializers.CharField(required=False, allow_blank=True, max_length=2)
    # the registrant's contact: one address and one language with the player made from it
    email = serializers.CharField(
        source="contact.email", required=False, allow_blank=True, max_length=254
    )
    language = serializers.CharField(
        source="contact.language", required=False, allow_blank=True, max_length=8
    )
    team = serializers.IntegerField(source="team_id", required=False, allow_null=True)
    waitlist_place = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = [
            "id",
            "name",
            "country",
            "club",
            "ema_number",
            "email",
            "team",
            "language",
            "status",
            "offer_deadline",
            "player",
            "created_at",
            "waitlist_place",
        ]
        read_only_fields = ["id", "status", "offer_deadline", "player", "created_at"]
        validators = []
        extra_kwargs = {"name": {"trim_whitespace": False}, "club": {"trim_whitespace": False}}

    def get_waitlist_place(self, obj: Registration) -> int | None:
        return (
            services.waitlist_place(obj) if obj.status == Registration.Status.WAITLISTED else None
        )


class RegistrationList(generics.ListCreateAPIView):
    """The event's registrations in order of arrival; POST adds one that takes a place."""

    serializer_class = RegistrationSerializer
    permission_classes = [DirectorOnly]

    def get_queryset(self):
        return self.event.registrations.select_related("contact").order_by("pk")

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        data["team"] = data.pop("team_id", None)
        data.update(data.pop("contact", {}))
        serializer.instance = services.sign_up(self.event, data, by=self.request.user)


class DecisionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["approve", "refuse", "move_up", "erase"])
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class RegistrationDecision(APIView):
    """Approve, refuse (with a reason, mailed), move up the waitlist (with a reason), or delete
    the registrant's personal data."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=DecisionSerializer, responses={200: RegistrationSerializer})
    def post(self, request, event, pk):
        registration = get_object_or_404(Registration, event=self.event, pk=pk)
        serializer = DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        action = serializer.validated_data["action"]
        reason = serializer.validated_data.get("reason", "")
        steps = {
            "approve": lambda: decisions.approve(registration, request.user),
            "refuse": lambda: decisions.refuse(registration, request.user, reason),
            "move_up": lambda: decisions.move_up(registration, request.user, reason),
            "erase": lambda: personal.erase(registration, request.user),
        }
        result = steps[action]()
        return Response(RegistrationSerializer(result).data)


class CheckInSerializer(serializers.Serializer):
    player = serializers.IntegerField(required=False)
    registration = serializers.IntegerField(required=False)
    card = serializers.CharField(required=False, max_length=1000)


class DeskSerializer(serializers.Serializer):
    checked_in = serializers.IntegerField()
    expected = serializers.IntegerField()
    missing = serializers.ListField(child=serializers.CharField())
    opened = serializers.BooleanField()
    closed = serializers.BooleanField()


class CheckIn(APIView):
    """GET: the count checked in / expected and who is missing. POST: check in a player, a
    waitlisted registrant, or a card's holder (the QR code's text)."""

    permission_classes = [DirectorOnly]

    @extend_schema(responses={200: DeskSerializer})
    def get(self, request, event):
        return Response(checkin.desk_status(self.event))

    @extend_schema(request=CheckInSerializer, responses={200: DeskSerializer})
    def post(self, request, event):
        serializer = CheckInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data.get("card"):
            player = checkin.player_for_card(self.event, data["card"])
            checkin.check_in(self.event, player, Attendance.How.QR)
        elif data.get("registration"):
            reg = get_object_or_404(Registration, event=self.event, pk=data["registration"])
            checkin.check_in_registration(self.event, reg)
        elif data.get("player"):
            player = get_object_or_404(Player, event=self.event, pk=data["player"])
            checkin.check_in(self.event, player)
        else:
            raise serializers.ValidationError(
                {"player": [_("Name a player, a registration or a card.")]}
            )
        return Response(checkin.desk_status(self.event))


class CloseCheckIn(APIView):
    """Close check-in: the missing are marked absent, present waitlisted registrants fill the
    free places, and round 1 is seated from those present."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=None, responses={200: DeskSerializer})
    def post(self, request, event):
        checkin.close_check_in(self.event, request.user)
        return Response(checkin.desk_status(self.event), status=status.HTTP_200_OK)
