"""Reading a sheet: its hands (the latest version of each number), what the rulebook makes of
them, and the table's seats."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import RuleError, get_ruleset
from rules.hands import HandLine, Sheet
from scoring.sheets.models import STRUCK, HandConfirmation, HandDispute, ScoreSheet, SheetHand
from tournament.events.models import Event
from tournament.rounds.models import Seat, Table

WINDS = ("E", "S", "W", "N")
Payments = tuple[int, int, int, int]


@dataclass
class SheetView:
    """A table's sheet as pages and the API show it. ``hands``: the latest version of each
    number, each with ``counts`` set; ``played``: the rulebook's reading of all of them."""

    table: Table
    sheet: ScoreSheet | None
    seats: list[Seat]
    hands: list[SheetHand]
    played: Sheet
    versions: list[SheetHand] = field(default_factory=list)
    problem: str = ""

    @property
    def counted(self) -> int:
        """How many hands count (see ``counted_hands``)."""
        return len(counted_hands(self.hands))

    @property
    def played_totals(self) -> Payments:
        """Every hand shown as played, also those awaiting a confirmation or disputed."""
        return self.played.totals

    @property
    def counted_totals(self) -> Payments:
        """The running totals: the hands that count only (what every page shows)."""
        return counted_totals(self.hands, self.played)

    @property
    def next_number(self) -> int:
        return next_number(self.versions or self.hands)

    @property
    def pending(self) -> list[SheetHand]:
        """Hands waiting for a confirmation (a disputed hand waits for its dispute)."""
        return [h for h in self.hands if not h.counts and not getattr(h, "disputed", False)]

    @property
    def disputed(self) -> list[SheetHand]:
        return [h for h in self.hands if getattr(h, "disputed", False)]

    @property
    def is_closed(self) -> bool:
        return self.sheet is not None and self.sheet.is_closed

    @property
    def is_over(self) -> bool:
        return self.played.state.finished

    def rows(self) -> list[dict[str, Any]]:
        """One row per hand for the pages: the hand, its line, and who is at which seat."""
        return [
            {"hand": hand, "line": line, "payments": line.payments}
            for hand, line in zip(self.hands, self.played.lines, strict=True)
        ]


def counted_hands(hands: Iterable[SheetHand]) -> list[SheetHand]:
    """Of ``latest_hands``, the leading ones that count: the one rule of which hands count,
    for the sheet's running totals, the live tables, the exports and the players' statistics.
    A hand that waits for a confirmation or is disputed stops the count: the hands after it
    were played in the state it leaves (the dealer, the counters, the riichi sticks), and what
    they pay may change once it is settled (docs/rules/hands.md#disputes)."""
    counted = []
    for hand in hands:
        if not hand.counts:
            break
        counted.append(hand)
    return counted


def counted_lines(hands: Iterable[SheetHand], played: Sheet) -> list[HandLine]:
    """The lines of the hands that count (``counted_hands``)."""
    return list(played.lines[: len(counted_hands(hands))])


def counted_running(hands: Iterable[SheetHand], played: Sheet) -> list[Payments]:
    """The running totals after each hand, counting the hands that count only: from the first
    hand that does not, they stay where the hands before it left them."""
    lines = played.lines
    paid = [sum(line.payments[seat] for line in lines) for seat in range(4)]
    totals = tuple(total - p for total, p in zip(played.totals, paid, strict=True))  # the start
    counted = len(counted_hands(hands))
    running: list[Payments] = []
    for index, line in enumerate(lines):
        if index < counted:
            totals = tuple(t + p for t, p in zip(totals, line.payments, strict=True))
        running.append(totals)  # type: ignore[arg-type]
    return running


def counted_totals(hands: list[SheetHand], played: Sheet) -> Payments:
    """The starting scores plus what every hand that counts paid."""
    running = counted_running(hands, played)
    if running:
        return running[-1]
    return played.totals


def counted_sheet(event: Event, versions: Iterable[SheetHand]) -> tuple[list[SheetHand], Sheet]:
    """A sheet's hands that count, played out, from every stored version of its hands (read
    with ``with_confirmation``)."""
    hands, played, _problem = play_stored(event, counted_hands(latest_hands(versions)))
    return hands, played


