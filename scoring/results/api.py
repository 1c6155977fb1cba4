"""REST API of table results: entry, corrections (a new version, never an edit) and
confirmation. Writes go through ``scoring.results.services``, which checks the roles (director,
head referee, scorekeeper, floor referees when allowed).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.results import services as result_services
from scoring.results.serializers import (
    ConfirmInSerializer,
    ConflictSerializer,
    ResultInSerializer,
    ResultVersionSerializer,
    TableResultSerializer,
)
from tournament.access.api import EventStaffWrites
from tournament.rounds.models import Table


class _TableView(APIView):
    permission_classes = [EventStaffWrites]

    def table(self, request, event: str, number: int, table: int) -> Table:
        return get_object_or_404(
            Table.objects.select_related("round__event"),
            round__event=self.event,
            round__number=number,
            number=table,
        )

    def body(self, table: Table) -> dict:
        versions = result_services.result_versions(table)
        counting = next((v.version for v in versions if v.counts), None)
        return TableResultSerializer(
            {
                "round": table.round.number,
                "table": table.number,
                "latest_version": versions[0].version if versions else None,
                "counting_version": counting,
                "current": versions[0] if versions else None,
                "versions": versions,
            }
        ).data


_WRITE_RESPONSES = {
    400: OpenApiResponse(description="Invalid scores (the message shows the difference)."),
    403: OpenApiResponse(description="Not allowed to enter results for this table."),
    409: ConflictSerializer,
}


class TableResultView(_TableView):
    """A table's result: the latest version, which one counts, and every version."""

    @extend_schema(responses={200: TableResultSerializer})
    def get(self, request, event, number, table):
        return Response(self.body(self.table(request, event, number, table)))

    @extend_schema(
        request=ResultInSerializer,
        responses={201: ResultVersionSerializer, **_WRITE_RESPONSES},
        description=(
            "Enter the result or a correction: a new version, never an edit. Send "
            "based_on_version = the latest version you saw; a stale one gives 409."
        ),
    )
    def post(self, request, event, number, table):
        table_obj = self.table(request, event, number, table)
        serializer = ResultInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = result_services.enter_result(
            table_obj,
            request.user,
            data["scores"],
            based_on_version=data.get("based_on_version"),
            reason=data.get("reason", ""),
            idempotency_key=data.get("idempotency_key", ""),
        )
        replayed = getattr(result, "replayed", False)
        result = next(v for v in result_services.result_versions(table_obj) if v.pk == result.pk)
        return Response(
            ResultVersionSerializer(result).data,
            status=status.HTTP_200_OK if replayed else status.HTTP_201_CREATED,
        )


class TableResultConfirmView(_TableView):
    @extend_schema(
        request=ConfirmInSerializer,
        responses={200: ResultVersionSerializer, **_WRITE_RESPONSES},
        description="A second person confirms the latest version; from then on it counts.",
    )
    def post(self, request, event, number, table):
        table_obj = self.table(request, event, number, table)
        serializer = ConfirmInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = result_services.confirm_result(
            table_obj,
            request.user,
            serializer.validated_data["version"],
        )
        result = next(v for v in result_services.result_versions(table_obj) if v.pk == result.pk)
        return Response(ResultVersionSerializer(result).data)
