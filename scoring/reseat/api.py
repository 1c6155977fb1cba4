"""REST API of seat corrections: the corrections of a table, and a new one (or its dry run).
Writes go through ``scoring.reseat.services``, which checks who may (the director; the head
referee in a live round)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.reseat import services
from scoring.reseat.serializers import (
    SeatCorrectionInSerializer,
    SeatCorrectionPlanSerializer,
    SeatCorrectionSerializer,
    plan_data,
)
from tournament.access.api import EventStaffWrites
from tournament.rounds.models import Table


class SeatCorrectionsView(APIView):
    """A table's seat corrections after play."""

    permission_classes = [EventStaffWrites]

    def table(self, number: int, table: int) -> Table:
        return get_object_or_404(
            Table.objects.select_related("round__event"),
            round__event=self.event,
            round__number=number,
            number=table,
        )

    @extend_schema(responses={200: SeatCorrectionSerializer(many=True)})
    def get(self, request, event, number, table):
        corrections = services.corrections_of(self.table(number, table))
        return Response(SeatCorrectionSerializer(corrections, many=True).data)

    @extend_schema(
        request=SeatCorrectionInSerializer,
        responses={
            201: SeatCorrectionSerializer,
            200: OpenApiResponse(
                SeatCorrectionPlanSerializer,
                description="With dry_run: what the correction would do. Without: the "
                "correction stored under this idempotency key before (a resend).",
            ),
            400: OpenApiResponse(description="Invalid seats or reason (nothing written)."),
            403: OpenApiResponse(
                description="Only the director, or the head referee in a "
                "live round, corrects seats."
            ),
            409: OpenApiResponse(
                description="The round is closed (the director reopens it "
                "first), the seats changed meanwhile, or the key "
                "was used for another correction."
            ),
        },
        description=(
            "Correct the seats after hands were played: two players who sat in each other's "
            "seats (swap) or the four winds as the players really sat (seats), with a reason. "
            "One correction re-seats every hand of the table's sheet (new versions carrying "
            "their confirmations and disputes; the payments are computed again at the real "
            "seats), voids and records again each foul report the corrected seats price "
            "differently, writes the table's next result version, recomputes the standings "
            "and tells the four players. Nothing recorded is rewritten."
        ),
    )
    def post(self, request, event, number, table):
        table_obj = self.table(number, table)
        serializer = SeatCorrectionInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        choice = {"seats": data.get("seats"), "swap": data.get("swap")}
        if data["dry_run"]:
            plan = services.plan_correction(table_obj, request.user, **choice)
            return Response(plan_data(plan))
        correction, created = services.correct_seats(
            table_obj,
            request.user,
            reason=data.get("reason", ""),
            idempotency_key=data.get("idempotency_key", ""),
            based_on=data.get("based_on"),
            **choice,
        )
        return Response(
            SeatCorrectionSerializer(correction).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
