"""Reading the stored standings as the pages, the API and the exports show them: every row
in order, one player's row, every player's place; the places kept in Django's cache by
revision, as the players' phones ask for them at every poll."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.display import ROUND_FIELDS, expand_rounds, page_row


def snapshot_of(event_id: int) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(event_id=event_id).first()


def rows_of(event_id: int) -> list[dict[str, Any]]:
    """Every stored row of the event, in standings order (one query)."""
    snapshot = snapshot_of(event_id)
    return snapshot.rows if snapshot is not None else []


def row_of(snapshot: StandingsSnapshot, player_id: int) -> dict[str, Any] | None:
    """One player's row of a snapshot, None if he has none."""
    for data in snapshot.stored_rows:
        if data["player"] == player_id:
            return page_row(snapshot.method, data)
    return None


def places_of(snapshot: StandingsSnapshot) -> tuple[dict[int, int | None], int]:
    """({player: place}, players with a place) of a snapshot, kept in the cache by its
    revision: one small read per poll instead of every row."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = f"standings:places:{snapshot.event_id}:{snapshot.revision}:{computed}"

    def read() -> tuple[dict[int, int | None], int]:
        stored = StandingsSnapshot.objects.values_list("stored_rows", flat=True).get(
            event_id=snapshot.event_id
        )
        return {row["player"]: row["place"] for row in stored}, snapshot.ranked

    return cache.get_or_set(key, read, 3600)


def decoded_rows(event: Any, snapshot: Any) -> tuple[list[dict], dict[int, dict], int]:
    """(rows, rows by player id, ranked players) of an event's snapshot."""
    rows = snapshot.rows if snapshot is not None and snapshot.revision >= 0 else []
    return rows, {row["player"]: row for row in rows}, snapshot.ranked if rows else 0


__all__ = [
    "ROUND_FIELDS",
    "decoded_rows",
    "expand_rounds",
    "page_row",
    "places_of",
    "row_of",
    "rows_of",
    "snapshot_of",
]
