"""Statistics from the hands entered by their tiles (issue 36): the event's most frequent fans
or yaku and its biggest hand (each player's own: ``scoring.stats``). Only hands entered with tiles
count here; a hand entered as announced says nothing about its fans. The latest version of
each hand counts, confirmed or not (a statistic, not a score)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.tiles import chinese, label
from scoring.sheets.entry.reading import WINDS, latest_hands
from scoring.sheets.models import SheetHand
from tournament.events.models import Event
from tournament.rounds.models import Seat

TOP = 10


@dataclass(frozen=True)
class Named:
    key: str
    label: str
    chinese: str
    count: int


@dataclass(frozen=True)
class Biggest:
    notation: str
    total: int
    winner: str
    round: int
    table: int
    unit: str


@dataclass(frozen=True)
class TileStats:
    family: str
    hands: int
    frequent: list[Named]
    biggest: Biggest | None


def named(family: str, counts: Mapping[str, int]) -> list[Named]:
    """Fans or yaku by their keys, with their names in the active language, most frequent
    first."""
    return [
        Named(key, _(label(family, key)), chinese(key) if family == "mcr" else "", n)
        for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def _with_tiles(hands) -> list[SheetHand]:
    return [h for h in latest_hands(list(hands)) if isinstance(h.data.get("tiles"), dict)]


def event_tile_stats(event: Event) -> TileStats | None:
    """The event's fans or yaku by frequency and its biggest hand. Two queries."""
    rows = list(
        SheetHand.objects.filter(sheet__event=event)
        .select_related("sheet__table", "sheet__round")
        .order_by("sheet_id", "number", "version")
    )
    by_sheet: dict[int, list[SheetHand]] = {}
    for row in rows:
        by_sheet.setdefault(row.sheet_id, []).append(row)
    tiled = [h for hands in by_sheet.values() for h in _with_tiles(hands)]
    if not tiled:
        return None
    seats = {
        (s.table_id, WINDS.index(s.wind)): s.player.name
        for s in Seat.objects.filter(round__event=event)
        .select_related("player")
        .only("table_id", "wind", "player__name")
    }
    counts: Counter = Counter()
    family = ""
    biggest: tuple[int, SheetHand] | None = None
    for hand in tiled:
        result = hand.data["tiles"].get("result") or {}
        family = result.get("family", family)
        counts.update(line["key"] for line in result.get("lines", ()))
        total = _size(result)
        if biggest is None or total > biggest[0]:
            biggest = (total, hand)
    top = None
    if biggest is not None:
        total, hand = biggest
        winner = (hand.data.get("wins") or [{}])[0].get("winner", 0)
        result = hand.data["tiles"]["result"]
        top = Biggest(
            hand.data["tiles"]["notation"],
            result.get("total", 0),
            seats.get((hand.sheet.table_id, winner), ""),
            hand.sheet.round.number,
            hand.sheet.table.number,
            _unit(result),
        )
    return TileStats(family, len(tiled), named(family, counts)[:TOP], top)


def _size(result: dict) -> int:
    """How big a hand is, to find the biggest: fan with bonus; han, a yakuman 13 each."""
    if result.get("family") == "mcr":
        return result.get("total", 0)
    if result.get("limit"):
        return 13 * result.get("yakuman", 1) + 1000
    return result.get("han", 0) * 1000 + result.get("fu", 0)


def _unit(result: dict) -> str:
    if result.get("family") == "mcr":
        return _("fan")
    if result.get("limit"):
        return _("yakuman")
    return _("han")
