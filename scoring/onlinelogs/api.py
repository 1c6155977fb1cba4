"""REST API for online game logs: a player's online names, a log imported into a table's
sheet, a round's logs matched to their tables and imported once confirmed.

A log is sent as a file (multipart ``file``), as its text (``content``) or as a tenhou.net
id or link (``log``). Answers: 400 a log we cannot read, of other players, of another table,
with seats other than the seating, or that our rules do not reproduce (the message names the
hand); 403 not allowed; 409 the sheet holds hands the log does not (the first differing hand
named) or the log is imported at another table; 413 a body too large for game logs; 502
tenhou.net did not give the log. Nothing is stored unless the answer is 200 or 201."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.onlinelogs.parse import MAX_LOG_BYTES
from scoring.onlinelogs import services
from scoring.onlinelogs.reading import GivenLog, read_log
from scoring.onlinelogs.reading.fetch import FetchFailed
from scoring.onlinelogs.reading.names import online_names
from scoring.onlinelogs.services.names import set_online_names
from scoring.sheets.entry.api import PlayerPinAuthentication, SheetWrites, request_author
from tournament.access.api import EventScoped
from tournament.players.models import Player
from tournament.rounds.models import Round, Table

MAX_LOGS = 16
BODY_LIMIT = MAX_LOG_BYTES + 65536


class OnlineNamesSerializer(serializers.Serializer):
    tenhou = serializers.CharField(
        required=False, allow_blank=True, max_length=200, help_text="The tenhou.net name."
    )
    majsoul = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=200,
        help_text="The Mahjong Soul nickname, or the account id where two players share one.",
    )


class LogInSerializer(serializers.Serializer):
    log = serializers.CharField(
        required=False, allow_blank=True, max_length=500, help_text="A tenhou.net log id or link."
    )
    content = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_LOG_BYTES,
        trim_whitespace=False,
        help_text="The log's text: mjlog XML or tenhou.net/6 JSON.",
    )
    file = serializers.FileField(required=False, help_text="The log as a file (multipart).")
    filename = serializers.CharField(
        required=False, allow_blank=True, max_length=200, help_text="Names an mjlog's id."
    )


class ImportedSerializer(serializers.Serializer):
    platform = serializers.CharField()
    log_id = serializers.CharField()
    table = serializers.IntegerField()
    hands_added = serializers.IntegerField()
    created = serializers.BooleanField(help_text="False: the log was imported before.")


class DisagreesSerializer(serializers.Serializer):
    detail = serializers.CharField()
    hand = serializers.IntegerField(allow_null=True, help_text="The first differing hand.")
    sheet_hand = serializers.JSONField(allow_null=True)
    log_hand = serializers.JSONField(allow_null=True)


class RoundLogsInSerializer(serializers.Serializer):
    logs = LogInSerializer(many=True)
    confirm = serializers.BooleanField(
        default=False, help_text="False: only propose where each log goes; true: import."
    )


class ProposalSerializer(serializers.Serializer):
    platform = serializers.CharField()
    log_id = serializers.CharField()
    names = serializers.ListField(child=serializers.CharField())
    players = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    table = serializers.IntegerField(allow_null=True)
    new_table = serializers.BooleanField()
    reseat = serializers.BooleanField(help_text="The table is seated again as the log says.")
    hands = serializers.IntegerField()
    problem = serializers.CharField(help_text="Why the log cannot be imported; empty: ready.")


ANSWERS = {
    400: OpenApiResponse(description="A log we cannot take; the message says why."),
    403: OpenApiResponse(description="Not allowed."),
    409: DisagreesSerializer,
    413: OpenApiResponse(description="Too large for game logs."),
    502: OpenApiResponse(description="tenhou.net did not give the log."),
}


def _too_large(request, limit: int) -> Response | None:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        return Response(
            {"detail": _("The file is too large for a game log (at most 2 MB).")},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    return None


def _given(data: dict) -> GivenLog:
    upload = data.get("file")
    if upload is not None:
        if upload.size > MAX_LOG_BYTES:
            raise serializers.ValidationError(
                {"log": [_("The file is too large for a game log (at most 2 MB).")]}
            )
        return GivenLog(content=upload.read(), filename=upload.name or "")
    content = data.get("content") or ""
    return GivenLog(
        content=content.encode(), text=data.get("log") or "", filename=data.get("filename") or ""
    )


def _run(call, *args, **kwargs):
    """A service call whose fetch from tenhou.net may fail: a 502 with the reason (the other
    refusals are answered as everywhere, ``tournament.access.api.exception_handler``)."""
    try:
        return call(*args, **kwargs), None
    except FetchFailed as exc:
        return None, Response({"detail": exc.message}, status=status.HTTP_502_BAD_GATEWAY)


class OnlineLogsBase(APIView):
    authentication_classes = [PlayerPinAuthentication, *APIView.authentication_classes]
    permission_classes = [SheetWrites]
    parser_classes = [JSONParser, MultiPartParser, FormParser]


class OnlineNamesView(OnlineLogsBase):
    """A player's names on the online platforms."""

    def player(self, player_id: int) -> Player:
        return get_object_or_404(Player, event=self.event, pk=player_id)

    @extend_schema(responses={200: OnlineNamesSerializer})
    def get(self, request, event, player):
        return Response(online_names(self.player(player)))

    @extend_schema(
        request=OnlineNamesSerializer,
        responses={200: OnlineNamesSerializer, 400: ANSWERS[400], 403: ANSWERS[403]},
        description="Set the player's online names (an empty name removes it): the director, "
        "or the player signed in with their PIN.",
    )
    def put(self, request, event, player):
        target = self.player(player)
        serializer = OnlineNamesSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        author = request_author(request)
        names, _answer = _run(
            set_online_names,
            target,
            serializer.validated_data,
            user=author.user,
            as_player=author.player,
        )
        return Response(names)


