"""docs/rules/fouls.md#mcr (seed 003, Green Book, MERS)."""

import pytest

from rules import DeadHand, Deduct, Warning, get_ruleset
from rules.rulesets.mcr import meets_minimum
from tests.support.rules import EAST, NORTH, SOUTH, WEST, judge, kinds, table_moves


def mcr(code, offender, options=None, **details):
    return judge("mcr", code, offender, options, **details)


def test_false_win_pays_10_to_each_other_player_and_the_hand_cannot_win():
    result = mcr("false_win", SOUTH, reason="under_minimum")
    assert table_moves(result) == {SOUTH: -30, EAST: 10, WEST: 10, NORTH: 10}
    assert DeadHand(SOUTH, no_win=True) in result
    assert "hand_ends" not in kinds(result)  # play continues


def test_false_win_amount_is_an_option():
    result = mcr("false_win", SOUTH, {"false_win_amount": 20})
    assert table_moves(result)[SOUTH] == -60


def test_premature_count_deducts_10_table_scope():
    assert mcr("premature_count", NORTH) == [Deduct(NORTH, 10, "table")]


def test_wrong_claim_corrected_before_discard_costs_nothing():
    assert mcr("wrong_claim", WEST, claim="pung", corrected_in_time=True) == []


def test_wrong_claim_not_corrected_is_a_dead_hand():
    assert mcr("wrong_claim", WEST, claim="pung") == [DeadHand(WEST)]


@pytest.mark.parametrize("code", ["long_hand", "short_hand"])
def test_long_and_short_hands_are_dead(code):
    assert mcr(code, EAST) == [DeadHand(EAST)]


def test_late_claim_is_void_with_a_warning():
    assert mcr("late_claim", EAST, seconds=5) == [Warning(EAST, "late_claim")]


@pytest.mark.parametrize(
    ("code", "details"),
    [
        ("slow_play", {"seconds": 25}),
        ("exposed_tiles", {"source": "own_hand", "count": 2}),
        ("wrong_wall_draw", {}),
        ("misconduct", {"severity": "major"}),
    ],
)
def test_minor_fouls_are_warnings_by_default(code, details):
    assert kinds(mcr(code, EAST, **details)) == ["warning"]


@pytest.mark.parametrize(
    ("details", "expected"),
    [
        ({"sanction": "deduct", "amount": 30}, Deduct(EAST, 30, "table")),
        ({"sanction": "dead_hand"}, DeadHand(EAST)),
        ({"sanction": "disqualification"}, None),
    ],
)
def test_escalation_through_referee_decision(details, expected):
    result = mcr("referee_decision", EAST, **details)
    assert len(result) == 1
    assert result[0].kind == details["sanction"]
    if expected is not None:
        assert result[0] == expected


def test_point_penalty_scope_option():
    result = mcr(
        "referee_decision", EAST, {"point_penalty_scope": "overall"}, sanction="deduct", amount=30
    )
    assert result == [Deduct(EAST, 30, "overall")]


def test_minimum_eight_points_without_bonus_tiles():
    assert meets_minimum(8)
    assert not meets_minimum(9, bonus_points=2)
    assert meets_minimum(10, bonus_points=2)


def test_table_points_use_the_table_score_after_table_penalties():
    mcr_rules = get_ruleset("mcr")
    result = mcr_rules.table_standings({EAST: 6, SOUTH: 0, WEST: -1, NORTH: -5}, {EAST: -10})
    assert result[EAST].score == -4
    assert {p: s.table_points for p, s in result.items()} == {
        SOUTH: 4,
        WEST: 2,
        EAST: 1,
        NORTH: 0,
    }
