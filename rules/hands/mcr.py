"""MCR hands (seed 003: the 8-point minimum; Green Book payments): docs/rules/hands.md#mcr.

A win by discard: the discarder pays 8 + the total fan (bonus tiles included), each other
player 8. Self-drawn: each of the three pays 8 + the total fan. A draw scores nothing. The deal
passes after every hand; a game is ``game_length`` hands (16 by default).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.errors import RuleError
from rules.hands.model import ABORTED, DRAW, EXTRAS_ARE_RIICHI, WIN, Hand, SheetState, riichi_extras
from rules.hands.sheet import Payments
from rules.i18n import gettext_noop as _
from rules.i18n import ngettext_noop as ngettext

MIN_FAN = 8
BASE = 8
MAX_BONUS = 8
GAME_LENGTH = 16


class McrHands:
    family = "mcr"
    kinds = (WIN, DRAW, ABORTED)

    def start_points(self, options: Mapping[str, Any]) -> int:
        return 0

    def score(
        self, state: SheetState, hand: Hand, options: Mapping[str, Any]
    ) -> tuple[Payments, dict[int, int], SheetState]:
        if hand.riichi or hand.tenpai:
            raise RuleError("hand", _("MCR has no riichi and no tenpai payments"))
        if riichi_extras(hand):
            raise RuleError("hand", EXTRAS_ARE_RIICHI)
        if hand.kind == ABORTED:
            return (0, 0, 0, 0), {}, state
        after = replace(state, passes=state.passes + 1, hands=state.hands + 1)
        if hand.kind == DRAW:
            return (0, 0, 0, 0), {}, after
        if len(hand.wins) != 1:
            raise RuleError("wins", _("an MCR hand has one winner"))
        win = hand.wins[0]
        if win.han or win.fu or win.limit or win.yakuman:
            raise RuleError("win", _("an MCR win is counted in fan, not han, fu or limits"))
        if win.bonus > MAX_BONUS:
            raise RuleError(
                "win.bonus",
                ngettext(
                    "there is only %(count)s bonus tile", "there are only %(count)s bonus tiles"
                ),
                {"count": MAX_BONUS},
            )
        if win.fan < MIN_FAN:
            params = {"minimum": MIN_FAN, "fan": win.fan, "bonus": win.bonus}
            if win.bonus:
                message = _(
                    "a win needs at least %(minimum)s fan without bonus tiles "
                    "(announced: %(fan)s + %(bonus)s bonus); under that it is a false win"
                )
            else:
                message = _(
                    "a win needs at least %(minimum)s fan without bonus tiles "
                    "(announced: %(fan)s); under that it is a false win"
                )
            raise RuleError("win.fan", message, params)
        if hand.discarder == win.winner:
            raise RuleError("discarder", _("the winner cannot also be the discarder"))
        total = win.fan + win.bonus
        payments = [0, 0, 0, 0]
        for seat in range(4):
            if seat == win.winner:
                continue
            pays = BASE + total if hand.discarder in (None, seat) else BASE
            payments[seat] -= pays
            payments[win.winner] += pays
        return (
            (payments[0], payments[1], payments[2], payments[3]),
            {win.winner: payments[win.winner]},
            after,
        )

    def is_over(self, state: SheetState, options: Mapping[str, Any], **_context: Any) -> bool:
        return state.hands >= options.get("game_length", GAME_LENGTH)

    def final(self, totals: Payments, state: SheetState, options: Mapping[str, Any]) -> Payments:
        return totals


MCR = McrHands()
