"""Substitutes shared like byes: who sits with a substitute in every round (fewest such
games first), and the order and labels of a structure that keep it so."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from .fair_structures import extend_structure, fair_points
from .search import meeting_counts, structure_labels
from .types import EPS

# seats up to which the substitutes' points on a structure are searched exhaustively
FAIR_POINTS_LIMIT = 64

# cost of seating a player with some others (given the meetings so far)
PairCost = Callable[[int, list[int]], float]


def _unfair_rounds(rounds: list[list[list[int]]], n: int, counts: np.ndarray) -> int:
    """Rounds whose substitutes' tablemates are not among the players with fewest games
    with a substitute so far."""
    counts = counts.copy()
    bad = 0
    for rnd in rounds:
        mates = list(_with_substitute(rnd, n))
        if mates:
            inside = np.zeros(n, dtype=bool)
            inside[mates] = True
            if not inside.all() and counts[inside].max() > counts[~inside].min():
                bad += 1
            counts[inside] += 1
    return bad


def fair_structure(
    struct: list[list[list[int]]],
    P: int,
    n: int,
    n_new: int,
    perm: list[int],
    rng: random.Random,
) -> tuple[list[int], list[list[list[int]]], int]:
    """Choose the substitutes' points and the rounds of a structure (and their order) so
    that substitutes are shared evenly without breaking it: when one of the sampled choices
    does with no two substitutes at a table (``fair_points``, the structure extended by
    unmet pairs first), else a few random tries (the search repairs what is left).  Returns
    the labels, the rounds and how many leading rounds share the substitutes fairly for
    sure."""
    found = None
    if P <= FAIR_POINTS_LIMIT:
        # one round more than needed when the unmet pairs allow it: more orders to choose
        # from (the groups of a transversal design make such a round)
        struct = extend_structure(struct, P, max(1, n_new - len(struct)))
        found = fair_points(struct, P, n, n_new, rng)
    if found is not None:
        labels, rounds = found
        return labels, rounds, len(rounds)
    struct = [[list(t) for t in rnd] for rnd in struct[:n_new]]
    best = None
    zero = np.zeros(n, dtype=np.int64)
    for attempt in range(24):
        p = perm if attempt == 0 else structure_labels(struct, P, n, rng)
        labelled = [[[p[a] for a in t] for t in rnd] for rnd in struct]
        # order: next the round whose substitutes' tablemates have played with them least
        order: list[int] = []
        counts = zero.copy()
        left = list(range(len(struct)))
        while left:

            def load(r: int, counts: np.ndarray = counts, labelled=labelled) -> tuple:
                mates = list(_with_substitute(labelled[r], n))
                return (int(counts[mates].sum()) if mates else 0, r)

            r = min(left, key=load)
            left.remove(r)
            order.append(r)
            for x in _with_substitute(labelled[r], n):
                counts[x] += 1
        ordered = [struct[r] for r in order]
        bad = _unfair_rounds([labelled[r] for r in order], n, zero)
        if best is None or bad < best[0]:
            best = (bad, p, ordered)
        if bad == 0:
            break
    assert best is not None
    return best[1], best[2], 0


def share_substitutes(
    new: list[list[list[int]]],
    n: int,
    sub_games: np.ndarray,
    pair_cost: PairCost | None,
    P: int,
    rng: random.Random,
    keep: int = 0,
    live: tuple[Callable[[np.ndarray], np.ndarray], np.ndarray] | None = None,
) -> np.ndarray:
    """Decide, round by round, who sits with the substitutes (indices >= ``n``): the
    players with the fewest such games so far (nobody twice before everyone once, at most
    one apart), preferring those already there; others swap seats with them (not in the
    first ``keep`` rounds, fair already).  Returns the class of every player in every
    round (0: no substitute, 1: with one, substitutes their own class).

    ``live = (add, F)``: a seat costs ``add`` of the meetings in ``F`` and in the other
    rounds of ``new`` (else ``pair_cost``), so the swaps keep what they can of a
    structure."""
    cls = np.zeros((len(new), P), dtype=np.int64)
    cls[:, n:] = 3 + np.arange(n, P)  # each substitute its own class
    counts = sub_games.copy()
    for r, rnd in enumerate(new):
        if r < keep:  # shared fairly already (``fair_structure``)
            for x in _with_substitute(rnd, n):
                cls[r, x] = 1
                counts[x] += 1
            continue
        if live is not None:
            add_of, F = live
            ADD = add_of(meeting_counts(P, [x for j, x in enumerate(new) if j != r], F.copy()))

            def pair_cost(x: int, ys: list[int], ADD: np.ndarray = ADD) -> float:
                return float(ADD[x, ys].sum())

        _one_substitute_per_table(rnd, n, pair_cost)
        where = {x: t for t, tbl in enumerate(rnd) for x in tbl}
        current = _with_substitute(rnd, n)
        seated = [x for tbl in rnd for x in tbl if x < n]
        tie = {x: rng.random() for x in seated}
        # among equals: those already there without a conflict at their table, then the
        # others, then those already there with one (a club-mate, a repeat)
        clash = {
            x: pair_cost(x, [y for y in rnd[where[x]] if y != x and y < n]) > EPS for x in current
        }
        ranked = sorted(
            seated,
            key=lambda x: (counts[x], (1 if clash[x] else -1) if x in current else 0, tie[x]),
        )
        chosen = set(ranked[: len(current)])
        outs = [x for x in current if x not in chosen]
        for x in sorted(chosen - current, key=lambda x: tie[x]):
            tx = where[x]

            def cost(y: int, tx: int = tx, x: int = x, rnd=rnd, where=where) -> float:
                ty = where[y]
                mates_y = [z for z in rnd[ty] if z != y]
                mates_x = [z for z in rnd[tx] if z != x]
                return pair_cost(x, mates_y) + pair_cost(y, mates_x)

            y = min(outs, key=cost)
            outs.remove(y)
            ty = where[y]
            rnd[tx][rnd[tx].index(x)] = y
            rnd[ty][rnd[ty].index(y)] = x
            where[x], where[y] = ty, tx
        threshold = max((counts[x] for x in chosen), default=0)
        last = r == len(new) - 1
        for x in seated:
            if last and counts[x] == threshold:
                # last round: players level with the last one chosen are interchangeable
                cls[r, x] = 2
            else:
                cls[r, x] = 1 if x in chosen else 0
        for x in chosen:
            counts[x] += 1
    return cls


def _with_substitute(rnd: list[list[int]], n: int) -> set[int]:
    """The real players (indices < ``n``) at a table with a substitute in ``rnd``."""
    return {x for tbl in rnd if any(y >= n for y in tbl) for x in tbl if x < n}


def _one_substitute_per_table(rnd: list[list[int]], n: int, pair_cost: PairCost) -> None:
    """A table with two substitutes gives one to a table without (cheapest player swap)."""
    for tbl in rnd:
        subs = [w for w in range(4) if tbl[w] >= n]
        for w in subs[1:]:
            reals = [x for x in tbl if x < n]
            options = [
                (pair_cost(x, reals), t2, w2)
                for t2, other in enumerate(rnd)
                if all(y < n for y in other)
                for w2, x in enumerate(other)
            ]
            if options:
                _cost, t2, w2 = min(options)
                tbl[w], rnd[t2][w2] = rnd[t2][w2], tbl[w]
