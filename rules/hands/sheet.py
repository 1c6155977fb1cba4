"""Playing a sheet out: a fold of the hands over the game's state, with one ruleset family's
rules for what a hand pays and what comes next."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Protocol

from rules.errors import RuleError
from rules.hands.model import ADJUSTMENT, Hand, HandLine, Sheet, SheetState, parse_hand
from rules.i18n import gettext_noop as _

Payments = tuple[int, int, int, int]


class HandRules(Protocol):
    """One family's hand scoring (mcr, riichi, points)."""

    family: str
    kinds: tuple[str, ...]

    def start_points(self, options: Mapping[str, Any]) -> int: ...

    def score(
        self, state: SheetState, hand: Hand, options: Mapping[str, Any]
    ) -> tuple[Payments, dict[int, int], SheetState]:
        """What ``hand`` pays in ``state``, the value of each win, and the state after it
        (``finished`` not yet set: ``play_sheet`` asks ``is_over``)."""
        ...

    def is_over(
        self,
        state: SheetState,
        options: Mapping[str, Any],
        *,
        before: SheetState | None = None,
        hand: Hand | None = None,
        totals: Payments | None = None,
    ) -> bool:
        """Whether the game is over in ``state``, reached by ``hand`` from ``before`` with the
        running ``totals`` after it (rules whose end depends on the scores read them)."""
        ...

    def final(
        self, totals: Payments, state: SheetState, options: Mapping[str, Any]
    ) -> Payments: ...


def _add(a: Payments, b: Payments) -> Payments:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def play_sheet(
    rules: HandRules, options: Mapping[str, Any], hands: Iterable[Hand | Mapping[str, Any]]
) -> Sheet:
    """The sheet after ``hands`` in order. An invalid hand raises ``RuleError`` naming its
    number; nothing about a sheet is stored but its hands, so this is the one place that says
    what they add up to."""
    start = rules.start_points(options)
    totals: Payments = (start, start, start, start)
    state = SheetState()
    lines: list[HandLine] = []
    for number, raw in enumerate(hands, start=1):
        try:
            hand = parse_hand(raw)
            if hand.kind == ADJUSTMENT:
                payments, values, after = hand.points, {}, state  # type: ignore[assignment]
            else:
                if hand.kind not in rules.kinds:
                    raise RuleError(
                        "kind",
                        _(
                            "a %(kind)s hand is not scored under these rules "
                            "(use one of: %(kinds)s)"
                        ),
                        {"kind": hand.kind, "kinds": ", ".join((*rules.kinds, ADJUSTMENT))},
                    )
                if state.finished:
                    raise RuleError("hand", _("the game is over: no more hands can be played"))
                payments, values, after = rules.score(state, hand, options)
                over = rules.is_over(
                    after, options, before=state, hand=hand, totals=_add(totals, payments)
                )
                after = replace(after, finished=over)
        except RuleError as error:
            raise error.located(number) from None
        if sum(payments) + after.deposits != state.deposits:
            raise AssertionError(f"hand {number} makes or loses points")  # pragma: no cover
        totals = _add(totals, payments)
        lines.append(HandLine(number, hand, state, payments, totals, values))
        state = after
    return Sheet(tuple(lines), state, totals, rules.final(totals, state, options))
