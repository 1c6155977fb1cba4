"""REST API of an event's players: the list, one player, and importing a file of players."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import EventScoped
from tournament.collation import by_name
from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.players.serializers import (
    PlayerCsvSerializer,
    PlayerImportPreviewSerializer,
    PlayerSerializer,
)
from tournament.players.services import importing as player_import


class PlayerList(generics.ListCreateAPIView):
    """The event's players by name, in the order of the request's language (``Accept-Language``:
    in Czech "Ch" after "H", in Finnish "Ä" after "Z"); pages of ``limit`` from ``offset`` in
    that order."""

    serializer_class = PlayerSerializer
    permission_classes = [EventScoped]

    def get_queryset(self):
        return self.event.players.all()

    def filter_queryset(self, queryset):
        # The whole list (an event's players, a page of at most 1000), then the page.
        return by_name(super().filter_queryset(queryset))

    def perform_create(self, serializer):
        data = {
            k: str(v)
            for k, v in serializer.validated_data.items()
            if k not in ("status", "team_id")
        }
        data["team"] = serializer.validated_data.get("team_id")
        serializer.instance = player_services.add_player(self.event, **data)


class PlayerDetail(generics.RetrieveUpdateAPIView):
    serializer_class = PlayerSerializer
    permission_classes = [EventScoped]

    def get_object(self):
        return get_object_or_404(Player, event=self.event, pk=self.kwargs["pk"])

    def perform_update(self, serializer):
        changes = {k: str(v) for k, v in serializer.validated_data.items() if k != "team_id"}
        if "team_id" in serializer.validated_data:
            changes["team"] = serializer.validated_data["team_id"]
        serializer.instance = player_services.update_player(serializer.instance, **changes)


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
            players = player_import.import_players(
                self.event, data, filename=name, encoding=encoding
            )
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