class TableLogView(OnlineLogsBase):
    @extend_schema(
        request={"application/json": LogInSerializer, "multipart/form-data": LogInSerializer},
        responses={201: ImportedSerializer, 200: ImportedSerializer, **ANSWERS},
        description="Import a game log into the table's sheet: 201 with the hands it added, "
        "200 when the log was imported before (nothing new is stored).",
    )
    def post(self, request, event, number, table):
        if (refused := _too_large(request, BODY_LIMIT)) is not None:
            return refused
        target = get_object_or_404(
            Table.objects.select_related("round"),
            round__event=self.event,
            round__number=number,
            number=table,
        )
        target.round.event = self.event
        serializer = LogInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        done, answer = _run(
            services.import_table_log,
            target,
            _given(serializer.validated_data),
            author=request_author(request),
        )
        if answer is not None:
            return answer
        return Response(
            {
                "platform": done.record.platform,
                "log_id": done.record.log_id,
                "table": target.number,
                "hands_added": done.added,
                "created": done.created,
            },
            status=status.HTTP_201_CREATED if done.created else status.HTTP_200_OK,
        )


def _proposal(proposal: services.Proposal) -> dict:
    log = proposal.read.log
    return {
        "platform": log.platform,
        "log_id": proposal.read.log_id,
        "names": list(log.names),
        "players": [p.pk if p else None for p in proposal.players],
        "table": proposal.table.number if proposal.table else proposal.new_number,
        "new_table": proposal.table is None and proposal.new_number is not None,
        "reseat": proposal.reseat,
        "hands": proposal.hands,
        "problem": proposal.problem,
    }


class RoundLogsView(OnlineLogsBase):
    permission_classes = [EventScoped]

    @extend_schema(
        request=RoundLogsInSerializer,
        responses={
            200: ProposalSerializer(many=True),
            201: ImportedSerializer(many=True),
            **ANSWERS,
        },
        description="The director gives a round's logs: without confirm, where each goes "
        "(its table by its players' online names, a new table, or a table seated again as the "
        "log says); with confirm, every log is imported as proposed, all or nothing.",
    )
    def post(self, request, event, number):
        if (refused := _too_large(request, MAX_LOGS * BODY_LIMIT)) is not None:
            return refused
        round_ = get_object_or_404(Round, event=self.event, number=number)
        round_.event = self.event
        serializer = RoundLogsInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        items = serializer.validated_data["logs"]
        if not items or len(items) > MAX_LOGS:
            raise serializers.ValidationError(
                {
                    "logs": [
                        ngettext(
                            "Give from 1 to %(count)d log.",
                            "Give from 1 to %(count)d logs.",
                            MAX_LOGS,
                        )
                        % {"count": MAX_LOGS}
                    ]
                }
            )
        reads = []
        for item in items:
            read, answer = _run(read_log, _given(item))
            if answer is not None:
                return answer
            reads.append(read)
        user = request.user if request.user.is_authenticated else None
        if not serializer.validated_data["confirm"]:
            proposals, _answer = _run(services.propose_round, round_, reads, user=user)
            return Response([_proposal(p) for p in proposals])
        done, answer = _run(services.import_round, round_, reads, user=user)
        if answer is not None:
            return answer
        return Response(
            [
                {
                    "platform": d.record.platform,
                    "log_id": d.record.log_id,
                    "table": d.record.table.number,
                    "hands_added": d.added,
                    "created": d.created,
                }
                for d in done
            ],
            status=status.HTTP_201_CREATED,
        )
