"""docs/rules/fouls.md#riichi, riichi_ema (RCR 2016) and riichi_wrc (WRC 2015)."""

import pytest

from rules import DeadHand, Deduct, Redeal, RuleError, Warning, get_ruleset
from tests.support.rules import EAST, SOUTH, WEST, judge

RIICHI = ["riichi_ema", "riichi_wrc"]


@pytest.mark.parametrize("key", RIICHI)
def test_chombo_is_20000_overall_and_a_redeal(key):
    result = judge(key, "chombo", SOUTH, kind="furiten_ron")
    assert result == [Deduct(SOUTH, 20000, "overall"), Redeal(SOUTH)]


@pytest.mark.parametrize("key", RIICHI)
def test_revealed_false_win_is_a_chombo(key):
    result = judge(key, "false_win", SOUTH, revealed=True)
    assert result == [Deduct(SOUTH, 20000, "overall"), Redeal(SOUTH)]


def test_wrc_chombo_simultaneous_with_a_win_is_voided():
    assert judge("riichi_wrc", "chombo", SOUTH, simultaneous_win=True) == []


def test_ema_chombo_simultaneous_with_a_win_still_costs():
    assert judge("riichi_ema", "chombo", SOUTH, simultaneous_win=True) == [
        Deduct(SOUTH, 20000, "overall")
    ]


def test_wrc_chombo_amount_option_2022():
    result = judge("riichi_wrc", "chombo", SOUTH, {"chombo_points": 30000})
    assert result[0] == Deduct(SOUTH, 30000, "overall")


@pytest.mark.parametrize("key", RIICHI)
@pytest.mark.parametrize(
    ("code", "details"),
    [
        ("false_win", {"revealed": False}),
        ("long_hand", {}),
        ("short_hand", {}),
        ("wrong_claim", {"claim": "pung"}),
        ("wrong_wall_draw", {"taken_into_hand": True}),
        ("exposed_tiles", {"source": "opponent_hand", "count": 2}),
        ("exposed_tiles", {"source": "dead_wall"}),
    ],
)
def test_dead_hands(key, code, details):
    assert judge(key, code, WEST, **details) == [DeadHand(WEST)]


@pytest.mark.parametrize("key", RIICHI)
def test_empty_call_cancelled_before_reveal_costs_nothing(key):
    assert judge(key, "wrong_claim", WEST, claim="pung", cancelled_before_reveal=True) == []


@pytest.mark.parametrize("key", RIICHI)
def test_own_exposed_tiles_warning_then_chombo_over_five(key):
    assert judge(key, "exposed_tiles", EAST, source="own_hand", count=5) == [
        Warning(EAST, "exposed_tiles")
    ]
    assert judge(key, "exposed_tiles", EAST, source="own_hand", count=6) == [
        Deduct(EAST, 20000, "overall"),
        Redeal(EAST),
    ]


@pytest.mark.parametrize("key", RIICHI)
def test_referee_point_penalties_are_overall(key):
    result = judge(key, "referee_decision", EAST, sanction="deduct", amount=10000)
    assert result == [Deduct(EAST, 10000, "overall")]


@pytest.mark.parametrize("key", RIICHI)
def test_start_points_and_uma_options(key):
    ruleset = get_ruleset(key)
    options = {"start_points": 25000, "uma": [20000, 10000, -10000, -20000]}
    raw = {EAST: 35000, SOUTH: 25000, WEST: 25000, 4: 15000}
    with pytest.raises(RuleError) as error:
        ruleset.validate_table_result(raw)
    assert error.value.field == "scores"
    assert "difference -20000" in error.value.message
    ruleset.validate_table_result(raw, options)
    units = {p: s.units for p, s in ruleset.table_standings(raw, options=options).items()}
    assert units == {EAST: 30000, SOUTH: 0, WEST: 0, 4: -30000}


def test_uma_must_add_up_to_zero():
    with pytest.raises(RuleError) as error:
        get_ruleset("riichi_ema").options({"uma": [15000, 5000, -5000, -10000]})
    assert error.value.field == "options.uma"


def test_chombo_is_not_a_foul_of_other_rulesets():
    with pytest.raises(RuleError) as error:
        judge("mcr", "chombo", EAST)
    assert error.value.field == "code"
