"""Fewer than four tables: the lower bound is exact (issue 19, item 7).

The bound comes from an exhaustive search (``seating/bound_search.py``, table in
``seating/data/small_bounds.json`` written by ``tools/seating_designs/seating_bounds.py``); the
generator reaches it, which shows the bound exact from both sides."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from seating import SeatingRequest, bounds, generate, lower_bound, quality, validate


def stored_sizes(exact: bool = True) -> list[tuple[str, int, int]]:
    """Sizes whose bound under the generator's rules is known (with a schedule reaching
    it), or (``exact=False``) those with only the bound for any schedule."""
    out = []
    for key, entry in bounds.stored_table().items():
        fill, n = key.split(":")
        if ("schedules" in entry) == exact:
            out.append((fill, int(n), len(entry.get("schedules", entry.get("max_cover", [])))))
    return sorted(out)


def partial(fill: str, players: int) -> bool:
    """Whether the search stopped (time limit) before every pair had met."""
    return bool(bounds.stored_table()[f"{fill}:{players}"].get("partial_fair"))


def test_the_table_covers_every_size_below_four_tables():
    have = {(f, n) for f, n, _ in stored_sizes()}
    assert have == {("substitutes", n) for n in range(4, 13)} | {("byes", n) for n in range(4, 16)}
    # complete (every pair met) except 15 players with byes, where the search stops at
    # its time limit after five rounds
    assert {(f, n) for f, n, _ in stored_sizes() if partial(f, n)} == {("byes", 15)}


def test_thirteen_players_with_byes_is_exact():
    # 3 tables and a bye: four rounds cover 63 pairs at most, not the 72 of the
    # counting bound (13 points: blocks of four pairwise disjoint in threes cannot
    # avoid repeats the way a plane of order 3 would), and six rounds meet every pair
    entry = bounds.stored_table()["byes:13"]
    assert entry["max_cover"] == entry["max_cover_fair"] == [18, 34, 50, 63, 75, 78]
    assert [lower_bound(13, r, "byes") for r in range(1, 8)] == [0, 2, 4, 9, 15, 30, 48]


def test_fourteen_players_with_byes_is_exact():
    entry = bounds.stored_table()["byes:14"]
    assert entry["max_cover"] == entry["max_cover_fair"] == [18, 35, 52, 67, 80, 91]
    assert [lower_bound(14, r, "byes") for r in range(1, 8)] == [0, 1, 2, 5, 10, 17, 35]


def test_fifteen_players_with_byes_five_rounds_without_repeats():
    # the lines of the affine plane of order 4 less one point: every pair at most once
    # in five rounds (the counting bound of players who play every round said 8)
    entry = bounds.stored_table()["byes:15"]
    assert entry["max_cover"][:5] == entry["max_cover_fair"][:5] == [18, 36, 54, 72, 90]
    assert [lower_bound(15, r, "byes") for r in range(1, 6)] == [0, 0, 0, 0, 0]


def test_past_the_proven_rounds_a_bound_that_holds_with_byes():
    # fifteen players, six rounds and more: past the search; the bound is the degree one
    # (every player meets 3 new players a round it plays, at most 14), not the counting
    # bound of players who play every round (30 for six rounds, above what generate
    # reaches)
    assert [lower_bound(15, r, "byes") for r in (7, 8)] == [21, 39]
    # any schedule of that shape (byes not shared as the generator shares them): 6
    assert bounds.small_repeats(15, 6, "byes", fair=False) == 6


def test_fifteen_players_with_byes_six_rounds_proven_by_cases():
    """Six rounds under the generator's rules: ``tools/seating_designs/seating_bound15.py`` proved
    every schedule of fewer repeats impossible (the degree bound said 6), so the stored
    schedule, and ``generate`` starting from it, reach the bound."""
    proven = bounds.stored_table()["byes:15"]["cover_fair_at_most"]["6"]
    assert lower_bound(15, 6, "byes") == 108 - proven == 9
    assert bounds.small_repeats(15, 6, "byes") == 9
    stored = bounds.small_schedule(15, 6, "byes")
    meetings = Counter(pair for rnd in stored for t in rnd[:3] for pair in combinations(t, 2))
    assert sum(m - 1 for m in meetings.values()) == 9
    assert (
        generate(SeatingRequest(15, 6, seed=2, fill="byes", max_iterations=200)).quality.repeats
        == 9
    )


def test_the_proof_for_fifteen_players_counts_the_pairs_never_met(monkeypatch):
    """``tools/seating_designs/seating_bound15.py``: repeats = 3 + pairs never met, so six repeats
    leave only X, Y, Z (the second byes) apart, one case per bye pattern, and its block search
    rules out the one of them CP-SAT is slowest on.  The identity, counted on the stored
    schedule: 9 repeats, 6 pairs never met."""
    monkeypatch.syspath_prepend(
        str(Path(__file__).resolve().parents[2] / "tools" / "seating_designs")
    )
    import seating_bound15 as proof

    assert proof.cases(6) == [(p, (0, 0, 0), (0, 0, 0), 0) for p in "abc"]
    for _pattern, xx, unmet, ww in proof.cases(7):
        assert xx.count(0) + sum(unmet) + ww == 7 - 3
    assert len(proof.last_rounds("c")) < len(list(proof._partitions(list(range(12)), 4)))
    # a case the same with Y and Z swapped (and their first byes' rounds) has fewer
    symmetric = ("c", (0, 0, 1), (1, 1, 1), 0)
    assert proof._symmetry(symmetric) == ("c", ((1, 2),))
    assert len(proof.last_rounds(*proof._symmetry(symmetric))) < len(proof.last_rounds("c"))
    assert proof._symmetry(("c", (0, 0, 1), (0, 1, 2), 0)) == ("c", ())
    assert proof.solve_blocks(0)[0] == "INFEASIBLE"
    stored = bounds.small_schedule(15, 6, "byes")
    meetings = Counter(pair for rnd in stored for t in rnd[:3] for pair in combinations(t, 2))
    assert sum(m - 1 for m in meetings.values()) == 3 + (105 - len(meetings))


def test_fifteen_players_with_byes_exact_from_seven_rounds():
    # a stored seven-round schedule meets every pair, so the bound of 21 is reached, and
    # from there on every further meeting is a repeat whatever the rounds are
    assert bounds.small_rounds(15, "byes") == 7
    for r in (7, 8, 9):
        sched = generate(SeatingRequest(15, r, seed=r, fill="byes", max_iterations=200))
        validate(sched.rounds)
        assert sched.quality.repeats == lower_bound(15, r, "byes") == 18 * r - 105


def stored_schedules(entry: dict) -> list[tuple[int, list]]:
    """(rounds, schedule): those the search proved and the best found past it."""
    proved = list(enumerate(entry.get("schedules", []), start=1))
    return proved + [(int(r), sched) for r, sched in entry.get("past", {}).items()]


def test_stored_schedules_reach_the_stored_cover():
    for key, entry in bounds.stored_table().items():
        tables, players = len(entry["caps"]), int(key.split(":")[1])
        per_round = sum(c * (c - 1) // 2 for c in entry["caps"])
        for r, sched in stored_schedules(entry):
            assert len(sched) == r
            pairs, byes = set(), [0] * int(key.split(":")[1])
            for rnd in sched:
                assert sorted(p for slot in rnd for p in slot) == list(range(len(byes)))
                assert [len(t) for t in rnd[:tables]] == entry["caps"]
                out = [p for slot in rnd[tables:] for p in slot]
                # byes to the fewest so far
                playing = [byes[p] for p in range(len(byes)) if p not in out]
                assert all(byes[p] <= min(playing) for p in out), (key, r)
                for p in out:
                    byes[p] += 1
                for t in rnd[:tables]:
                    pairs.update((a, b) for a in t for b in t if a < b)
            most = r * per_round - bounds.entry_repeats(entry, players, r)
            if r <= len(entry["max_cover_fair"]):
                assert len(pairs) == most, (key, r)
            else:  # past the proof: the best found, at most the bound
                assert len(pairs) <= most, (key, r)
            if "max_cover" in entry and r <= len(entry["max_cover_fair"]):
                covers = entry["max_cover"]  # past its end every pair has met
                assert entry["max_cover_fair"][r - 1] <= covers[min(r, len(covers)) - 1]


@pytest.mark.parametrize(("fill", "players", "stored"), stored_sizes())
def test_generate_reaches_the_bound(fill, players, stored):
    # every round count up to the one where every pair has met, and one more (from
    # there on every meeting is a repeat); where the search stopped earlier, the rounds
    # it finished
    for rounds in range(1, stored + (1 if partial(fill, players) else 2)):
        sched = generate(
            SeatingRequest(players, rounds, seed=rounds, fill=fill, max_iterations=200)
        )
        validate(sched.rounds)
        q = sched.quality
        assert q.repeats == q.lower_bound == lower_bound(players, rounds, fill), rounds


def test_a_bound_where_the_search_under_the_rules_is_too_long():
    # the bound for any schedule: the generator, sharing substitutes and byes fairly,
    # stays at or above it (not known to reach it)
    for fill, players, stored in stored_sizes(exact=False):
        for rounds in range(1, stored + 1):
            sched = generate(
                SeatingRequest(players, rounds, seed=rounds, fill=fill, max_iterations=200)
            )
            assert sched.quality.repeats >= lower_bound(players, rounds, fill) > -1


def test_six_players_two_rounds():
    assert lower_bound(6, 2) == 2
    assert generate(SeatingRequest(6, 2, seed=0)).quality.repeats == 2


@pytest.mark.parametrize(
    ("fill", "players"), [("substitutes", 6), ("substitutes", 7), ("byes", 7), ("byes", 9)]
)
def test_table_matches_a_new_search(fill, players):
    entry = bounds.stored_table()[f"{fill}:{players}"]
    caps, byes = bounds.table_caps(players, fill)
    for fair, key in ((False, "max_cover"), (True, "max_cover_fair")):
        solver = bounds.Solver(players, caps, byes, fair)
        assert [solver.solve(r) for r in range(1, len(entry[key]) + 1)] == entry[key]


def test_sharing_substitutes_fairly_costs_repeats_for_seven_players():
    # two rounds, a table of four and one of three: the fair second round seats three of
    # the first table's four together at the short table; without that rule three
    # repeats suffice
    assert lower_bound(7, 2) == 6
    unfair = [[(0, 1, 2, 3), (4, 5, 6, -1)], [(0, 4, 5, 1), (2, 6, 3, -1)]]
    q = quality(unfair, range(7))
    assert q.repeats == 3 and q.lower_bound == 3
    assert generate(SeatingRequest(7, 2, seed=0)).quality.repeats == 6


def test_the_annealing_past_the_proof_keeps_the_byes_fair(monkeypatch):
    """``tools/seating_designs/seating_anneal.py``, which found the stored schedules past the proof:
    seven rounds for fifteen players meeting every pair, the byes shared as the
    generator shares them, and the repeats it reports counted again here."""
    monkeypatch.syspath_prepend(
        str(Path(__file__).resolve().parents[2] / "tools" / "seating_designs")
    )
    from seating_anneal import anneal_byes

    assert anneal_byes(14, 3, 7, 21, seed=0, seconds=1) is None  # 3 does not divide 14
    repeats, sched = anneal_byes(15, 3, 7, 21, seed=0, seconds=60)
    byes = [0] * 15
    for rnd in sched:
        assert sorted(p for slot in rnd for p in slot) == list(range(15))
        out = rnd[3]
        assert all(byes[p] <= min(byes[q] for q in range(15) if q not in out) for p in out)
        for p in out:
            byes[p] += 1
    meetings = Counter(pair for rnd in sched for t in rnd[:3] for pair in combinations(t, 2))
    assert repeats == sum(m - 1 for m in meetings.values()) == 21
    assert len(meetings) == 105  # every pair met
