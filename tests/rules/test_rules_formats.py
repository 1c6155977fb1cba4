"""Event formats as pure functions: ranking, team sums, the cut line, carry-over, the final
ranking (docs/rules-decisions.md, section 5)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import formats as rf
from rules.errors import RuleError


def test_equal_keys_share_a_place():
    ranked = rf.rank([("a", (3, 1)), ("b", (5, 0)), ("c", (3, 1)), ("d", (3, 0))])
    assert [(r.place, r.who) for r in ranked] == [(1, "b"), (2, "a"), (2, "c"), (4, "d")]


def test_team_keys_sum_all_or_the_best():
    members = [(Fraction(7, 3), 10), (Fraction(2), -5), (Fraction(1, 3), 1)]
    assert rf.team_keys(members) == (Fraction(14, 3), 6)
    assert rf.team_keys(members, best=2) == (Fraction(13, 3), 5)
    with pytest.raises(RuleError):
        rf.team_keys(members, best=0)


def test_cut_line_with_and_without_a_tie():
    ranked = rf.rank([(w, (k,)) for w, k in zip("abcdef", (9, 8, 7, 7, 7, 1), strict=True)])
    clear = rf.cut_line(ranked, 2)
    assert clear.qualified == ("a", "b") and not clear.needs_decision
    tied = rf.cut_line(ranked, 4)
    assert tied.qualified == ("a", "b") and tied.tied == ("c", "d", "e")
    assert tied.open_seats == 2
    assert rf.decide_cut(tied, ["e", "c"]) == ("a", "b", "c", "e")
    for bad in (["c"], ["c", "f"], ["c", "c"]):
        with pytest.raises(RuleError):
            rf.decide_cut(tied, bad)
    with pytest.raises(RuleError):
        rf.decide_cut(clear, ["c"])
    with pytest.raises(RuleError):
        rf.cut_line(ranked, 7)


def test_carry_is_exact():
    keys = (Fraction(7, 3), Fraction(-5))
    assert rf.carry(rf.FULL, keys, 1) == keys
    assert rf.carry(rf.HALF, keys, 1) == (Fraction(7, 6), Fraction(-5, 2))
    assert rf.carry(rf.NONE, keys, 1) == (0, 0)
    assert rf.carry(rf.SEED, keys, 2, [8, 4]) == (4, 0)
    assert rf.carry(rf.SEED, keys, 3, [8, 4]) == (0, 0)
    values = (Fraction(14), Fraction(4), Fraction(6))
    assert rf.carry_values(rf.HALF, "score", values, 1) == (7, 2, 3)
    assert rf.carry_values(rf.SEED, "table_points", values, 1, [24, 12]) == (24, 24, 0)
    assert rf.carry_values(rf.SEED, "score", values, 2, [24, 12]) == (12, 0, 12)


def test_final_ranking_stage_places_then_cut_players_by_their_standing():
    final = rf.rank([("a", (5,)), ("b", (9,)), ("c", (1,))])
    cut_to_final = [("d", 4), ("e", 5), ("f", 5), ("a", 1), ("b", 2), ("c", 3)]
    cut_before = [("g", 1), ("h", 2)]
    assert rf.final_ranking(final, [cut_to_final, cut_before]) == [
        (1, "b"),
        (2, "a"),
        (3, "c"),
        (4, "d"),
        (5, "e"),
        (5, "f"),
        (7, "g"),
        (8, "h"),
    ]


def test_final_ranking_shares_places_of_players_cut_together():
    final = rf.rank([(1, (5,)), (2, (9,)), (3, (9,))])
    cut_to_final = [(4, 4), (5, 5), (6, 5), (1, 1), (2, 2), (3, 3), (7, 7)]
    cut_before = [(8, 1), (9, 1), (10, 3)]
    expected = rf.final_ranking(final, [cut_to_final, cut_before])
    assert expected[:3] == [(1, 2), (1, 3), (3, 1)]
    assert expected[3:7] == [(4, 4), (5, 5), (5, 6), (7, 7)]
    assert expected[-3:] == [(8, 8), (8, 9), (10, 10)]


@given(
    st.lists(st.fractions(max_denominator=24) | st.integers(-(10**6), 10**6), max_size=30),
    st.integers(-100, 100),
)
def test_an_exact_sum_is_the_sum_of_its_fractions(values, start):
    assert rf.exact_sum(values, start) == sum(values, Fraction(start))


def test_equal_keys_share_a_place_and_keep_their_order():
    ranked = rf.rank([("a", (1,)), ("b", (Fraction(5, 2),)), ("c", (1,)), ("d", (3,))])
    assert [(r.place, r.who) for r in ranked] == [(1, "d"), (2, "b"), (3, "a"), (3, "c")]
