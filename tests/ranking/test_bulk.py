"""The arrays path (``scoring.ranking.bulk``) gives what ``rules.ranking`` gives, exactly: the
same persons listed with the same values, parts, counts and places, on randomised results
(ties, every age step and its edges, results that no longer count, odd weight overrides,
persons with 1 to 30 results, Part B counting 1 to 20), and it declines what only the
reference may judge. No database: these are the module's own tests."""

from __future__ import annotations

import random
from datetime import date, timedelta
from fractions import Fraction

import numpy as np
import pytest

from rules import ranking as rk
from scoring.ranking import bulk

ON = date(2026, 3, 1)
# the days after an event's last day where the age factor steps, and either side of them
AGE_EDGES = (-1, 0, 1, 365, 366, 730, 731, 1095, 1096, 1500)
HALVES = [Fraction(k, 2) for k in range(2, 13)]
ODD = [Fraction(22, 7), Fraction(1, 3), Fraction(7, 5), Fraction(999_999, 1000), Fraction(5, 12)]


def standings_places(rng: random.Random, n: int) -> list[int]:
    """A final ranking's places with ties (1, 2, 2, 4, ...)."""
    places: list[int] = []
    for index in range(n):
        tie = index and rng.random() < 0.25
        places.append(places[-1] if tie else index + 1)
    return places


def random_results(seed: int, *, weights=None, sizes=(2, 40), persons=60, events=40):
    """(rows, events): rows of (person, event, place, shared); events of (n, last day,
    weight)."""
    rng = random.Random(seed)
    weights = weights or HALVES + ODD
    facts, rows = [], []
    for _ in range(events):
        n = rng.randint(*sizes)
        days = rng.choice(AGE_EDGES) if rng.random() < 0.5 else rng.randint(-5, 1200)
        facts.append((n, ON - timedelta(days=days), rng.choice(weights)))
    # persons with 1..30 results (at most one per event)
    for person in range(persons):
        count = rng.choice([1, 1, 2, 3, 5, 8, 13, 21, 30])
        for event in rng.sample(range(events), min(count, events)):
            rows.append((1000 + person, event))
    by_event: dict[int, list[int]] = {}
    for person, event in rows:
        by_event.setdefault(event, []).append(person)
    out = []
    for event, people in by_event.items():
        n = facts[event][0]
        places = standings_places(rng, n)
        shared = {place: places.count(place) for place in places}
        for person, place in zip(people, rng.sample(places, min(len(people), n)), strict=False):
            out.append((person, event, place, shared[place]))
    return out, facts


def reference(rows, facts, options: rk.Options) -> dict[int, tuple]:
    by_person: dict[int, list[rk.Result]] = {}
    for person, event, place, shared in rows:
        n, last_day, weight = facts[event]
        spot = Fraction(2 * place + shared - 1, 2)
        by_person.setdefault(person, []).append(rk.Result(event, last_day, n, spot, weight))
    return {
        entry.person: (
            entry.ranking.value,
            entry.ranking.part_a,
            entry.ranking.part_b,
            entry.ranking.counted,
            entry.place,
        )
        for entry in rk.ranking(by_person, ON, options)
    }


def arrays(rows, facts, options: rk.Options = bulk.DEFAULT) -> bulk.Ranked | None:
    distinct = sorted({weight for _n, _day, weight in facts})
    table = np.array(rows, np.int64).reshape(-1, 4)
    return bulk.rank(
        table[:, 0],
        table[:, 1],
        2 * table[:, 2] + table[:, 3] - 1,
        [n for n, _day, _weight in facts],
        [day.toordinal() for _n, day, _weight in facts],
        [distinct.index(weight) for _n, _day, weight in facts],
        distinct,
        ON.toordinal(),
        options,
    )


def computed(ranked: bulk.Ranked) -> dict[int, tuple]:
    def fractions(pair):
        return [Fraction(num, den) for num, den in zip(*pair, strict=True)]

    out = {}
    columns = zip(
        ranked.person.tolist(),
        fractions(ranked.value),
        fractions(ranked.part_a),
        fractions(ranked.part_b),
        ranked.counted.tolist(),
        ranked.place.tolist(),
        ranked.score.tolist(),
        bulk.text(ranked.value),
        strict=True,
    )
    for person, value, part_a, part_b, counted, place, score, text in columns:
        # what is stored: the float of the exact value and str(Fraction)
        assert score == float(value) and text == str(value)
        out[person] = (value, part_a, part_b, counted, place)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_random_results_agree_with_the_reference(seed):
    rows, facts = random_results(seed)
    options = rk.Options(part_b_count=random.Random(seed).randint(1, 20))
    expected = reference(rows, facts, options)
    assert expected  # the data lists somebody
    assert computed(arrays(rows, facts, options)) == expected


@pytest.mark.parametrize("seed", range(5))
def test_person_ids_too_large_for_one_sort_key(seed):
    """Ids near 2^50 leave no room for r and w a in one int64 key: np.lexsort orders."""
    rows, facts = random_results(300 + seed)
    rows = [(2**50 + person, *rest) for person, *rest in rows]
    options = rk.Options(part_b_count=2)
    assert computed(arrays(rows, facts, options)) == reference(rows, facts, options)


@pytest.mark.parametrize("count", [1, 2, 3, 5, 20])
def test_every_part_b_count(count):
    rows, facts = random_results(100 + count, persons=120)
    options = rk.Options(part_b_count=count)
    assert computed(arrays(rows, facts, options)) == reference(rows, facts, options)


