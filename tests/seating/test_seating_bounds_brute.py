"""The exact search of ``seating/bound_search.py`` against brute force.

The search cuts branches with bounds (best one-round cover, degrees with byes, rounds
taken in the order of falling cover, within a cycle of byes under the fairness rules);
on small events every schedule can be listed, and both must agree."""

from __future__ import annotations

from itertools import combinations

import pytest

from seating import bounds


def _rounds(players: int, caps: tuple[int, ...]) -> list[tuple[tuple[int, ...], ...]]:
    """Every round: the players of every table (tables of one size unordered), then the
    players on a bye."""
    out = []

    def place(rest: tuple[int, ...], i: int, tables: list) -> None:
        if i == len(caps):
            out.append((*tables, rest))
            return
        for table in combinations(rest, caps[i]):
            if i and caps[i] == caps[i - 1] and table < tables[-1]:
                continue
            place(tuple(p for p in rest if p not in table), i + 1, [*tables, table])

    place(tuple(range(players)), 0, [])
    return out


def brute_force(players: int, caps: tuple[int, ...], rounds: int, fair: bool) -> list[int]:
    """Most pairs covered by 1..``rounds`` rounds over every schedule (the first round
    fixed: every player is alike before it); ``fair``: byes and the short tables go to
    those with the fewest so far."""
    caps = tuple(sorted(caps, reverse=True))
    every = []
    for rnd in _rounds(players, caps):
        bits = 0
        for table in rnd[: len(caps)]:
            for a, b in combinations(table, 2):
                bits |= 1 << (a * players + b)
        every.append((rnd, bits))
    best = [0] * rounds
    seen: set = set()

    def counts(rnd, bye: tuple, sub: tuple) -> tuple[tuple, tuple] | None:
        out = set(rnd[-1])
        short = {p for t, c in zip(rnd, caps, strict=False) if c < 4 for p in t}
        if fair:
            if out and max(bye[p] for p in out) > min(
                bye[p] for p in range(players) if p not in out
            ):
                return None
            full = set(range(players)) - out - short
            if short and full and max(sub[p] for p in short) > min(sub[p] for p in full):
                return None
        return (
            tuple(bye[p] + (p in out) for p in range(players)),
            tuple(sub[p] + (p in short) for p in range(players)),
        )

    def go(depth: int, covered: int, bye: tuple, sub: tuple) -> None:
        if (depth, covered, bye, sub) in seen:
            return
        seen.add((depth, covered, bye, sub))
        best[depth - 1] = max(best[depth - 1], covered.bit_count())
        if depth < rounds:
            for rnd, bits in every:
                nxt = counts(rnd, bye, sub)
                if nxt is not None:
                    go(depth + 1, covered | bits, *nxt)

    zero = (0,) * players
    go(1, every[0][1], *counts(every[0][0], zero, zero))
    return best


@pytest.mark.parametrize(
    ("fill", "players", "rounds"),
    [("byes", 6, 5), ("byes", 7, 4), ("substitutes", 7, 4), ("substitutes", 6, 4), ("byes", 9, 3)],
)
@pytest.mark.parametrize("fair", [False, True])
def test_the_search_agrees_with_brute_force(fill, players, rounds, fair):
    caps, byes = bounds.table_caps(players, fill)
    solver = bounds.Solver(players, caps, byes, fair)
    expected = brute_force(players, caps, rounds, fair)
    assert [solver.solve(r) for r in range(1, rounds + 1)] == expected
    if fair:  # the witness reaches it
        for r in range(1, rounds + 1):
            sched = solver.witness(r)
            assert _cover(sched, len(caps)) == expected[r - 1]


def test_the_fairness_rules_cost_pairs():
    # seven players at a table of four and one of three: the rules make the second
    # round seat three of the first table at the short one (brute force: 12 pairs, not 15)
    caps, _ = bounds.table_caps(7, "substitutes")
    assert brute_force(7, caps, 2, True) == [9, 12]
    assert brute_force(7, caps, 2, False) == [9, 15]


def _cover(sched: list, tables: int) -> int:
    pairs = set()
    for rnd in sched:
        for table in rnd[:tables]:
            pairs.update(frozenset(p) for p in combinations(table, 2))
    return len(pairs)
