"""REST API for events, players, rounds, tables and seats, and referees.

Reads follow the event's visibility (public, or staff of the event); every write needs the
event's director and goes through ``tournament.services``. The staff endpoints (roles,
invitations, a user's own roles) are in ``tournament.api.staff``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView


from tournament.services import events as event_services

from tournament.services import player_import

from tournament.services import players as player_services

from tournament.services import rounds as round_services

from tournament.services import seats as seat_services
from tournament.api.permissions import EventScoped, as_drf_error, event_for
from tournament.api.serializers import (
    EventSerializer,
    PlayerCsvSerializer,
    PlayerImportPreviewSerializer,
    PlayerSerializer,
    RoundSeatingSerializer,
    RoundSerializer,
    SeatingDraftSerializer,
    SeatingRequestSerializer,
    SeatingSwapSerializer,
    TableSeatsSerializer,
    TableSerializer,
)
from tournament.models.events import Event
from tournament.models.players import Player
from tournament.models.rounds import Round
from tournament.models.rounds import Table
from tournament.roles import can_create_events, is_director


def _save(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except DjangoValidationError as exc:
        raise as_drf_error(exc) from exc


# Events -------------------------------------------------------------------------------------


class EventList(generics.ListCreateAPIView):
    serializer_class = EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        user = self.request.user
        visible = Q(is_public=True)
        if user.is_authenticated:
            if user.is_superuser:
                return Event.objects.select_related("director")
            visible |= Q(director=user) | Q(referees__user=user)
        return Event.objects.filter(visible).distinct().select_related("director")

    def create(self, request, *args, **kwargs):
        # Refused before the body is validated: a 400 "slug taken" would tell anybody which
        # (private) event slugs exist.
        if not can_create_events(request.user):
            raise PermissionDenied(_("Only directors may create events."))
        return super().create(request, *args, **kwargs)

    def perform_create(self, serializer):
        if not can_create_events(self.request.user):
            raise PermissionDenied(_("Only directors may create events."))
        event = Event(director=self.request.user, **serializer.validated_data)
        serializer.instance = _save(event_services.save_event, event)


class EventDetail(generics.RetrieveUpdateAPIView):
    serializer_class = EventSerializer
    lookup_url_kwarg = "event"

    def get_object(self):
        return event_for(
            self.request,
            self.kwargs["event"],
            write=self.request.method not in ("GET", "HEAD", "OPTIONS"),
        )

    def perform_update(self, serializer):
        event = serializer.instance
        for key, value in serializer.validated_data.items():
            setattr(event, key, value)
        serializer.instance = _save(event_services.save_event, event)


# Players ------------------------------------------------------------------------------------


class PlayerList(generics.ListCreateAPIView):
    serializer_class = PlayerSerializer
    permission_classes = [EventScoped]

    def get_queryset(self):
        return self.event.players.all()

    def perform_create(self, serializer):
        data = {
            k: str(v)
            for k, v in serializer.validated_data.items()
            if k not in ("status", "team_id")
        }
        data["team"] = serializer.validated_data.get("team_id")
        serializer.instance = _save(player_services.add_player, self.event, **data)


class PlayerDetail(generics.RetrieveUpdateAPIView):
    serializer_class = PlayerSerializer
    permission_classes = [EventScoped]

    def get_object(self):
        return get_object_or_404(Player, event=self.event, pk=self.kwargs["pk"])

    def perform_update(self, serializer):
        changes = {k: str(v) for k, v in serializer.validated_data.items() if k != "team_id"}
        if "team_id" in serializer.validated_data:
            changes["team"] = serializer.validated_data["team_id"]
        serializer.instance = _save(player_services.update_player, serializer.instance, **changes)


class PlayerCsvImport(APIView):
    """Import players from a CSV file (any usual encoding, detected unless ``encoding`` is
    given) or an Excel .xlsx workbook: all or none. The first line names the columns: ``name``
    and any of ``country``, ``club``, ``ema_number``. With ``dry_run`` nothing is written and
    the answer is the preview: how the file reads and the players it would import."""

    permission_classes = [EventScoped]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request=PlayerCsvSerializer,
        responses={201: PlayerSerializer(many=True), 200: PlayerImportPreviewSerializer},
    )
    def post(self, request, event):
        serializer = PlayerCsvSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload = serializer.validated_data["file"]
        encoding = serializer.validated_data.get("encoding", "")
        if upload.size > settings.PLAYER_CSV_MAX_BYTES:
            return Response(
                {
                    "file": [
                        _("The file is too large: at most %(size)d KB.")
                        % {"size": settings.PLAYER_CSV_MAX_BYTES // 1024}
                    ]
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        data, name = upload.read(), upload.name or ""
        try:
            if serializer.validated_data.get("dry_run"):
                file = player_import.read_player_file(data, filename=name, encoding=encoding)
                checked = player_import.check_player_file(self.event, file)
                if checked.errors:
                    raise player_import.CsvImportError(checked.errors)
                return Response(PlayerImportPreviewSerializer(checked).data)
            players = player_import.import_players(self.event, data, filename=name, encoding=encoding)
        except player_import.CsvImportError as exc:
            return Response(
                {
                    "file": [
                        _("Line %(line)s: %(message)s") % {"line": e.line, "message": e.message}
                        for e in exc.errors
                    ],
                    "lines": [{"line": e.line, "message": e.message} for e in exc.errors],
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(PlayerSerializer(players, many=True).data, status=status.HTTP_201_CREATED)


# Rounds, tables and seats -------------------------------------------------------------------


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


class RoundList(generics.ListCreateAPIView):
    serializer_class = RoundSerializer
    permission_classes = [EventScoped]

    def get_queryset(self):
        return self.event.rounds.annotate(table_count=Count("tables"))

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        data.pop("status", None)
        data.pop("reason", None)
        round_ = _save(round_services.create_round, self.event, **data)
        round_.table_count = 0
        serializer.instance = round_


class RoundDetail(generics.RetrieveUpdateAPIView):
    serializer_class = RoundSerializer
    permission_classes = [EventScoped]

    def get_object(self):
        return get_object_or_404(
            self.event.rounds.annotate(table_count=Count("tables")), number=self.kwargs["number"]
        )

    def perform_update(self, serializer):
        changes = dict(serializer.validated_data)
        if "number" in changes and changes["number"] != serializer.instance.number:
            raise as_drf_error(DjangoValidationError({"number": [_("A round keeps its number.")]}))
        changes.pop("number", None)
        serializer.instance = _save(
            round_services.update_round, serializer.instance, by=self.request.user, **changes
        )


class RoundSeating(APIView):
    """Replace a round's whole seating at once (the director's hand seating)."""

    permission_classes = [EventScoped]

    @extend_schema(request=RoundSeatingSerializer, responses={200: TableSerializer(many=True)})
    def put(self, request, event, number):
        serializer = RoundSeatingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = _round(self.event, number)
        _save(seat_services.seat_round, round_, serializer.validated_data["tables"])
        tables = round_.tables.prefetch_related("seats__player")
        return Response(TableSerializer(tables, many=True).data)


class TableList(generics.ListCreateAPIView):
    serializer_class = TableSerializer
    permission_classes = [EventScoped]

    def get_queryset(self):
        return _round(self.event, self.kwargs["number"]).tables.prefetch_related("seats__player")

    def perform_create(self, serializer):
        round_ = _round(self.event, self.kwargs["number"])
        serializer.instance = _save(seat_services.create_table, round_, **serializer.validated_data)


class TableDetail(generics.RetrieveAPIView):
    serializer_class = TableSerializer
    permission_classes = [EventScoped]

    def get_object(self):
        return get_object_or_404(
            Table.objects.prefetch_related("seats__player"),
            round__event=self.event,
            round__number=self.kwargs["number"],
            number=self.kwargs["table"],
        )


class TableSeats(APIView):
    """Replace the seating of one table: ``{"E": id, "S": id, "W": id, "N": id}``."""

    permission_classes = [EventScoped]

    @extend_schema(request=TableSeatsSerializer, responses={200: TableSerializer})
    def put(self, request, event, number, table):
        table_obj = get_object_or_404(
            Table, round__event=self.event, round__number=number, number=table
        )
        serializer = TableSeatsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        _save(seat_services.seat_table, table_obj, serializer.validated_data)
        table_obj = Table.objects.prefetch_related("seats__player").get(pk=table_obj.pk)
        return Response(TableSerializer(table_obj).data)


# Seating ------------------------------------------------------------------------------------


class SeatingView(APIView):
    """Generate a seating draft for some rounds (POST) or read the latest draft and its quality
    report (GET). Reads need the event's director, like every seating write."""

    permission_classes = [EventScoped]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not is_director(request.user, self.event):
            raise PermissionDenied(_("Only the event's director seats the event."))

    @extend_schema(responses={200: SeatingDraftSerializer})
    def get(self, request, event):
        draft = get_object_or_404(self.event.seating_drafts.all()[:1])
        return Response(SeatingDraftSerializer(draft).data)

    @extend_schema(request=SeatingRequestSerializer, responses={201: SeatingDraftSerializer})
    def post(self, request, event):
        from django.db import transaction

        from tournament import seating_service
        from tournament.tasks import generate_seating

        incoming = SeatingRequestSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = dict(incoming.validated_data)
        with transaction.atomic():
            draft = _save(
                seating_service.start_draft,
                self.event,
                request.user,
                first_round=data.pop("first_round"),
                rounds=data.pop("rounds"),
                **data,
            )
            transaction.on_commit(lambda: generate_seating.delay(draft.pk))
        draft.refresh_from_db()
        return Response(SeatingDraftSerializer(draft).data, status=status.HTTP_201_CREATED)


class SeatingDraftAction(APIView):
    permission_classes = [EventScoped]
    action = ""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not is_director(request.user, self.event):
            raise PermissionDenied(_("Only the event's director seats the event."))

    def draft(self, pk):
        return get_object_or_404(self.event.seating_drafts.all(), pk=pk)


class SeatingSwap(SeatingDraftAction):
    @extend_schema(request=SeatingSwapSerializer, responses={200: SeatingDraftSerializer})
    def post(self, request, event, pk):
        from tournament import seating_service

        incoming = SeatingSwapSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        draft = _save(seating_service.swap, self.draft(pk), data["round"], data["a"], data["b"])
        return Response(SeatingDraftSerializer(draft).data)


class SeatingPublish(SeatingDraftAction):
    @extend_schema(request=None, responses={200: SeatingDraftSerializer})
    def post(self, request, event, pk):
        from tournament import seating_service

        draft = self.draft(pk)
        _save(seating_service.publish, draft)
        draft.refresh_from_db()
        return Response(SeatingDraftSerializer(draft).data)
