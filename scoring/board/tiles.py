"""The director's round board: one tile per table (its result's state, its fouls, its extra
time) and the round clock, read in a constant number of queries whatever the round's size."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.models import FoulReport
from scoring.results.models import TableResult
from tournament.rounds.clock import clock_of
from tournament.rounds.models import Round, Seat

NONE, ENTERED, CONFIRMED, CORRECTED = "none", "entered", "confirmed", "corrected"


def state_labels() -> dict[str, str]:
    return {
        NONE: _("No result"),
        ENTERED: _("Entered"),
        CONFIRMED: _("Confirmed"),
        CORRECTED: _("Corrected"),
    }


def fouls_label(fouls: int, voided: int) -> str:
    text = ngettext("%(count)d foul", "%(count)d fouls", fouls) % {"count": fouls}
    if voided:
        voids = ngettext("%(count)d voided", "%(count)d voided", voided) % {"count": voided}
        text += " (" + voids + ")"
    return text


@dataclass
class Tile:
    number: int
    state: str = NONE
    counting: bool = False
    version: int = 0
    fouls: int = 0
    voided: int = 0
    extra_minutes: int = 0
    players: list[str] = field(default_factory=list)

    def as_json(self, labels: dict[str, str]) -> dict:
        return {
            "number": self.number,
            "state": self.state,
            "state_label": labels[self.state],
            "counting": self.counting,
            "version": self.version,
            "fouls": self.fouls,
            "voided": self.voided,
            "extra_minutes": self.extra_minutes,
            "players": self.players,
            "fouls_label": fouls_label(self.fouls, self.voided),
        }


def board_tiles(round_: Round) -> list[Tile]:
    """Four queries: tables, seats with names, result versions, foul counts."""
    # Query: the round's tables.
    tiles = {
        number: Tile(number=number, extra_minutes=extra)
        for number, extra in round_.tables.order_by("number").values_list("number", "extra_minutes")
    }
    # Query: the seats with the players' names, in wind order.
    for table_number, name in (
        Seat.objects.filter(round=round_)
        .order_by("table__number", "pk")
        .values_list("table__number", "player__name")
    ):
        if table_number in tiles:
            tiles[table_number].players.append(name)
    # Query: every version's state (a handful per table).
    versions: dict[int, list[tuple[int, bool, bool]]] = defaultdict(list)
    for table_number, version, counts, confirmed in TableResult.objects.filter(
        round=round_
    ).values_list("table__number", "version", "counts", "confirmed_by_id"):
        versions[table_number].append((version, counts, confirmed is not None))
    for number, rows in versions.items():
        tile = tiles.get(number)
        if tile is None:
            continue
        latest = max(rows)
        tile.version = latest[0]
        tile.counting = any(counts for _v, counts, _c in rows)
        if latest[0] > 1:
            tile.state = CORRECTED
        elif latest[2]:
            tile.state = CONFIRMED
        else:
            tile.state = ENTERED
    # Query: reports and voided reports per table.
    for number, reports, voided in (
        FoulReport.objects.filter(round=round_)
        .values("table__number")
        .annotate(n=Count("pk"), v=Count("pk", filter=Q(void__isnull=False)))
        .values_list("table__number", "n", "v")
    ):
        if number in tiles:
            tiles[number].fouls = reports
            tiles[number].voided = voided
    return list(tiles.values())


def missing_tables(tiles: list[Tile]) -> list[int]:
    """Tables without a counting result."""
    return [t.number for t in tiles if not t.counting]


def clock_json(round_: Round, now: datetime) -> dict:
    clock = clock_of(round_, now)
    return {
        "state": clock.state,
        "remaining_seconds": clock.remaining_seconds,
        "ends_at": clock.ends_at.isoformat() if clock.ends_at else None,
        "extra_minutes": round_.extra_minutes,
    }
