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
from scoring.standings.reading.ranking import Placed, current_ranking
from scoring.standings.reading.snapshot import decoded_rows, expand_rounds
from scoring.standings.serializers import (
    StandingsSerializer,
)
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


def _place_fields(row: dict, placed: Placed | None, by_ranking: bool) -> dict:
    """The row's place fields: ``place`` from the current ranking when the rows follow it."""
    return {
        "overall_place": row["place"],
        "place": (placed.place if placed else None) if by_ranking else row["place"],
        "ranking": None
        if placed is None
        else {
            "place": placed.place,
            "group": placed.group,
            "stage": placed.stage,
            "group_place": placed.group_place,
        },
    }


class StandingsView(APIView):
    """The event's standings as last computed; ``current`` is false while they are updating.

    Rows come a page at a time (``page``, ``page_size`` up to 1000; 100 by default), or for one
    player (``player``, an id). The answer carries an ETag: a client that sends it back in
    If-None-Match gets 304 until the standings or the event change.

    Once a stage after the first has begun, the rows come in the current ranking's order
    (the final ranking's once the last stage is over, as ``/final/``): ``place`` is the
    ranking's, ``ranking`` tells the group; ``overall_place`` and the values stay the overall
    totals. ``view=overall``: the overall standings' order and places, as before any cut."""

    permission_classes = [EventStaffWrites]

    @extend_schema(
        parameters=[
            OpenApiParameter("page", int, description="Page number, from 1."),
            OpenApiParameter(
                "page_size", int, description=f"Rows per page (1 to {MAX_PAGE_SIZE})."
            ),
            OpenApiParameter("player", int, description="Only this player's row."),
            OpenApiParameter(
                "view",
                str,
                enum=["ranking", "overall"],
                description=(
                    "ranking (default): after a cut, the current stage's ranking; "
                    "overall: the overall standings."
                ),
            ),
        ],
        responses={200: StandingsSerializer, 304: OpenApiResponse(description="Not modified.")},
    )
    def get(self, request, event):
        event_obj = self.event
        page = _query_int(request, "page", 1, 1, MAX_QUERY_INTEGER)
        size = _query_int(request, "page_size", PAGE_SIZE, 1, MAX_PAGE_SIZE)
        player = _query_int(request, "player", None, 1, MAX_QUERY_INTEGER)
        view = request.query_params.get("view") or "ranking"
        if view not in ("ranking", "overall"):
            raise ValidationError({"view": [_('"ranking" or "overall".')]})
        snapshot = StandingsSnapshot.objects.filter(event=event_obj).first() or StandingsSnapshot(
            event=event_obj, revision=-1
        )
        computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
        etag = (
            f'"api-standings-{snapshot.revision}-{computed}-{event_obj.revision}-'
            f'{page}-{size}-{player or 0}-{view}"'
        )
        if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        rows, by_player, _ranked = (
            decoded_rows(event_obj, snapshot) if snapshot.revision >= 0 else ([], {}, 0)
        )
        # Query (events with stages, once per revision in this process): the current ranking.
        ranking = current_ranking(event_obj, snapshot)
        placed: dict[int, Placed] = ranking.by_player if ranking is not None else {}
        by_ranking = ranking is not None and view == "ranking"
        if by_ranking:
            ordered = sorted(ranking.ordered(), key=lambda p: p.place)
            rows = [by_player[p.player] for p in ordered if p.player in by_player]
            rows += [row for row in by_player.values() if row["player"] not in placed]
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
            "view": "overall" if ranking is None else view,
            "ranking": None
            if ranking is None
            else {
                "stage": ranking.stage,
                "stage_name": ranking.stage_name,
                "complete": ranking.complete,
                "count": ranking.count,
            },
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
                    **_place_fields(row, placed.get(row["player"]), by_ranking),
                }
                for row in selected
            ],
        }
        return Response(body, headers={"ETag": etag, "Cache-Control": "no-cache"})
