"""Live tables (each table's running score from its sheet) and players' hand statistics."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from rules.hands import WIN
from scoring.sheets.models import ScoreSheet, SheetHand
from scoring.sheets.reading import WINDS, latest_hands, play_stored, with_confirmation
from tournament.players.models import Player
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
        hands = latest_hands(by_sheet[sheet.pk])
        counted = []
        for hand in hands:
            if not hand.counts:
                break
            counted.append(hand)
        counted, played, _problem = play_stored(event, counted)
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


@dataclass(frozen=True)
class HandStats:
    hands: int
    wins: int
    deal_ins: int
    riichi: int
    average_value: Fraction | None

    @property
    def average_display(self) -> str:
        """The average rounded half up to a whole number, for pages (exact in the value)."""
        if self.average_value is None:
            return ""
        return str(math.floor(self.average_value + Fraction(1, 2)))


def player_hand_stats(player: Player) -> HandStats | None:
    """Wins, deal-ins, riichi declarations and the average value of a win (before counters and
    deposits) over every sheet the player sat at; ``None`` without sheets. Three queries."""
    seats = {
        s.table_id: WINDS.index(s.wind)
        for s in Seat.objects.filter(player=player).only("table_id", "wind")
    }
    sheets = list(ScoreSheet.objects.filter(table_id__in=seats))
    if not sheets:
        return None
    event = player.event
    by_sheet: dict[int, list[SheetHand]] = {s.pk: [] for s in sheets}
    for hand in with_confirmation(SheetHand.objects.filter(sheet__in=sheets)):
        by_sheet[hand.sheet_id].append(hand)
    hands = wins = deal_ins = riichi = 0
    values: list[int] = []
    for sheet in sheets:
        seat = seats[sheet.table_id]
        counted = []
        for hand in latest_hands(by_sheet[sheet.pk]):
            if not hand.counts:
                break
            counted.append(hand)
        _counted, played, _problem = play_stored(event, counted)
        for line in played.lines:
            hands += 1
            if seat in line.hand.riichi:
                riichi += 1
            if line.hand.kind != WIN:
                continue
            if seat in line.winners:
                wins += 1
                values.append(line.values.get(seat, 0))
            elif line.hand.discarder == seat:
                deal_ins += 1
    average = Fraction(sum(values), len(values)) if values else None
    return HandStats(hands, wins, deal_ins, riichi, average)
