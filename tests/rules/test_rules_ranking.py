"""docs/rules/ranking.md: the ranking across events (examples 15-17 and the edges around them)."""

from datetime import date, timedelta
from fractions import Fraction

import pytest

from rules import ranking as rk
from rules.errors import RuleError

DAY = date(2025, 6, 1)


def result(key, n, place, weight=1, last_day=DAY):
    return rk.Result(key, last_day, n, Fraction(place), Fraction(weight))


def test_example_15_one_result_is_not_listed_two_are():
    first = result("e1", 20, 1)
    assert rk.person_ranking([first], DAY) is None
    outcome = rk.person_ranking([first, result("e2", 20, 20)], DAY)
    assert outcome.part_a == 200
    assert outcome.part_b == Fraction(1000, 3)
    assert outcome.value == Fraction(800, 3)
    assert round(float(outcome.value), 2) == 266.67
    assert outcome.padding_a == 3 and outcome.padding_b == 1


def test_example_16_base_rank_and_shared_place():
    assert rk.base_rank(16, 3) == Fraction(13000, 15)
    assert rk.shared_places([1, 2, 3, 3, 5]) == [1, 2, Fraction(7, 2), Fraction(7, 2), 5]
    assert rk.base_rank(16, Fraction(7, 2)) == Fraction(2500, 3)
    assert round(float(rk.base_rank(16, Fraction(7, 2))), 2) == 833.33


def test_example_17_weight_and_age():
    weight = rk.event_weight(rk.EventFacts(days=2, players=84, countries=11, qualification=True))
    assert (weight.duration, weight.players, weight.countries, weight.qualification) == (2, 1, 1, 1)
    assert weight.total == 5
    last = date(2024, 3, 3)
    assert weight.total * rk.age_factor(last, last + timedelta(days=400)) == Fraction(10, 3)
    assert rk.age_factor(last, last + timedelta(days=1100)) == 0


def test_weight_parts_at_their_edges():
    def total(**kw):
        return rk.event_weight(rk.EventFacts(**{"days": 1, "countries": 1, **kw})).total

    assert total(players=40) == 1
    assert total(players=41) == Fraction(3, 2)
    assert total(players=80) == Fraction(3, 2)
    assert total(players=81) == 2
    # at most three substitutes count: 78 regulars and 5 substitutes are 81 players, not 83
    assert total(players=83, substitutes=5) == 2
    assert total(players=82, substitutes=5) == Fraction(3, 2)
    assert total(players=10, countries=5) == 1
    assert total(players=10, countries=6) == Fraction(3, 2)
    assert total(players=10, countries=10) == 2
    assert total(players=10, days=5) == 3


def test_age_steps_on_their_days():
    last = date(2020, 1, 1)
    age = [
        rk.age_factor(last, last + timedelta(days=d))
        for d in (-1, 0, 365, 366, 730, 731, 1095, 1096)
    ]
    assert age == [0, 1, 1, Fraction(2, 3), Fraction(2, 3), Fraction(1, 3), Fraction(1, 3), 0]


def test_part_b_prefers_larger_weight_then_recent_among_equal_r():
    old = result("old", 11, 1, weight=1, last_day=DAY - timedelta(days=10))
    heavy = result("heavy", 11, 1, weight=2, last_day=DAY - timedelta(days=20))
    recent = result("recent", 11, 1, weight=1, last_day=DAY - timedelta(days=5))
    low = result("low", 11, 6)
    outcome = rk.person_ranking([old, heavy, recent, low], DAY, rk.Options(part_b_count=2))
    assert [line.result.key for line in outcome.lines if line.in_b] == ["heavy", "recent"]
    # B over the two best: (2*1000 + 1*1000) / 3
    assert outcome.part_b == 1000
    # A over four counting results and one zero: (2000 + 1000 + 1000 + 500) / 6
    assert outcome.part_a == Fraction(4500, 6)


def test_places_share_and_skip():
    assert rk.places({"a": Fraction(3), "b": Fraction(5), "c": Fraction(3), "d": 1}) == {
        "b": 1,
        "a": 2,
        "c": 2,
        "d": 4,
    }


@pytest.mark.parametrize("bad", [[1, 3], [1, 2, 2, 3], [2, 3], [0, 1], [1, 1, 2]])
def test_inconsistent_places_are_refused(bad):
    with pytest.raises(RuleError):
        rk.check_places(bad)


def test_consistent_places_pass():
    rk.check_places([1, 1, 3, 4, 4, 4, 7])


def test_event_of_one_player_does_not_count():
    with pytest.raises(RuleError):
        rk.base_rank(1, 1)


def test_country_ranking_averages_the_best_three():
    rows = rk.country_ranking(
        [
            ("NL", Fraction(900)),
            ("NL", Fraction(600)),
            ("NL", Fraction(300)),
            ("NL", Fraction(0)),
            ("CZ", Fraction(900)),
            ("", Fraction(1000)),
        ]
    )
    assert rows == [(1, "NL", Fraction(600), 3), (2, "CZ", Fraction(300), 1)]


def test_history_steps_with_age():
    last = date(2020, 1, 1)
    results = [result("a", 11, 1, last_day=last), result("b", 11, 11, last_day=last)]
    points = rk.history(results, last + timedelta(days=2000))
    values = [value for _, value in points]
    assert values[0] == Fraction(800, 3)
    assert values[-1] is None
    assert len(points) == 3 + 1  # three ages, then unlisted


def test_family_of_riichi_rulesets_is_one():
    assert rk.family_of("riichi_ema") == rk.family_of("riichi_wrc") == "riichi"
    assert rk.family_of("mcr") == "mcr"
