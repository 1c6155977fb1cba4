"""Score sheets (docs/rules/hands.md): what each hand pays, and the dealer, counters and
deposits the sheet carries from hand to hand. Pure functions over small frozen dataclasses,
like the rest of the rulebook; each ruleset names its family's ``HandRules``."""

from rules.hands.mcr import MCR
from rules.hands.model import (
    ABORTED,
    ADJUSTMENT,
    DRAW,
    KINDS,
    POINTS,
    WIN,
    Hand,
    HandLine,
    Sheet,
    SheetState,
    Win,
    hand_json,
    parse_hand,
)
from rules.hands.points import POINT_HANDS
from rules.hands.reseat import reseat_hand, seat_moves
from rules.hands.riichi import RIICHI, base_points, round_up
from rules.hands.sheet import HandRules, play_sheet

__all__ = [
    "ABORTED",
    "ADJUSTMENT",
    "DRAW",
    "KINDS",
    "MCR",
    "POINTS",
    "POINT_HANDS",
    "RIICHI",
    "WIN",
    "Hand",
    "HandLine",
    "HandRules",
    "Sheet",
    "SheetState",
    "Win",
    "base_points",
    "hand_json",
    "parse_hand",
    "play_sheet",
    "reseat_hand",
    "round_up",
    "seat_moves",
]