def with_confirmation(qs: QuerySet) -> QuerySet:
    """Every version with ``confirmed`` and ``disputed`` (an open dispute) read in the same
    query."""
    return qs.annotate(
        confirmed=Exists(HandConfirmation.objects.filter(hand=OuterRef("pk"))),
        disputed=Exists(HandDispute.objects.filter(hand=OuterRef("pk"), resolution__isnull=True)),
    ).order_by("sheet_id", "number", "version")


def next_number(versions: Iterable[SheetHand]) -> int:
    """The next hand's number: a struck hand keeps its number."""
    return max((h.number for h in versions), default=0) + 1


def latest_hands(versions: Iterable[SheetHand]) -> list[SheetHand]:
    """The latest version of every number, each with ``counts``: entered by staff or
    confirmed, and not disputed. A struck hand (a correction to "no hand") leaves the sheet
    once it counts; until then the sheet shows the version it strikes, not counting, with
    ``striking`` set and the strike's version to confirm."""
    latest: dict[int, SheetHand] = {}
    before: dict[int, SheetHand] = {}
    for hand in versions:
        hand.disputed = bool(getattr(hand, "disputed", False))
        hand.counts = (
            hand.entered_by_player_id is None or bool(getattr(hand, "confirmed", False))
        ) and not hand.disputed
        hand.striking = False
        if hand.number in latest and latest[hand.number].kind != STRUCK:
            before[hand.number] = latest[hand.number]
        latest[hand.number] = hand
    shown = []
    for number in sorted(latest):
        hand = latest[number]
        if hand.kind != STRUCK:
            shown.append(hand)
        elif not hand.counts and number in before:
            struck = copy.copy(hand)
            previous = before[number]
            struck.kind, struck.data = previous.kind, previous.data
            struck.foul_report_id = previous.foul_report_id
            struck.striking = True
            shown.append(struck)
    return shown


def play_hands(event: Event, hands: Iterable[Mapping[str, Any]]) -> Sheet:
    return get_ruleset(event.ruleset).play_sheet(list(hands), event.ruleset_options)


def play_stored(event: Event, hands: list[SheetHand]) -> tuple[list[SheetHand], Sheet, str]:
    """Stored hands as the rules read them now: every write checked the whole sheet, but the
    event's options may have changed since (a shorter game). Then the longest prefix that
    still plays is shown, with the rulebook's message. Returns (hands, sheet, problem)."""
    try:
        return hands, play_hands(event, [h.data for h in hands]), ""
    except RuleError as error:
        problem = error.translated(_, ngettext)
    for size in range(len(hands) - 1, -1, -1):
        try:
            return hands[:size], play_hands(event, [h.data for h in hands[:size]]), problem
        except RuleError:
            continue
    raise AssertionError("an empty sheet always plays")  # pragma: no cover


def rule_error(error: RuleError) -> ValidationError:
    message = error.translated(_, ngettext)
    return ValidationError({error.field: [message[:1].upper() + message[1:]]})


def _seats(table: Table) -> list[Seat]:
    # Sorted here: the model's ordering (a CASE over the winds) costs more to build than this.
    return sorted(
        Seat.objects.filter(table=table).select_related("player").order_by(),
        key=lambda s: WINDS.index(s.wind),
    )


def with_seats(view: SheetView) -> SheetView:
    """``view`` (as a write left it) with the table's seats: one query."""
    view.seats = _seats(view.table)
    return view


def read_sheet(table: Table) -> SheetView:
    """The table's sheet (three queries: the sheet, its hands, the seats). A table without a
    sheet yet reads as an empty one."""
    event = table.round.event
    sheet = ScoreSheet.objects.filter(table=table).first()
    versions = list(with_confirmation(SheetHand.objects.filter(sheet=sheet))) if sheet else []
    hands, played, problem = play_stored(event, latest_hands(versions))
    view = SheetView(table, sheet, _seats(table), hands, played, versions)
    view.problem = problem
    return view
