"""Hands of wsom, classical and french (docs/rules/hands.md#points): each hand is the points
every seat won or paid, from the table's own count (classical and french: East pays and
receives double is part of that count, not recomputed here). The sheet checks that each hand
adds up to zero (``parse_hand``) and counts the hands; with ``game_length`` set, the game ends
after that many."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.errors import RuleError
from rules.hands.model import DRAW, EXTRAS_ARE_RIICHI, POINTS, Hand, SheetState, riichi_extras
from rules.hands.sheet import Payments
from rules.i18n import gettext_noop as _


class PointHands:
    family = "points"
    kinds = (POINTS, DRAW)

    def start_points(self, options: Mapping[str, Any]) -> int:
        return 0

    def score(
        self, state: SheetState, hand: Hand, options: Mapping[str, Any]
    ) -> tuple[Payments, dict[int, int], SheetState]:
        if hand.riichi or hand.tenpai:
            raise RuleError("hand", _("these rules have no riichi and no tenpai payments"))
        if riichi_extras(hand):
            raise RuleError("hand", EXTRAS_ARE_RIICHI)
        after = replace(state, hands=state.hands + 1)
        if hand.kind == DRAW:
            return (0, 0, 0, 0), {}, after
        assert hand.points is not None
        return hand.points, {}, after  # type: ignore[return-value]

    def is_over(self, state: SheetState, options: Mapping[str, Any], **_context: Any) -> bool:
        length = options.get("game_length")
        return length is not None and state.hands >= length

    def final(self, totals: Payments, state: SheetState, options: Mapping[str, Any]) -> Payments:
        return totals


POINT_HANDS = PointHands()
