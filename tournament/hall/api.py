"""REST API of a table's extra time: its extensions and its own end, and a new extension.
Writes go through ``tournament.hall.services.extend_table``, which checks who may (the
director and the head referee) and when (a live round)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import EventStaffWrites
from tournament.hall import services
from tournament.hall.serializers import (
    TableExtensionInSerializer,
    TableExtensionSerializer,
    TableTimeSerializer,
)
from tournament.rounds.models import Table
from tournament.rounds.reading import tabletimes


def table_time(table: Table) -> dict:
    """The table's extensions, its extra minutes, its own end and the round's end."""
    times = tabletimes.round_times(table.round, timezone.now())
    extensions = [e for e in tabletimes.extensions_of(table.round) if e.table_id == table.pk]
    return {
        "table": table.number,
        "extra_minutes": times.extra.get(table.number, 0),
        "ends_at": times.tables[table.number].ends_at,
        "round_ends_at": times.ends.ends_at,
        "extensions": extensions,
    }


class TableExtensionsView(APIView):
    """A table's extra time."""

    permission_classes = [EventStaffWrites]

    def table(self, number: int, table: int) -> Table:
        return get_object_or_404(
            Table.objects.select_related("round__event"),
            round__event=self.event,
            round__number=number,
            number=table,
        )

    @extend_schema(
        responses={200: TableTimeSerializer},
        description="The table's extensions (append-only), its extra minutes, its own end "
        "and the round's end (when its last table ends), in the event's time zone.",
    )
    def get(self, request, event, number, table):
        return Response(TableTimeSerializer(table_time(self.table(number, table))).data)

    @extend_schema(
        request=TableExtensionInSerializer,
        responses={
            201: TableExtensionSerializer,
            200: OpenApiResponse(
                TableExtensionSerializer,
                description="The extension stored under this idempotency key before (a resend).",
            ),
            400: OpenApiResponse(
                description="Minutes not 1 to 120 (or beyond 240 in all at the table), no "
                "reason, or no idempotency key (nothing written)."
            ),
            403: OpenApiResponse(
                description="Only the director or the head referee gives a table extra time."
            ),
            409: OpenApiResponse(
                description="The round is not live (closed, or not started), or the key was "
                "used for another extension."
            ),
        },
        description=(
            "Give one table minutes more on its clock, with a reason (a ruling stopped it): "
            "recorded append-only; the table's clock on the round board, the projector, its "
            "page and its players' pages ends that much later, and the round's end waits for "
            "its last table."
        ),
    )
    def post(self, request, event, number, table):
        table_obj = self.table(number, table)
        serializer = TableExtensionInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        extension, created = services.extend_table(
            table_obj,
            request.user,
            minutes=data["minutes"],
            reason=data["reason"],
            idempotency_key=data["idempotency_key"],
        )
        return Response(
            TableExtensionSerializer(extension).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
