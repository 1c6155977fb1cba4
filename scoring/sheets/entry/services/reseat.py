"""A sheet read again after its table's seats were corrected (``scoring.reseat`` records the
correction and calls this inside its transaction).

The hands name the people the table saw win, pay, declare riichi or be tenpai; the seating put
some of them at the wrong winds. Every hand that is on the sheet gets a new version with its
seats moved (``rules.hands.reseat_hand``) and, when it was entered by its tiles, counted again
from them with the right seat wind; the new versions are played through the rulebook, so the
dealer, the counters and every payment follow the real seats. Nothing is rewritten: each new
version takes its author from the version it re-seats, its confirmation and its open disputes
are written again on it (the same people, the same reasons), and a strike still waiting for a
confirmation is written again after it. So every hand counts, waits or is disputed exactly as
before. A closed sheet writes the table's next result version; an open one closes if the game
is now over and every hand counts, as after any correction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import RuleError
from rules.hands import Sheet, reseat_hand
from rules.hands.reseat import Moves
from scoring.results.models import TableResult
from scoring.sheets.entry.access import Author
from scoring.sheets.entry.reading import (
    Payments,
    counted_totals,
    latest_hands,
    play_hands,
    play_stored,
    with_confirmation,
)
from scoring.sheets.entry.services import count_write, write_result
from scoring.sheets.models import (
    RESEAT_KEY,
    STRUCK,
    HandConfirmation,
    HandDispute,
    ScoreSheet,
    SheetHand,
)
from scoring.sheets.tiles.services import from_tiles, tiles_enabled
from tournament.rounds.models import Table


@dataclass
class HandPlan:
    """One hand on the sheet: the version whose content is re-seated (``source``), the strike
    waiting for a confirmation that follows it (``strike``), and what is carried over."""

    number: int
    source: SheetHand
    latest_version: int
    data: dict[str, Any]
    counts: bool
    strike: SheetHand | None = None
    confirmation: HandConfirmation | None = None
    disputes: list[HandDispute] = field(default_factory=list)


@dataclass
class SheetPlan:
    """What re-seating a sheet would write: ``hands`` in order, the sheet as it plays now
    (``before``) and once re-seated (``after``), each with the totals of the hands that count
    (by seat)."""

    sheet: ScoreSheet
    hands: list[HandPlan]
    before: Sheet
    after: Sheet
    counted_before: Payments
    counted_after: Payments

    @property
    def confirmations(self) -> int:
        return sum(1 for h in self.hands if h.confirmation is not None)

    @property
    def disputes(self) -> int:
        return sum(len(h.disputes) for h in self.hands)

    @property
    def writes_result(self) -> bool:
        """Whether re-seating writes the table's next result: the sheet is closed, or closes
        now (the game is over and every hand counts)."""
        over = self.after.state.finished and all(h.counts for h in self.hands)
        return self.sheet.is_closed or over

    @property
    def state(self) -> str:
        """The versions this plan was made from (a confirmation counts only for them)."""
        return ",".join(
            f"{h.number}.{h.latest_version}.{len(h.disputes)}.{int(h.counts)}" for h in self.hands
        )


def _problem(message: str) -> ValidationError:
    return ValidationError(
        {
            "seats": [
                _("With these seats the sheet does not stand: %(problem)s.") % {"problem": message}
            ]
        }
    )


def _content(versions: list[SheetHand], strike: SheetHand) -> SheetHand:
    """The version a strike waiting for its confirmation would take off the sheet."""
    return max(
        (
            v
            for v in versions
            if v.number == strike.number and v.kind != STRUCK and v.version < strike.version
        ),
        key=lambda v: v.version,
    )


def _rescored(table: Table, plans: list[HandPlan], index: int, data: dict) -> dict:
    """A hand entered by its tiles, counted again with the seat wind the winner really had.
    Tiles recorded elsewhere (an imported game log's, which name their ``source``) are kept as
    they are, like the count that came with them."""
    event = table.round.event
    tiles = data.get("tiles")
    if not tiles or not isinstance(tiles, dict) or tiles.get("source") or not tiles_enabled(event):
        return data
    try:
        before = play_hands(event, [p.data for p in plans[:index]]).state
        return from_tiles(event, data, before)
    except RuleError as error:
        raise _problem(error.located(plans[index].number).translated(_)) from None
    except ValidationError as error:
        message = " ".join(error.messages).rstrip(".")
        raise _problem(
            _("hand %(number)s: %(message)s") % {"number": plans[index].number, "message": message}
        ) from None


def plan_reseat(table: Table, moves: Moves, sheet: ScoreSheet | None = None) -> SheetPlan | None:
    """What re-seating ``table``'s sheet with ``moves`` would write (``None``: no sheet, or no
    hand on it). Reads the sheet's versions, confirmations and open disputes: three queries,
    more only for hands entered by their tiles."""
    event = table.round.event
    if sheet is None:
        sheet = ScoreSheet.objects.filter(table=table).first()
    if sheet is None:
        return None
    versions = list(with_confirmation(SheetHand.objects.filter(sheet=sheet)))
    shown, before, problem = play_stored(event, latest_hands(versions))
    if problem:
        raise ValidationError({"seats": [problem]})
    if not shown:
        return None
    ids = [h.pk for h in shown]
    confirmations = {
        c.hand_id: c for c in HandConfirmation.objects.filter(hand__sheet=sheet).order_by()
    }
    disputes: dict[int, list[HandDispute]] = {}
    for dispute in HandDispute.objects.filter(hand_id__in=ids, resolution__isnull=True).order_by(
        "pk"
    ):
        disputes.setdefault(dispute.hand_id, []).append(dispute)
    plans: list[HandPlan] = []
    for hand in shown:
        strike = hand if hand.striking else None
        source = _content(versions, hand) if strike else hand
        plans.append(
            HandPlan(
                number=hand.number,
                source=source,
                latest_version=hand.version,
                data={},
                counts=hand.counts,
                strike=strike,
                confirmation=confirmations.get(source.pk),
                disputes=disputes.get(hand.pk, []),
            )
        )
    for index, plan in enumerate(plans):
        plan.data = _rescored(table, plans, index, reseat_hand(plan.source.data, moves))
    try:
        after = play_hands(event, [p.data for p in plans])
    except RuleError as error:
        raise _problem(error.translated(_, ngettext)) from None
    return SheetPlan(
        sheet=sheet,
        hands=plans,
        before=before,
        after=after,
        counted_before=counted_totals(shown, before),
        counted_after=counted_totals(plans, after),  # type: ignore[arg-type]
    )


def _write_hand(sheet: ScoreSheet, plan: HandPlan, reason: str, tag: str) -> None:
    source = plan.source
    new = SheetHand.objects.create(
        sheet=sheet,
        number=plan.number,
        version=plan.latest_version + 1,
        kind=source.kind,
        data=plan.data,
        reason=reason,
        foul_report_id=source.foul_report_id,
        idempotency_key=f"{RESEAT_KEY}{tag}-{plan.number}",
        entered_by_id=source.entered_by_id,
        entered_by_player_id=source.entered_by_player_id,
    )
    if plan.confirmation is not None:
        HandConfirmation.objects.create(
            hand=new,
            confirmed_by_id=plan.confirmation.confirmed_by_id,
            confirmed_by_player_id=plan.confirmation.confirmed_by_player_id,
        )
    disputed = new
    if plan.strike is not None:
        disputed = SheetHand.objects.create(
            sheet=sheet,
            number=plan.number,
            version=plan.latest_version + 2,
            kind=STRUCK,
            data={"kind": STRUCK},
            reason=plan.strike.reason,
            idempotency_key=f"{RESEAT_KEY}{tag}-{plan.number}-struck",
            entered_by_id=plan.strike.entered_by_id,
            entered_by_player_id=plan.strike.entered_by_player_id,
        )
    for dispute in plan.disputes:
        HandDispute.objects.create(
            hand=disputed,
            raised_by_id=dispute.raised_by_id,
            raised_by_player_id=dispute.raised_by_player_id,
            reason=dispute.reason,
        )


def lock_sheet(table: Table) -> ScoreSheet | None:
    """The table's sheet (if any), its row locked for the caller's transaction. A seat
    correction locks it before the table, in the order of the sheet's own writers (a hand that
    closes the sheet locks the sheet, then the table to write the result)."""
    return next(iter(ScoreSheet.objects.select_for_update().filter(table=table).order_by()), None)


def reseat_sheet(
    table: Table, plan: SheetPlan, *, user: Any, reason: str, tag: str
) -> TableResult | None:
    """Inside the caller's transaction, which made ``plan`` with the sheet locked
    (``lock_sheet``) and has corrected the table's seats: write the re-seated versions (see
    the module) and, when the sheet is closed or closes now, the table's next result, which
    it returns."""
    for hand in plan.hands:
        _write_hand(plan.sheet, hand, reason, tag)
    if plan.hands:
        count_write(table)
    if plan.writes_result:
        return write_result(table, plan.sheet, plan.after, Author(user=user), reason=reason)
    return None
