"""REST API of the standings snapshot: a page of rows, or one player's, with an ETag. Reads
follow the event's visibility and never recompute."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.standings.models import StandingsSnapshot
from scoring.standings.serializers import (
    StandingsSerializer,
)
from scoring.standings.snapshot import decoded_rows, expand_rounds
from tournament.access.api import EventStaffWrites

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
