"""Live tables: each table's running score from its sheet."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.sheets.entry.reading import WINDS, counted_sheet, with_confirmation
from scoring.sheets.models import ScoreSheet, SheetHand
from tournament.rounds.models import Round, Seat


@dataclass(frozen=True)
class LiveTable:
    number: int
    names: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int
    closed: bool


def live_tables(round_: Round) -> list[LiveTable]:
    """Each table's running score from its sheet (hands that count only): three queries."""
    event = round_.event
    sheets = list(ScoreSheet.objects.filter(round=round_).select_related("table"))
    if not sheets:
        return []
    by_sheet: dict[int, list[SheetHand]] = {s.pk: [] for s in sheets}
    for hand in with_confirmation(SheetHand.objects.filter(sheet__in=sheets)):
        by_sheet[hand.sheet_id].append(hand)
    names: dict[int, dict[str, str]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .select_related("player")
        .only("table_id", "wind", "player__name")
    ):
        names.setdefault(seat.table_id, {})[seat.wind] = seat.player.name
    rows = []
    for sheet in sorted(sheets, key=lambda s: s.table.number):
        counted, played = counted_sheet(event, by_sheet[sheet.pk])
        seats = names.get(sheet.table_id, {})
        rows.append(
            LiveTable(
                sheet.table.number,
                tuple(seats.get(w, "") for w in WINDS),
                played.final if sheet.is_closed else played.totals,
                len(counted),
                sheet.is_closed,
            )
        )
    return rows
