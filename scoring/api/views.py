"""REST API: table results (entry, corrections, confirmation) and the standings snapshot.

Reads follow the event's visibility; writes go through ``scoring.services``, which checks the
roles (director, head referee, scorekeeper, floor referees when allowed).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView


from scoring.services import results as result_services
from scoring.api.serializers import (
    ConfirmInSerializer,
    ConflictSerializer,
    ResultInSerializer,
    ResultVersionSerializer,
    StandingsSerializer,
    TableResultSerializer,
)
from scoring.models import StandingsSnapshot
from scoring.snapshot import decoded_rows, expand_rounds
from tournament.api.permissions import EventStaffWrites, as_drf_error
from tournament.models import Table


def _call(function, *args, **kwargs):
    try:
        return function(*args, **kwargs), None
    except DjangoValidationError as exc:
        raise as_drf_error(exc) from exc
    except DjangoPermissionDenied as exc:
        raise PermissionDenied(str(exc) or None) from exc
    except result_services.ResultConflict as exc:
        return None, Response(
            {"detail": exc.message, "current_version": exc.current_version},
            status=status.HTTP_409_CONFLICT,
        )


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
        result, conflict = _call(
            result_services.enter_result,
            table_obj,
            request.user,
            data["scores"],
            based_on_version=data.get("based_on_version"),
            reason=data.get("reason", ""),
            idempotency_key=data.get("idempotency_key", ""),
        )
        if conflict:
            return conflict
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
        result, conflict = _call(
            result_services.confirm_result, table_obj, request.user, serializer.validated_data["version"]
        )
        if conflict:
            return conflict
        result = next(v for v in result_services.result_versions(table_obj) if v.pk == result.pk)
        return Response(ResultVersionSerializer(result).data)


PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000
# Far above any event, far below what a database integer or a slice index overflows on.
MAX_QUERY_INTEGER = 10**9


def _query_int(request, name: str, default: int | None, low: int, high: int) -> int | None:
    """A bounded integer query parameter: a clear 400 for anything else."""
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ValidationError(
            {name: [_("A whole number from %(low)s to %(high)s.") % {"low": low, "high": high}]}
        )
    return value


class StandingsView(APIView):
    """The event's standings as last computed; ``current`` is false while they are updating.

    Rows come a page at a time (``page``, ``page_size`` up to 1000; 100 by default), or for one
    player (``player``, an id). The answer carries an ETag: a client that sends it back in
    If-None-Match gets 304 until the standings or the event change."""

    permission_classes = [EventStaffWrites]

    @extend_schema(
        parameters=[
            OpenApiParameter("page", int, description="Page number, from 1."),
            OpenApiParameter(
                "page_size", int, description=f"Rows per page (1 to {MAX_PAGE_SIZE})."
            ),
            OpenApiParameter("player", int, description="Only this player's row."),
        ],
        responses={200: StandingsSerializer, 304: OpenApiResponse(description="Not modified.")},
    )
    def get(self, request, event):
        event_obj = self.event
        page = _query_int(request, "page", 1, 1, MAX_QUERY_INTEGER)
        size = _query_int(request, "page_size", PAGE_SIZE, 1, MAX_PAGE_SIZE)
        player = _query_int(request, "player", None, 1, MAX_QUERY_INTEGER)
        snapshot = StandingsSnapshot.objects.filter(event=event_obj).defer(
            "packed"
        ).first() or StandingsSnapshot(event=event_obj, revision=-1)
        computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
        etag = (
            f'"api-standings-{snapshot.revision}-{computed}-{event_obj.revision}-'
            f'{page}-{size}-{player or 0}"'
        )
        if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        rows, by_player, _ranked = (
            decoded_rows(event_obj, snapshot) if snapshot.revision >= 0 else ([], {}, 0)
        )
        if player is not None:
            selected = [by_player[player]] if player in by_player else []
            count, page, pages = len(selected), 1, 1
        else:
            count = len(rows)
            pages = max(1, -(-count // size))
            selected = rows[(page - 1) * size : page * size]
        body = {
            "event": event_obj.slug,
            "ruleset": event_obj.ruleset,
            "method": snapshot.method,
            "revision": snapshot.revision,
            "event_revision": event_obj.revision,
            "current": snapshot.revision >= event_obj.revision,
            "computed_at": snapshot.computed_at,
            "count": count,
            "page": page,
            "page_size": size,
            "pages": pages,
            "rows": [
                {
                    **{
                        k: v
                        for k, v in row.items()
                        if k not in ("player", "name", "rounds", "history")
                    },
                    "player": {"id": row["player"], "name": row["name"]},
                    "rounds": expand_rounds(row["rounds"]),
                    "history": [{"round": r, "place": p} for r, p in row["history"]],
                }
                for row in selected
            ],
        }
        return Response(body, headers={"ETag": etag, "Cache-Control": "no-cache"})
