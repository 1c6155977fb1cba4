"""Foul reports, voids, the ledger and disciplinary records over REST.

Reads follow the event's visibility. A report's public explanation is for everybody who may
read the event; its private note for the staff only (director, referees, scorekeepers); the
audit trail (device, idempotency key) for the director and the head referee only. Writes go
through ``penalties.services``.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.views import APIView

from penalties import services
from penalties.api.serializers import (
    DisciplineSerializer,
    FoulCreateSerializer,
    FoulReportAuditSerializer,
    FoulReportSerializer,
    FoulReportStaffSerializer,
    LedgerEntrySerializer,
    PreviewSerializer,
    RulesetSerializer,
    VoidCreateSerializer,
)
from penalties.models import FoulReport, LedgerEntry
from penalties.wording import foul_description, points_unit
from rules import CATALOGUE, RULESETS, RuleError, details_json_schema, get_ruleset
from tournament.access.api import EventScoped, EventStaffWrites, as_drf_error
from tournament.access.params import bounded_int
from tournament.access.roles import is_director, is_head_referee, is_staff_of
from tournament.collation import by_name


class FoulRecorders(EventStaffWrites):
    """Reads follow the event's visibility; writes need a referee of the event or its director
    (checked before the body is read, so a stranger learns nothing from validation errors)."""

    def has_permission(self, request, view) -> bool:
        if not super().has_permission(request, view):
            return False
        if request.method not in SAFE_METHODS:
            services.check_recorder(view.event, request.user)
        return True


class Voiders(EventStaffWrites):
    def has_permission(self, request, view) -> bool:
        if not super().has_permission(request, view):
            return False
        services.check_voider(view.event, request.user)
        return True


def _sees_audit(request, event) -> bool:
    return is_director(request.user, event) or is_head_referee(request.user, event)


def report_serializer(request, event):
    """The audit trail for the director and the head referee; the private note for every
    staff member; the public explanation only for everybody else."""
    if _sees_audit(request, event):
        return FoulReportAuditSerializer
    if is_staff_of(request.user, event):
        return FoulReportStaffSerializer
    return FoulReportSerializer


def _user_agent(request) -> str:
    return request.META.get("HTTP_USER_AGENT", "")


def reports_queryset(event):
    entries = LedgerEntry.objects.select_related(
        "round", "table", "player", "counterpart", "created_by", "reversed_by"
    )
    return (
        FoulReport.objects.filter(event=event)
        .select_related(
            "round", "table", "offender", "referee", "void__voided_by", "replaces", "replaced_by"
        )
        .prefetch_related("co_offenders", Prefetch("entries", queryset=entries))
    )


WHO_SEES_WHAT = (
    "Anybody who may read the event gets the public `explanation`; the event's staff "
    "(director, referees, scorekeepers) also get the private `note`, and the director and the "
    "head referee the audit fields (`user_agent`, `idempotency_key`)."
)


def _int_param(request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value in (None, ""):
        return None
    number = bounded_int(value.strip())
    if number is None:
        raise as_drf_error(DjangoValidationError({name: ["A whole number is expected."]}))
    return number


FILTERS = [
    OpenApiParameter("round", OpenApiTypes.INT, description="Round number"),
    OpenApiParameter("table", OpenApiTypes.INT, description="Table number"),
    OpenApiParameter("player", OpenApiTypes.INT, description="Player id"),
]


class FoulList(generics.GenericAPIView):
    permission_classes = [FoulRecorders]
    serializer_class = FoulReportSerializer

    def get_serializer_class(self):
        if getattr(self, "event", None) is not None:
            return report_serializer(self.request, self.event)
        return FoulReportSerializer

    @extend_schema(
        parameters=[*FILTERS, OpenApiParameter("code", OpenApiTypes.STR, description="Foul code")],
        responses=FoulReportSerializer(many=True),
        description=WHO_SEES_WHAT,
    )
    def get(self, request, event):
        reports = reports_queryset(self.event).order_by("-created_at", "-pk")
        if (n := _int_param(request, "round")) is not None:
            reports = reports.filter(round__number=n)
        if (n := _int_param(request, "table")) is not None:
            reports = reports.filter(table__number=n)
        if (n := _int_param(request, "player")) is not None:
            reports = reports.filter(Q(offender_id=n) | Q(co_offenders=n)).distinct()
        if code := request.query_params.get("code"):
            reports = reports.filter(code=code)
        page = self.paginate_queryset(reports)
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @extend_schema(
        request=FoulCreateSerializer,
        responses={201: FoulReportAuditSerializer, 200: FoulReportAuditSerializer},
        description="Record a foul. A replay with the same idempotency key returns the first "
        "report with status 200 and writes nothing.",
    )
    def post(self, request, event):
        incoming = FoulCreateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = services.FoulInput(**incoming.validated_data)
        report, created = services.record_foul(
            self.event, request.user, data, user_agent=_user_agent(request)
        )
        report = reports_queryset(self.event).get(pk=report.pk)
        return Response(
            FoulReportAuditSerializer(report).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class FoulPreview(APIView):
    """What a report would cost, for the referee to read out before saving. Writes nothing."""

    permission_classes = [FoulRecorders]

    @extend_schema(request=FoulCreateSerializer, responses=PreviewSerializer)
    def post(self, request, event):
        if not isinstance(request.data, dict):
            raise ValidationError({"non_field_errors": ["Send the report as a JSON object."]})
        data = dict(request.data.items())
        data.setdefault("idempotency_key", "preview")
        incoming = FoulCreateSerializer(data=data)
        incoming.is_valid(raise_exception=True)
        checked = services.check_foul(
            self.event,
            request.user,
            services.FoulInput(**incoming.validated_data),
        )
        return Response(
            {
                "description": checked.description,
                "entries": [
                    {
                        "player": line.player,
                        "kind": line.kind,
                        "points": line.points,
                        "scope": line.scope,
                        "counterpart": line.counterpart,
                        "detail": line.detail,
                    }
                    for line in checked.lines
                ],
            }
        )


class FoulDetail(generics.GenericAPIView):
    permission_classes = [EventScoped]
    serializer_class = FoulReportSerializer

    @extend_schema(responses=FoulReportSerializer, description=WHO_SEES_WHAT)
    def get(self, request, event, pk):
        report = get_object_or_404(reports_queryset(self.event), pk=pk)
        return Response(report_serializer(request, self.event)(report).data)


class FoulVoid(APIView):
    permission_classes = [Voiders]

    @extend_schema(request=VoidCreateSerializer, responses={201: FoulReportAuditSerializer})
    def post(self, request, event, pk):
        report = get_object_or_404(FoulReport, event=self.event, pk=pk)
        incoming = VoidCreateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        services.void_report(
            report,
            request.user,
            incoming.validated_data["reason"],
            user_agent=_user_agent(request),
        )
        report = reports_queryset(self.event).get(pk=report.pk)
        return Response(FoulReportAuditSerializer(report).data, status=status.HTTP_201_CREATED)


class Ledger(generics.GenericAPIView):
    permission_classes = [EventScoped]
    serializer_class = LedgerEntrySerializer

    @extend_schema(
        parameters=[*FILTERS, OpenApiParameter("kind", OpenApiTypes.STR)],
        responses=LedgerEntrySerializer(many=True),
    )
    def get(self, request, event):
        entries = LedgerEntry.objects.filter(event=self.event).select_related(
            "round", "table", "player", "counterpart", "created_by", "reversed_by"
        )
        if (n := _int_param(request, "round")) is not None:
            entries = entries.filter(round__number=n)
        if (n := _int_param(request, "table")) is not None:
            entries = entries.filter(table__number=n)
        if (n := _int_param(request, "player")) is not None:
            entries = entries.filter(Q(player_id=n) | Q(counterpart_id=n))
        if kind := request.query_params.get("kind"):
            entries = entries.filter(kind=kind)
        page = self.paginate_queryset(entries.order_by("pk"))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


class DisciplineList(generics.GenericAPIView):
    """Per player: warnings, dead hands, penalty tiles and points that stand (voids applied)."""

    permission_classes = [EventScoped]
    serializer_class = DisciplineSerializer
    pagination_class = None

    @extend_schema(responses=DisciplineSerializer(many=True))
    def get(self, request, event, pk=None):
        players = self.event.players.all()
        if pk is not None:
            players = players.filter(pk=pk)
            get_object_or_404(players)
        record = services.discipline(self.event, pk)
        rows = []
        for player in by_name(players):
            row = record.get(player.pk) or services.Discipline(player.pk)
            row.player_name = player.name
            rows.append(row)
        return Response(DisciplineSerializer(rows, many=True).data)


class RulesetList(APIView):
    """The six rulesets with their foul codes, details schemas and option schemas."""

    permission_classes = []

    @extend_schema(responses=RulesetSerializer(many=True), operation_id="rulesets_list")
    def get(self, request, key=None):
        keys = [key] if key else list(RULESETS)
        try:
            rulesets = [get_ruleset(k) for k in keys]
        except RuleError:
            return Response({"ruleset": ["Unknown ruleset."]}, status=status.HTTP_404_NOT_FOUND)
        body = [
            {
                "key": r.key,
                "name": r.name,
                "version": r.version,
                "default_options": r.default_options,
                "options_schema": r.options_json_schema(),
                "points_unit": points_unit(r),
                "fouls": [
                    {
                        "code": code,
                        "label": CATALOGUE[code].label,
                        "description": foul_description(code, r),
                        "details_schema": details_json_schema(code),
                    }
                    for code in r.codes
                ],
            }
            for r in rulesets
        ]
        return Response(body[0] if key else body)


class RulesetDetail(RulesetList):
    @extend_schema(responses=RulesetSerializer, operation_id="rulesets_retrieve")
    def get(self, request, key=None):
        return super().get(request, key)
