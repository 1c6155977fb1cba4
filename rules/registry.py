"""Ruleset registry: key -> Ruleset."""

from rules.errors import RuleError
from rules.rulesets import classical, french, mcr, riichi_ema, riichi_wrc, wsom
from rules.rulesets.base import Ruleset

RULESETS: dict[str, Ruleset] = {
    module.RULESET.key: module.RULESET
    for module in (mcr, riichi_ema, riichi_wrc, wsom, classical, french)
}
KEYS = tuple(RULESETS)
CHOICES = tuple((ruleset.key, ruleset.name) for ruleset in RULESETS.values())


def get_ruleset(key: str) -> Ruleset:
    try:
        return RULESETS[key]
    except (KeyError, TypeError):
        raise RuleError("ruleset", f"unknown ruleset {key!r}") from None
