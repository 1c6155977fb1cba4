"""Riichi, EMA Riichi Competition Rules 2016."""

from rules.hands import RIICHI
from rules.rulesets import riichi
from rules.rulesets.base import Ruleset

RULESET = Ruleset(
    key="riichi_ema",
    name="Riichi (EMA RCR 2016)",
    version="riichi_ema-2016.1",
    option_specs=riichi.options(chombo_points=20000),
    codes=riichi.CODES,
    method="riichi",
    rule=riichi.make_rule(voided_by_simultaneous_win=False),
    check_options=riichi.check_options,
    reads=riichi.READS,
    record=riichi.RECORD,
    hand_rules=RIICHI,
)
