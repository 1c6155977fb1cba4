"""docs/rules/fouls.md#classical (seed 000)."""

import pytest

from rules import DeadHand, DealerPasses, HandEnds, Transfer, get_ruleset
from tests.support.rules import EAST, NORTH, SOUTH, WEST, judge, kinds, table_moves


def classical(code, offender, options=None, **details):
    return judge("classical", code, offender, options, **details)


def test_false_win_without_exposure_costs_nothing_and_play_continues():
    assert classical("false_win", SOUTH, others_exposed=False) == []


def test_false_win_after_exposure_pays_300_each_and_ends_hand():
    result = classical("false_win", WEST, others_exposed=True)
    assert table_moves(result) == {WEST: -900, EAST: 300, SOUTH: 300, NORTH: 300}
    assert HandEnds(WEST, no_score=True) in result
    assert not any(isinstance(c, DealerPasses) for c in result)


def test_east_false_win_passes_east():
    result = classical("false_win", EAST, others_exposed=True)
    assert DealerPasses(EAST) in result


def test_two_false_wins_on_one_discard_pay_150_to_each_non_offender():
    result = classical("false_win", SOUTH, others_exposed=True, co_offenders=[NORTH])
    assert table_moves(result) == {SOUTH: -300, NORTH: -300, EAST: 300, WEST: 300}
    assert [c for c in result if isinstance(c, Transfer)] == [
        Transfer(SOUTH, EAST, 150),
        Transfer(SOUTH, WEST, 150),
        Transfer(NORTH, EAST, 150),
        Transfer(NORTH, WEST, 150),
    ]
    assert DealerPasses(EAST) not in result


def test_three_false_wins_pay_100_to_the_fourth():
    result = classical("false_win", EAST, others_exposed=True, co_offenders=[SOUTH, WEST])
    assert table_moves(result) == {EAST: -100, SOUTH: -100, WEST: -100, NORTH: 300}
    assert DealerPasses(EAST) in result  # East is one of the offenders


def claims(*items):
    return [{"player": p, "claim": c, "proven": proven} for p, c, proven in items]


def test_misnamed_discard_proven_chow_claim_pays_50():
    result = classical("misnamed_discard", EAST, claims=claims((SOUTH, "chow", True)))
    assert result == [Transfer(EAST, SOUTH, 50)]


@pytest.mark.parametrize("claim", ["pung", "kong"])
def test_misnamed_discard_proven_pung_or_kong_claim_pays_100(claim):
    result = classical("misnamed_discard", EAST, claims=claims((WEST, claim, True)))
    assert result == [Transfer(EAST, WEST, 100)]


def test_misnamed_discard_unproven_claim_costs_nothing():
    assert classical("misnamed_discard", EAST, claims=claims((SOUTH, "pung", False))) == []


def test_misnamed_discard_proven_win_claim_pays_300_each_and_ends_hand():
    result = classical("misnamed_discard", SOUTH, claims=claims((WEST, "win", True)))
    assert table_moves(result) == {SOUTH: -900, EAST: 300, WEST: 300, NORTH: 300}
    assert HandEnds(SOUTH, no_score=True) in result
    assert not any(isinstance(c, DealerPasses) for c in result)
    east = classical("misnamed_discard", EAST, claims=claims((WEST, "win", True)))
    assert DealerPasses(EAST) in east


def test_misnamed_discard_false_win_claim_after_exposure_both_pay_150():
    result = classical(
        "misnamed_discard", SOUTH, claims=claims((EAST, "win", False)), others_exposed=True
    )
    assert table_moves(result) == {SOUTH: -300, EAST: -300, WEST: 300, NORTH: 300}
    assert HandEnds(SOUTH, no_score=True) in result
    assert DealerPasses(EAST) in result  # the East claimer is an offender


def test_misnamed_discard_false_win_claim_withdrawn_before_exposure_costs_nothing():
    assert classical("misnamed_discard", SOUTH, claims=claims((EAST, "win", False))) == []


def test_misnamed_discard_with_a_win_claim_caps_each_receipt_at_300():
    result = classical(
        "misnamed_discard",
        SOUTH,
        claims=claims((WEST, "win", True), (EAST, "pung", True)),
    )
    moves = table_moves(result)
    assert moves == {SOUTH: -900, EAST: 300, WEST: 300, NORTH: 300}


