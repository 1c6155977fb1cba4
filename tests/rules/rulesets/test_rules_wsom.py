"""docs/rules/fouls.md#wsom (seed 002)."""

import pytest

from rules import DeadHand, PenaltyTiles, Warning
from tests.support.rules import EAST, NORTH, SOUTH, WEST, judge


def wsom(code, offender, options=None, **details):
    return judge("wsom", code, offender, options, **details)


def test_exposed_own_tiles_become_live_penalty_tiles():
    assert wsom("exposed_tiles", EAST, source="own_hand", count=2) == [PenaltyTiles(EAST, 2)]


def test_one_tile_exposed_while_sorting_the_opening_hand_is_excused():
    assert wsom("exposed_tiles", EAST, source="own_hand", count=1, during_deal=True) == []
    assert wsom("exposed_tiles", EAST, source="own_hand", count=3, during_deal=True) == [
        PenaltyTiles(EAST, 2)
    ]


def test_false_win_revealed_tiles_and_others_revealed_become_penalty_tiles():
    result = wsom(
        "false_win", SOUTH, revealed=True, revealed_count=14, others_exposed_counts={NORTH: 4}
    )
    assert result == [PenaltyTiles(SOUTH, 14), PenaltyTiles(NORTH, 4)]


def test_false_win_revealed_without_a_count_means_the_whole_hand():
    assert wsom("false_win", SOUTH, revealed=True) == [PenaltyTiles(SOUTH, 14)]


def test_win_call_withdrawn_before_revealing_costs_three_penalty_tiles():
    assert wsom("false_win", SOUTH, revealed=False) == [PenaltyTiles(SOUTH, 3)]


def test_wrong_claim_corrected_at_once_exposed_tiles_are_penalty_tiles():
    result = wsom("wrong_claim", WEST, claim="pung", corrected_in_time=True, tiles_revealed=2)
    assert result == [PenaltyTiles(WEST, 2)]


def test_wrong_claim_cancelled_before_exposing_costs_two_penalty_tiles():
    result = wsom("wrong_claim", WEST, claim="chow", cancelled_before_reveal=True)
    assert result == [PenaltyTiles(WEST, 2)]


def test_wrong_claim_not_caught_at_once_is_a_dead_hand():
    assert wsom("wrong_claim", WEST, claim="chow") == [DeadHand(WEST)]


def test_long_hand_dead_no_claims_no_kongs():
    assert wsom("long_hand", WEST) == [DeadHand(WEST, no_win=True, no_claim=True, no_kong=True)]


def test_short_hand_dead():
    assert wsom("short_hand", WEST) == [DeadHand(WEST, no_win=True)]


def test_draw_out_of_turn_is_a_long_hand_and_discard_out_of_turn_a_short_hand():
    assert wsom("draw_out_of_turn", NORTH) == wsom("long_hand", NORTH)
    assert wsom("discard_out_of_turn", NORTH) == wsom("short_hand", NORTH)


def test_wrong_wall_draw_keeps_the_tile():
    assert wsom("wrong_wall_draw", EAST, taken_into_hand=True) == []


def test_wrong_wall_draw_won_with_may_be_penalised_unless_others_at_fault():
    assert wsom("wrong_wall_draw", EAST, won_with_tile=True) == [Warning(EAST, "wrong_wall_draw")]
    assert wsom("wrong_wall_draw", EAST, won_with_tile=True, others_at_fault=True) == []


@pytest.mark.parametrize(("next_tile", "expected"), [(True, []), (False, ["warning"])])
def test_exposed_wall_tile_taken_if_next_otherwise_warning(next_tile, expected):
    result = wsom("exposed_tiles", SOUTH, source="wall", next_tile=next_tile)
    assert [c.kind for c in result] == expected


def test_referee_point_penalties_are_overall_by_default():
    result = wsom("referee_decision", SOUTH, sanction="deduct", amount=50)
    assert [(c.kind, c.scope) for c in result] == [("deduct", "overall")]
