"""The words a foul form uses under the event's ruleset.

The catalogue (rules/catalogue.py) describes each foul once, for every ruleset; a few of its
words belong to one ruleset ("MCR: 3 seconds", "chow, pung or kong"). The referee's pages
show only the event's own: riichi says chi, pon and kan, and a time limit of MCR is not shown
in another ruleset. The unit of a referee's point amount is named per ruleset too.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules import CATALOGUE, Ruleset
from rules.standings import RIICHI

# Descriptions that differ from the catalogue's under some rulesets: {code: {ruleset family:
# text}}, the family being "riichi" or "other" (every ruleset but mcr).
_DESCRIPTIONS = {
    "late_claim": {"other": gettext_noop("Claim after the time limit.")},
    "slow_play": {"other": gettext_noop("Delay in play.")},
    "wrong_claim": {"riichi": gettext_noop("Chi, pon or kan call that is wrong or empty.")},
}
_RIICHI_CALLS = {
    "chow": gettext_noop("Chi"),
    "pung": gettext_noop("Pon"),
    "kong": gettext_noop("Kan"),
}


def _family(ruleset: Ruleset) -> str:
    return "riichi" if ruleset.method == RIICHI else "other"


def foul_description(code: str, ruleset: Ruleset) -> str:
    """The foul's description as the event's ruleset words it, translated."""
    texts = _DESCRIPTIONS.get(code, {})
    if ruleset.key != "mcr":
        text = texts.get(_family(ruleset)) or texts.get("other")
        if text:
            return _(text)
    return _(CATALOGUE[code].description)


def choice_label(value: str, ruleset: Ruleset) -> str:
    """A choice's label: claims read chi/pon/kan in riichi."""
    if ruleset.method == RIICHI and value in _RIICHI_CALLS:
        return _(_RIICHI_CALLS[value])
    return _(value.replace("_", " ").capitalize())


def points_unit(ruleset: Ruleset) -> str:
    """What a point amount means under this ruleset (referee's decision)."""
    if ruleset.method == RIICHI:
        return _("Raw points: 20 000 = 20.0 points.")
    if ruleset.key == "mcr":
        return _("MCR points of the table score, e.g. 10.")
    return _("Points of the table score, e.g. 100.")