def test_misnamed_discard_chow_and_pung_both_paid_without_win():
    result = classical(
        "misnamed_discard", SOUTH, claims=claims((WEST, "chow", True), (EAST, "pung", True))
    )
    assert table_moves(result) == {SOUTH: -150, WEST: 50, EAST: 100}


def test_long_hand_is_dead_and_pays_each_other_hand_value():
    result = classical("long_hand", NORTH, count=1, hand_values={EAST: 120, SOUTH: 0, WEST: 64})
    assert result[0] == DeadHand(NORTH, no_win=True)
    assert table_moves(result) == {NORTH: -184, EAST: 120, WEST: 64}


def test_long_hand_reported_before_settlement_is_a_dead_hand():
    assert classical("long_hand", NORTH) == [DeadHand(NORTH)]


@pytest.mark.parametrize(
    ("code", "details"),
    [
        ("short_hand", {"count": 1}),
        ("wrong_claim", {"claim": "pung", "corrected_in_time": False}),
        ("draw_out_of_turn", {"tile_seen": True}),
        ("discard_out_of_turn", {"claimed_by_someone": True}),
    ],
)
def test_wrong_tile_counts_make_a_dead_hand_and_play_continues(code, details):
    assert classical(code, WEST, **details) == [DeadHand(WEST, no_win=True)]


@pytest.mark.parametrize(
    ("code", "details"),
    [
        ("wrong_claim", {"claim": "chow", "corrected_in_time": True}),
        ("draw_out_of_turn", {"tile_seen": False}),
        ("discard_out_of_turn", {"claimed_by_someone": False}),
    ],
)
def test_errors_put_right_in_time_cost_nothing(code, details):
    assert classical(code, WEST, **details) == []


def test_raised_false_win_amount_scales_the_other_amounts():
    options = {"false_win_amount": 600}
    one = classical("false_win", SOUTH, options, others_exposed=True)
    assert table_moves(one)[SOUTH] == -1800
    two = classical("false_win", SOUTH, options, others_exposed=True, co_offenders=[WEST])
    assert table_moves(two)[EAST] == 600  # 300 = 1/2 from each of two
    three = classical("false_win", SOUTH, options, others_exposed=True, co_offenders=[WEST, EAST])
    assert table_moves(three)[NORTH] == 600  # 200 = 1/3 from each of three
    chow = classical("misnamed_discard", EAST, options, claims=claims((SOUTH, "chow", True)))
    assert chow == [Transfer(EAST, SOUTH, 100)]  # 1/6
    pung = classical("misnamed_discard", EAST, options, claims=claims((SOUTH, "pung", True)))
    assert pung == [Transfer(EAST, SOUTH, 200)]  # 1/3


@pytest.mark.parametrize(
    ("base", "two", "three", "chow"),
    [(301, 150, 100, 50), (1000, 500, 333, 166), (305, 152, 101, 50), (5, 2, 1, 1), (1, 1, 1, 1)],
)
def test_any_whole_false_win_amount_is_accepted_and_derived_amounts_round_down(
    base, two, three, chow
):
    options = get_ruleset("classical").options({"false_win_amount": base})
    assert options["two_offender_amount"] == two
    assert options["three_offender_amount"] == options["pung_claim_amount"] == three
    assert options["chow_claim_amount"] == chow
    moves = classical(
        "false_win", SOUTH, {"false_win_amount": base}, others_exposed=True, co_offenders=[WEST]
    )
    assert table_moves(moves)[EAST] == 2 * two


def test_rounding_down_never_pays_more_than_one_offender_would():
    for base in range(6, 2000):
        options = get_ruleset("classical").options({"false_win_amount": base})
        assert 2 * options["two_offender_amount"] <= base
        assert 3 * options["three_offender_amount"] <= base
        assert 6 * options["chow_claim_amount"] <= base


def test_derived_amounts_set_by_the_event_are_kept():
    options = get_ruleset("classical").options(
        {"false_win_amount": 1000, "three_offender_amount": 340, "chow_claim_amount": 170}
    )
    assert (options["two_offender_amount"], options["three_offender_amount"]) == (500, 340)
    assert (options["pung_claim_amount"], options["chow_claim_amount"]) == (333, 170)


def test_dangerous_discard_is_as_french():
    result = classical("dangerous_discard", SOUTH, winner=WEST, payments={EAST: 200, NORTH: 100})
    assert result == [Transfer(SOUTH, EAST, 200), Transfer(SOUTH, NORTH, 100)]


def test_fouls_without_a_sanction_in_the_source_are_warnings():
    assert kinds(classical("slow_play", EAST)) == ["warning"]
