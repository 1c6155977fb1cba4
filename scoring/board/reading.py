"""The director's round board: one tile per table (its result's state, its fouls, its extra
time and own end) and the round clock with the round's end (its last table's), read in a
constant number of queries whatever the round's size."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.models import FoulReport
from scoring.results.models import TableResult
from tournament.rounds.models import Round, Seat
from tournament.rounds.reading.tabletimes import RoundTimes, hh_mm, round_ends_text, round_times

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
    ends_at: str = ""  # the table's own end ("15:07", the event's time zone) when extended
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
            "ends_at": self.ends_at,
            "extra_label": extra_label(self.extra_minutes, self.ends_at),
            "players": self.players,
            "fouls_label": fouls_label(self.fouls, self.voided),
        }


def extra_label(minutes: int, ends_at: str) -> str:
    """A tile's extra time: "+7 min, ends 15:07"."""
    if not minutes:
        return ""
    return _("+%(minutes)d min, ends %(end)s") % {"minutes": minutes, "end": ends_at}


def board_tiles(round_: Round, times: RoundTimes | None = None) -> list[Tile]:
    """Five queries: tables, extensions, seats with names, result versions, foul counts
    (``times``, each table's clock, read when not given)."""
    if times is None:
        times = round_times(round_, timezone.now())
    # Query: the round's tables.
    tiles = {
        number: Tile(
            number=number,
            extra_minutes=times.extra.get(number, 0),
            ends_at=hh_mm(times.tables[number].ends_at) if number in times.extra else "",
        )
        for number in times.tables
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


def clock_json(round_: Round, now: datetime, times: RoundTimes | None = None) -> dict:
    """The round's clock (the tables without extra time) and the round's end, which waits for
    its last table (``round_ends_*``; ``last_tables``: the extended tables finishing last)."""
    if times is None:
        times = round_times(round_, now)
    clock, ends = times.common, times.ends
    last = times.last_tables
    return {
        "state": clock.state,
        "remaining_seconds": clock.remaining_seconds,
        "ends_at": timezone.localtime(clock.ends_at).isoformat() if clock.ends_at else None,
        "extra_minutes": round_.extra_minutes,
        "round_ends_at": timezone.localtime(ends.ends_at).isoformat() if ends.ends_at else None,
        "round_ends_text": round_ends_text(ends, last),
        "last_tables": last,
    }
