"""Hands on the score sheet entered by their tiles (issue 36, optional per event: the ruleset
option ``tiles_on_sheet``).

A hand may carry ``tiles``: ``{"notation": "...", "situation": {"ippatsu": true, ...}}``. The
rulebook reads the tiles (``rules.tiles``) with what the sheet already knows (the winner's seat
wind from the dealer, the prevailing wind, self-drawn or the discarder, riichi from the hand's
riichi seats) and fills in the win's fan and bonus, or han and fu (or the yakuman). The stored
hand keeps the tiles and what they gave (``tiles.result``), so a dispute shows what was entered
and a correction (a new version) may change them; a hand without ``tiles`` is "as announced".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import RuleError, get_ruleset
from rules.hands import WIN, SheetState, hand_json, parse_hand
from rules.tiles import parse_hand_data, score_tiles
from scoring.sheets.entry.reading import rule_error

FAMILIES = {"mcr": "mcr", "riichi": "riichi"}
FLAGS = ("ippatsu", "last_tile", "kong", "fourth_tile", "first_draw", "double")
MAX_NOTATION = 200


def tiles_enabled(event: Any) -> bool:
    ruleset = get_ruleset(event.ruleset)
    family = ruleset.hand_rules.family if ruleset.hand_rules else None
    return family in FAMILIES and bool(ruleset.options(event.ruleset_options).get("tiles_on_sheet"))


def _clean_tiles(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("notation"), str):
        raise ValidationError({"tiles": [_("Give the tiles in notation, like 123m456p789s11z.")]})
    notation = raw["notation"].strip()
    if not notation or len(notation) > MAX_NOTATION:
        raise ValidationError({"tiles": [_("Give the tiles in notation, like 123m456p789s11z.")]})
    situation = raw.get("situation") or {}
    if not isinstance(situation, Mapping):
        raise ValidationError({"tiles": [_("Give the tiles in notation, like 123m456p789s11z.")]})
    clean: dict[str, Any] = {}
    for name in FLAGS:
        if situation.get(name) is True:
            clean[name] = True
    for name in ("dora", "ura"):
        value = situation.get(name)
        if isinstance(value, str) and value.strip():
            clean[name] = value.strip()[:20]
    return {"notation": notation, "situation": clean}


def from_tiles(event: Any, data: Mapping[str, Any], before: SheetState) -> dict[str, Any]:
    """The hand to store: ``data`` with its win counted from its tiles (and the tiles kept),
    or ``data`` as it is when it has none. ``before``: the sheet's state before this hand."""
    raw = data.get("tiles")
    if raw in (None, ""):
        return dict(data)
    if not tiles_enabled(event):
        raise ValidationError(
            {"tiles": [_("This event's sheets take the count as announced, not the tiles.")]}
        )
    tiles = _clean_tiles(raw)
    try:
        hand = parse_hand(data)
    except RuleError as error:
        raise rule_error(error) from None
    if hand.kind != WIN or len(hand.wins) != 1:
        raise ValidationError({"tiles": [_("Tiles are read for a hand with one winner.")]})
    ruleset = get_ruleset(event.ruleset)
    family = FAMILIES[ruleset.hand_rules.family]
    options = ruleset.options(event.ruleset_options)
    winner = hand.wins[0].winner
    flags = tiles["situation"]
    situation = {
        "tsumo": hand.discarder is None,
        "seat_wind": (winner - before.dealer) % 4,
        "prevalent_wind": before.wind % 4,
        **{k: v for k, v in flags.items() if k not in ("double",)},
    }
    if family == "riichi" and winner in hand.riichi:
        situation["riichi"] = "double" if flags.get("double") else "riichi"
    elif flags.get("double"):
        raise ValidationError({"tiles": [_("Double riichi: tick the winner's riichi too.")]})
    try:
        result = score_tiles(family, {"notation": tiles["notation"]}, situation, options, before)
        notation = parse_hand_data({"notation": tiles["notation"]}).notation()
    except RuleError as error:
        raise ValidationError({"tiles": [error.translated(_, ngettext)]}) from None
    if not result.reaches_minimum:
        raise ValidationError(
            {
                "tiles": [
                    _(
                        "The tiles give %(fan)s fan without bonus tiles: under 8, a false win. "
                        "Call the referee."
                    )
                    % {"fan": result.fan}
                ]
            }
        )
    win = result.win(winner)
    stored = hand_json(
        parse_hand(
            {
                **{k: v for k, v in data.items() if k not in ("tiles", "wins")},
                "kind": WIN,
                "winner": winner,
                "fan": win.fan,
                "bonus": win.bonus,
                "han": win.han,
                "fu": win.fu,
                "limit": win.limit,
                "yakuman": win.yakuman,
            }
        )
    )
    stored["tiles"] = {
        "notation": notation,
        "situation": tiles["situation"],
        "result": result.as_json(),
    }
    return stored


def stored_form(data: Mapping[str, Any]) -> dict[str, Any]:
    """What the rulebook plays (the hand without its tiles)."""
    return {k: v for k, v in data.items() if k != "tiles"}