def test_ties_in_r_take_the_larger_weight_into_part_b():
    """A winner (r 1000, w 1) and two 6th places of 11 (r 500) with w 2 and w 1: Part B over
    the best two takes the heavier 500, B = (1000 + 2 x 500) / 3, not (1000 + 500) / 2."""
    facts = [(11, ON, Fraction(1)), (11, ON, Fraction(1)), (11, ON, Fraction(2))]
    rows = [(7, 0, 1, 1), (7, 1, 6, 1), (7, 2, 6, 1)]
    options = rk.Options(part_b_count=2)
    got = computed(arrays(rows, facts, options))
    assert got == reference(rows, facts, options)
    assert got[7][2] == Fraction(2000, 3)


def test_nearly_equal_ranks_keep_their_order():
    """Tied last of 1000 (r 500/999) and tied last of 999 (r 500/998) differ by 1/1994
    only; Part B's one result is the larger r, though the other weighs more."""
    facts = [(1000, ON, Fraction(3)), (999, ON, Fraction(1))]
    rows = [(5, 0, 999, 2), (5, 1, 998, 2)]
    options = rk.Options(part_b_count=1)
    got = computed(arrays(rows, facts, options))
    assert got == reference(rows, facts, options)
    assert got[5][2] == Fraction(500, 998)


def test_equal_values_share_a_place():
    # two persons with the same results in different events, a third below them
    facts = [(5, ON, Fraction(1)), (5, ON, Fraction(1)), (5, ON, Fraction(1))]
    rows = [(1, 0, 1, 1), (2, 1, 1, 1), (1, 1, 2, 1), (2, 0, 2, 1), (3, 2, 1, 1), (3, 0, 5, 1)]
    got = computed(arrays(rows, facts))
    assert got == reference(rows, facts, bulk.DEFAULT)
    assert [got[p][4] for p in (1, 2, 3)] == [1, 1, 3]


def test_an_lcm_beyond_int64_is_summed_in_python_integers():
    """One person with 30 results in events whose n - 1 are distinct primes (their lcm is
    far beyond 2^63) beside persons whose sums fit int64: both paths in one ranking."""
    primes = [p for p in range(2, 200) if all(p % k for k in range(2, p))][:30]
    facts = [(p + 1, ON - timedelta(days=i * 30), Fraction(3, 2)) for i, p in enumerate(primes)]
    rows = [(1, e, 1 + e % (n - 1), 1) for e, (n, _day, _weight) in enumerate(facts)]
    rows += [(2, 3, 2, 1), (2, 4, 1, 1), (3, 3, 1, 1), (3, 5, 2, 2), (4, 5, 2, 2), (4, 6, 3, 1)]
    got = computed(arrays(rows, facts))
    assert got == reference(rows, facts, bulk.DEFAULT)
    assert got[1][1].denominator > 2**63


def test_weights_with_huge_denominators():
    """Overrides may be any fraction: w a Q beyond int64 takes Python integers throughout."""
    huge = [Fraction(10**18 + 9, 10**18), Fraction(2**61 - 1, 2**60 + 7), Fraction(3, 2)]
    facts = [(9, ON, huge[0]), (13, ON - timedelta(days=400), huge[1]), (5, ON, huge[2])]
    rows = [(1, 0, 3, 2), (1, 1, 1, 1), (2, 1, 4, 1), (2, 2, 2, 1), (2, 0, 1, 1), (3, 2, 1, 1)]
    got = computed(arrays(rows, facts))
    assert got == reference(rows, facts, bulk.DEFAULT)
    assert got[2][0].denominator > 2**100


def test_integers_beyond_float64():
    """Thirty overrides with distinct 18-digit denominators: Q has some 500 digits, beyond
    what a float64 holds; the values are still exact and their floats right."""
    facts = [(10 + i, ON - timedelta(days=i), Fraction(1, 10**17 + i)) for i in range(30)]
    rows = [(1, e, 1 + e % 7, 1) for e in range(30)] + [(2, 0, 8, 1), (2, 29, 2, 1)]
    got = computed(arrays(rows, facts))
    assert got == reference(rows, facts, bulk.DEFAULT)
    assert got[1][0].denominator > 10**400


@pytest.mark.parametrize("seed", range(5))
def test_odd_weights_only(seed):
    rows, facts = random_results(200 + seed, weights=ODD, sizes=(2, 300))
    assert computed(arrays(rows, facts)) == reference(rows, facts, bulk.DEFAULT)


def test_nobody_counts():
    facts = [(4, ON - timedelta(days=2000), Fraction(1)), (4, ON + timedelta(days=1), 1)]
    rows = [(1, 0, 1, 1), (1, 1, 2, 1), (2, 0, 2, 1)]
    ranked = arrays(rows, facts)
    assert len(ranked) == 0 and reference(rows, facts, bulk.DEFAULT) == {}
    assert len(arrays([], facts)) == 0


@pytest.mark.parametrize(
    ("rows", "facts"),
    [
        ([(1, 0, 5, 1), (1, 1, 1, 1)], [(4, ON, Fraction(1)), (4, ON, Fraction(1))]),  # 5 of 4
        ([(1, 0, 4, 2), (1, 1, 1, 1)], [(4, ON, Fraction(1)), (4, ON, Fraction(1))]),  # 4.5 of 4
        ([(1, 0, 0, 1), (1, 1, 1, 1)], [(4, ON, Fraction(1)), (4, ON, Fraction(1))]),  # place 0
        ([(1, 0, 1, 1), (1, 1, 1, 1)], [(4, ON, Fraction(0)), (4, ON, Fraction(1))]),  # w 0
        ([(1, 0, 1, 1), (1, 1, 1, 1)], [(bulk.N_MAX, ON, Fraction(1)), (4, ON, Fraction(1))]),
    ],
)
def test_what_only_the_reference_judges_is_declined(rows, facts):
    assert arrays(rows, facts) is None
