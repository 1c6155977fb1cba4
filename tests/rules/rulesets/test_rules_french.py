"""docs/rules/fouls.md#french (seed 001)."""

import pytest

from rules import DeadHand, RuleError, Transfer, get_ruleset
from tests.support.rules import EAST, NORTH, SOUTH, WEST, judge, table_moves


def french(code, offender, options=None, **details):
    return judge("french", code, offender, options, **details)


def test_false_win_absolved_when_nobody_showed_his_hand():
    assert french("false_win", EAST, others_exposed=False) == []


def test_east_false_win_pays_500_to_each():
    assert table_moves(french("false_win", EAST, others_exposed=True)) == {
        EAST: -1500,
        SOUTH: 500,
        WEST: 500,
        NORTH: 500,
    }


def test_other_false_win_pays_500_to_east_and_250_to_the_others():
    assert table_moves(french("false_win", NORTH, others_exposed=True)) == {
        NORTH: -1000,
        EAST: 500,
        SOUTH: 250,
        WEST: 250,
    }


def test_false_win_amounts_follow_the_limit_option():
    moves = table_moves(french("false_win", WEST, {"limit": 2000}, others_exposed=True))
    assert moves == {WEST: -2000, EAST: 1000, SOUTH: 500, NORTH: 500}


def test_any_whole_limit_is_accepted_and_the_shares_round_down():
    moves = table_moves(french("false_win", WEST, {"limit": 1001}, others_exposed=True))
    assert moves == {WEST: -1000, EAST: 500, SOUTH: 250, NORTH: 250}
    moves = table_moves(french("false_win", EAST, {"limit": 1003}, others_exposed=True))
    assert moves == {EAST: -1503, SOUTH: 501, WEST: 501, NORTH: 501}
    with pytest.raises(RuleError) as error:
        get_ruleset("french").options({"limit": 3})
    assert error.value.field == "options.limit"


def test_wrong_claim_not_corrected_is_a_dead_hand():
    assert french("wrong_claim", SOUTH, claim="chow") == [DeadHand(SOUTH)]


def test_wrong_claim_corrected_before_the_next_player_plays_is_absolved():
    assert french("wrong_claim", SOUTH, claim="chow", corrected_in_time=True) == []


def test_short_hand_is_a_dead_hand():
    assert french("short_hand", SOUTH, count=1) == [DeadHand(SOUTH)]


@pytest.mark.parametrize("claim", ["pung", "kong"])
def test_claim_without_the_tiles_pays_100_to_the_hand_winner(claim):
    result = french(
        "wrong_claim", SOUTH, claim=claim, had_tiles=False, corrected_in_time=True, hand_winner=WEST
    )
    assert result == [Transfer(SOUTH, WEST, 100)]


def test_claim_without_the_tiles_in_a_drawn_hand_pays_nobody():
    assert french("wrong_claim", SOUTH, claim="pung", had_tiles=False, corrected_in_time=True) == []


def test_dangerous_discard_discarder_pays_for_the_other_two():
    # North won on South's forbidden tile; East and West paid 400 and 200 for that win.
    result = french("dangerous_discard", SOUTH, winner=NORTH, payments={EAST: 400, WEST: 200})
    assert result == [Transfer(SOUTH, EAST, 400), Transfer(SOUTH, WEST, 200)]
    assert table_moves(result) == {SOUTH: -600, EAST: 400, WEST: 200}


def test_dangerous_discard_payments_cannot_name_winner_or_discarder():
    with pytest.raises(RuleError) as error:
        french("dangerous_discard", SOUTH, winner=NORTH, payments={NORTH: 400})
    assert error.value.field == "details.payments"
    with pytest.raises(RuleError) as error:
        french("dangerous_discard", SOUTH, winner=NORTH, payments={SOUTH: 400})
    assert error.value.field == "details.payments"
