"""Checking a hand from its tiles under the event's ruleset, and keeping the check with the
foul report it led to. The rulebook (``rules.tiles``) does the reading; this module names the
event's options, turns a ``RuleError`` into a form error and writes the evidence row."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.models import FoulReport, HandCheck
from rules import RuleError, get_ruleset
from rules.tiles import (
    TileResult,
    chinese,
    label,
    parse_hand_data,
    parse_situation,
    score_tiles,
    state_for,
    tile_payments,
)
from tournament.events.models import Event

FAMILIES = {"mcr": "mcr", "riichi_ema": "riichi", "riichi_wrc": "riichi"}
SITUATION = (
    "tsumo",
    "seat_wind",
    "prevalent_wind",
    "riichi",
    "ippatsu",
    "last_tile",
    "kong",
    "fourth_tile",
    "first_draw",
    "dora",
    "ura",
)
MAX_INPUT = 2000


def family_of(event: Event) -> str | None:
    """``mcr`` or ``riichi`` when the event's hands can be read from their tiles."""
    return FAMILIES.get(event.ruleset)


def event_options(event: Event) -> dict[str, Any]:
    return get_ruleset(event.ruleset).options(event.ruleset_options)


def rule_error(error: RuleError) -> ValidationError:
    """A rulebook error as a form error on the field it names, in the user's language."""
    return ValidationError({error.field.split(".")[0]: [error.translated(_, ngettext)]})


def evaluate(event: Event, inputs: Mapping[str, Any]) -> TileResult:
    """What the tiles in ``inputs`` (``notation``, ``win``, ``situation``) are worth in this
    event. Bad input raises ``ValidationError`` naming the field; nothing is written."""
    family = family_of(event)
    if family is None:
        raise ValidationError(
            {"notation": [_("Hands are read from their tiles only in MCR and riichi events.")]}
        )
    hand = {"notation": inputs.get("notation", ""), "win": inputs.get("win", "")}
    try:
        return score_tiles(family, hand, inputs.get("situation") or {}, event_options(event))
    except RuleError as error:
        raise rule_error(error) from None


def payment(
    event: Event,
    inputs: Mapping[str, Any],
    result: TileResult,
    *,
    counters: int = 0,
    sticks: int = 0,
) -> dict[str, Any] | None:
    """What the win pays under docs/rules/hands.md (``rules.hands``, with the table's counters
    and riichi sticks): ``gain`` for the winner and who pays what; None for a false win."""
    if not result.reaches_minimum:
        return None
    situation = parse_situation(inputs.get("situation") or {})
    winner = 0
    discarder = None if situation.tsumo else 1
    state = state_for(winner, situation, counters=counters, deposits=1000 * sticks)
    try:
        paid = tile_payments(
            result, winner=winner, discarder=discarder, options=event_options(event), state=state
        )
    except RuleError as error:
        raise rule_error(error) from None
    answer: dict[str, Any] = {"gain": paid[winner], "tsumo": situation.tsumo}
    if discarder is not None:
        answer["discarder"] = -paid[discarder]
        answer["others"] = -paid[(winner + 2) % 4]
    elif state.dealer == winner:
        answer["each"] = -paid[1]
    else:
        answer["dealer"] = -paid[state.dealer]
        answer["others"] = -paid[next(s for s in (1, 2, 3) if s != state.dealer)]
    return answer


def lines(result: TileResult) -> list[dict[str, Any]]:
    """The fans or yaku for display, named in the user's language (MCR with the Chinese)."""
    return [
        {
            "key": line.key,
            "label": _(label(result.family, line.key)),
            "chinese": chinese(line.key) if result.family == "mcr" else "",
            "value": line.value,
            "count": line.count,
        }
        for line in result.lines
    ]


def read_inputs(raw: str) -> dict[str, Any] | None:
    """The check's inputs as the foul form carries them (JSON), or None when absent; a shape
    that is not an object with a notation is refused."""
    if not raw:
        return None
    if len(raw) > MAX_INPUT:
        raise ValidationError({"hand_check": [_("The hand check is too long.")]})
    try:
        data = json.loads(raw)
    except ValueError:
        data = None
    return normalize(data)


def normalize(data: Any) -> dict[str, Any]:
    """The check's inputs from an object (the API's ``hand_check``), with only the known keys;
    any other shape is refused."""
    if not isinstance(data, dict) or not isinstance(data.get("notation"), str):
        raise ValidationError({"hand_check": [_("The hand check could not be read.")]})
    situation = data.get("situation") or {}
    if not isinstance(situation, dict):
        raise ValidationError({"hand_check": [_("The hand check could not be read.")]})
    win = data.get("win") or ""
    if not isinstance(win, str) or len(data["notation"]) > MAX_INPUT:
        raise ValidationError({"hand_check": [_("The hand check could not be read.")]})
    return {
        "notation": data["notation"],
        "win": win,
        "situation": {k: situation[k] for k in SITUATION if k in situation},
    }


def summary(inputs: Mapping[str, Any], result: TileResult) -> dict[str, Any]:
    """A check for display, in the shape ``evidence`` gives a kept one."""
    hand = parse_hand_data({"notation": inputs["notation"], "win": inputs.get("win", "")})
    return {
        "inputs": dict(inputs),
        "notation": hand.notation(),
        "total": result.total,
        "reaches_minimum": result.reaches_minimum,
        "lines": lines(result),
    }


def keep(report: FoulReport, inputs: Mapping[str, Any], result: TileResult) -> HandCheck:
    """The evidence row, written in the report's own transaction (``record_foul``)."""
    hand = parse_hand_data({"notation": inputs["notation"], "win": inputs.get("win", "")})
    return HandCheck.objects.create(
        report=report,
        family=result.family,
        notation=hand.notation()[:200],
        inputs=dict(inputs),
        result=result.as_json(),
        total=result.total,
        reaches_minimum=result.reaches_minimum,
    )


def evidence(report: FoulReport) -> dict[str, Any] | None:
    """The check kept with ``report``, for display (one query), or None."""
    check = HandCheck.objects.filter(report=report).first()
    if check is None:
        return None
    family = check.family
    return {
        "notation": check.notation,
        "total": check.total,
        "reaches_minimum": check.reaches_minimum,
        "lines": [
            {
                "key": line["key"],
                "label": _(label(family, line["key"])),
                "chinese": chinese(line["key"]) if family == "mcr" else "",
                "value": line["value"],
                "count": line.get("count", 1),
            }
            for line in check.result.get("lines", [])
        ],
    }
