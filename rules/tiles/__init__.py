"""Hands read from their tiles (issue 36): the rulebook's adapter to the two scoring
libraries, ``mahjong`` (riichi) and ``MahjongGB`` (MCR). Nothing outside ``rules/`` imports
those libraries (an import-linter contract says so); the rest of the product calls
``score_tiles`` and ``tile_payments``.

``score_tiles(family, hand, situation, options)`` reads the hand (notation or the form's
shape), checks it, and answers a ``TileResult``: the fans or yaku line by line, the total and
the ``Win`` the score sheet counts. ``tile_payments`` says what that win pays under
docs/rules/hands.md, through the same hand rules the score sheet uses, with the sheet's
counters and deposits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RuleError
from rules.hands.mcr import MCR
from rules.hands.model import WIN, Hand, SheetState
from rules.hands.riichi import RIICHI
from rules.hands.sheet import Payments
from rules.i18n import gettext_noop as _
from rules.tiles import mcr, riichi
from rules.tiles.hand import (
    Meld,
    Situation,
    TileHand,
    parse_hand_data,
    parse_notation,
    parse_situation,
    parse_tiles,
)
from rules.tiles.names import MCR_FANS, RIICHI_YAKU, chinese, label
from rules.tiles.result import MCR_MINIMUM, Line, TileResult

FAMILIES = ("mcr", "riichi")

__all__ = [
    "FAMILIES",
    "MCR_FANS",
    "MCR_MINIMUM",
    "RIICHI_YAKU",
    "Line",
    "Meld",
    "Situation",
    "TileHand",
    "TileResult",
    "chinese",
    "label",
    "parse_hand_data",
    "parse_notation",
    "parse_situation",
    "parse_tiles",
    "score_tiles",
    "state_for",
    "tile_payments",
]


def score_tiles(
    family: str,
    hand: TileHand | Mapping[str, Any],
    situation: Situation | Mapping[str, Any] | None,
    options: Mapping[str, Any],
    state: SheetState | None = None,
) -> TileResult:
    """What the tiles are worth under the event's ``options``. Bad input of any kind is a
    ``RuleError`` with a translatable message; nothing else escapes."""
    if family not in FAMILIES:
        raise RuleError("tiles", _("hands are read from their tiles only in MCR and riichi"))
    tiles = parse_hand_data(hand)
    how = parse_situation(situation)
    if family == "mcr":
        return mcr.score(tiles, how, options, state)
    return riichi.score(tiles, how, options, state)


def state_for(
    winner: int, situation: Situation, *, counters: int = 0, deposits: int = 0
) -> SheetState:
    """The sheet state the situation describes: the dealer is the seat the winner's seat wind
    says (East is the dealer), the prevailing wind the round."""
    dealer = (winner - situation.seat_wind) % 4
    return SheetState(
        passes=situation.prevalent_wind * 4 + dealer, counters=counters, deposits=deposits
    )


def tile_payments(
    result: TileResult,
    *,
    winner: int,
    discarder: int | None,
    options: Mapping[str, Any],
    state: SheetState | None = None,
    riichi_seats: tuple[int, ...] = (),
) -> Payments:
    """What the win pays each seat (East, South, West, North) under docs/rules/hands.md, from
    ``state`` (dealer, counters, deposits). An MCR win under 8 fan is refused like an
    announced one (``RuleError``: a false win)."""
    rules = MCR if result.family == "mcr" else RIICHI
    hand = Hand(kind=WIN, wins=(result.win(winner),), discarder=discarder, riichi=riichi_seats)
    payments, _values, _after = rules.score(state or SheetState(), hand, options)
    return payments
