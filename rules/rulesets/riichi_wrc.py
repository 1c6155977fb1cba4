"""Riichi, World Riichi Championship rules (2015 figures; WRC 2022 sets chombo_points=30000)."""

from rules.hands import RIICHI
from rules.rulesets import riichi
from rules.rulesets.base import Ruleset

RULESET = Ruleset(
    key="riichi_wrc",
    name="Riichi (WRC 2015)",
    version="riichi_wrc-2015.1",
    option_specs=riichi.options(chombo_points=20000),
    codes=riichi.CODES,
    method="riichi",
    rule=riichi.make_rule(voided_by_simultaneous_win=True),
    check_options=riichi.check_options,
    reads=riichi.READS,
    record=riichi.RECORD,
    hand_rules=RIICHI,
)
