"""The options that make our riichi score sheets pay what the platforms pay
(docs/rules/hands.md#platforms): tenhou.net's rules and Mahjong Soul's (its ranked and default
tournament rules). They are option sets of the riichi rulesets, applied on top of an event's
own options; the game's length stays the event's choice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.i18n import gettext_noop as _
from rules.onlinelogs.model import MAJSOUL, TENHOU


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    options: dict[str, Any]


COMMON = {
    "start_points": 25000,
    "counted_yakuman": True,
    "multiple_yakuman": True,
    "kiriage": False,
    "leftover_deposits": "first_place",
    "abortive_draws": True,
    "nagashi_mangan": True,
    "bust_end": True,
    "goal_points": 30000,
    "red_fives": True,
    "open_tanyao": True,
}

PRESETS: dict[str, Preset] = {
    TENHOU: Preset(
        TENHOU,
        _("tenhou.net"),
        COMMON | {"multiple_ron": "two", "liability": "whole", "dealer_stop": "win"},
    ),
    MAJSOUL: Preset(
        MAJSOUL,
        _("Mahjong Soul"),
        COMMON | {"multiple_ron": "all", "liability": "yakuman", "dealer_stop": "win_or_tenpai"},
    ),
}


def preset_options(key: str, game_length: str = "hanchan") -> dict[str, Any]:
    """The options of the preset ``key`` for a game of ``game_length``."""
    return PRESETS[key].options | {"game_length": game_length}
