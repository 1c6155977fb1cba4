"""Substitutes placed on a zero-repeat structure so that they are shared fairly.

In a structure where no two points meet twice, a real player meets a given substitute
point at most once, so which points carry the substitutes, which rounds are used and in
which order decide alone how the games with a substitute are shared; the real players'
repeats stay those of the structure.  ``fair_points`` tries every choice of substitute
points (sampled when there are too many) in the rounds where no two of them share a
table (such a pair weighs more than a repeat), and orders the rounds by a depth-first
search so that every round's substitutes sit with players who have had the fewest games
with one so far (nobody twice before everyone once, at most one apart).

It succeeds for one substitute, and for two on the transversal design over GF(8) with its
group round (30 players, up to 9 rounds).  For 29 players (three substitutes on 32
seats), 26 and 25 (two and three on 28) no choice on the stored structures is fair for 9
rounds, not even with pairs of substitutes allowed (for 29 every point set and order was
tried; for 26 and 25 a bounded search found none): for 29 the longest fair prefix is 2
rounds on the transversal design and 4 on the cyclic 32-player design that ``n32_r10.json``
held before issue 31 (10 repeats; the file now holds a published zero-repeat schedule, on
which ``fair_points`` with seed 0 finds 2).  The tabu search repairs those cases.

``extend_structure`` adds zero-repeat rounds to a structure when its unmet pairs allow it
(the groups of a transversal design over GF(8) split into tables of four give 32 players a
ninth round), found by a small exact-cover search.
"""

from __future__ import annotations

import itertools
import math
import random

import numpy as np

Rounds = list[list[list[int]]]

# candidate sets of substitute points tried at most (all of them when fewer)
MAX_POINT_SETS = 6000
# depth-first search nodes for the round order, over all candidate point sets
ORDER_NODES = 2000


def _tables(struct: Rounds, P: int) -> np.ndarray:
    tab = np.full((len(struct), P), -1, dtype=np.int64)
    for r, rnd in enumerate(struct):
        for t, tbl in enumerate(rnd):
            tab[r, tbl] = t
    return tab


def extend_structure(struct: Rounds, P: int, want: int, node_limit: int = 20000) -> Rounds:
    """``struct`` followed by up to ``want`` more rounds of pairs that have not met (exact
    cover by depth-first search, bounded by ``node_limit`` nodes per round)."""
    out = [[list(t) for t in rnd] for rnd in struct]
    if P % 4 or not out:
        return out
    met = np.zeros((P, P), dtype=bool)
    for rnd in out:
        for t in rnd:
            for a in t:
                met[a, t] = True
    for _ in range(want):
        free = ~met
        np.fill_diagonal(free, False)
        tables = _cover(free, node_limit)
        if tables is None:
            break
        out.append(tables)
        for t in tables:
            for a in t:
                met[a, t] = True
    return out


def _cover(free: np.ndarray, node_limit: int) -> list[list[int]] | None:
    """Tables of four covering every point, each pair of a table allowed by ``free``."""
    P = free.shape[0]
    nodes = [0]
    used = np.zeros(P, dtype=bool)
    tables: list[list[int]] = []

    def rec() -> bool:
        if used.all():
            return True
        nodes[0] += 1
        if nodes[0] > node_limit:
            return False
        a = int(np.flatnonzero(~used)[0])
        cand = [b for b in np.flatnonzero(free[a] & ~used) if b > a]
        for b, c, d in itertools.combinations(cand, 3):
            if free[b, c] and free[b, d] and free[c, d]:
                tbl = [a, int(b), int(c), int(d)]
                used[tbl] = True
                tables.append(tbl)
                if rec():
                    return True
                tables.pop()
                used[tbl] = False
                if nodes[0] > node_limit:
                    return False
        return False

    return tables if rec() else None


def _point_sets(P: int, k: int, rng: random.Random) -> np.ndarray:
    if math.comb(P, k) <= MAX_POINT_SETS:
        return np.array(list(itertools.combinations(range(P), k)), dtype=np.int64)
    seen = set()
    while len(seen) < MAX_POINT_SETS:
        seen.add(tuple(sorted(rng.sample(range(P), k))))
    return np.array(sorted(seen), dtype=np.int64)


def _order(
    ch: np.ndarray, avail: list[int], R: int, base: np.ndarray, nodes: list[int], limit: int
) -> list[int] | None:
    """``R`` of the rounds ``avail`` (rows of ``ch``: who sits with a substitute) in an
    order where every round's players have had no more games with a substitute than anyone
    else; None when none is found."""
    order: list[int] = []
    counts = base.copy()

    def rec() -> bool:
        if len(order) == R:
            return True
        nodes[0] += 1
        if nodes[0] > limit:
            return False
        for a in avail:
            if a in order:
                continue
            got = ch[a]
            if got.all() or not got.any() or counts[got].max() <= counts[~got].min():
                order.append(int(a))
                counts[got] += 1
                if rec():
                    return True
                counts[got] -= 1
                order.pop()
        return False

    return order if rec() else None


def fair_points(
    struct: Rounds, P: int, n: int, R: int, rng: random.Random
) -> tuple[list[int], Rounds] | None:
    """Points for the substitutes (labels ``n..P-1``) and ``min(R, len(struct))`` rounds
    of ``struct`` without two of them at a table, in order so that substitutes are shared
    fairly (see the module docstring).  Returns (point -> label, the rounds) or None when
    no choice tried is fair."""
    k = P - n
    A = len(struct)
    if k <= 0 or A == 0:
        return None
    use = min(R, A)
    tab = _tables(struct, P)
    Z = _point_sets(P, k, rng)  # C x k
    zt = tab[:, Z]  # A x C x k
    # substitute pairs at one table, per round and point set
    pairs = np.zeros(zt.shape[:2], dtype=np.int64)
    for i in range(k):
        for j in range(i + 1, k):
            pairs += zt[:, :, i] == zt[:, :, j]
    # only the sets with enough rounds free of such pairs
    keep = (pairs == 0).sum(0) >= use
    Z, zt, pairs = Z[keep], zt[:, keep], pairs[:, keep]
    if len(Z) == 0:
        return None
    ch = (tab[:, None, :, None] == zt[:, :, None, :]).any(3)  # A x C x P
    is_sub = np.zeros((len(Z), P), dtype=bool)
    is_sub[np.arange(len(Z))[:, None], Z] = True
    ch &= ~is_sub[None]
    if use == A:
        # every round is used: the final counts must be at most one apart
        cnt = ch.sum(0)
        hi = np.where(is_sub, -1, cnt).max(1)
        lo = np.where(is_sub, A * 4, cnt).min(1)
        ok = hi - lo <= 1
    else:
        ok = np.ones(len(Z), dtype=bool)
    tie = np.array([rng.random() for _ in range(len(Z))])
    nodes = [0]
    found: tuple[list[int], int] | None = None
    for c in np.argsort(tie, kind="stable"):
        if nodes[0] > ORDER_NODES:
            break
        if not ok[c]:
            continue
        free = [int(a) for a in np.flatnonzero(pairs[:, c] == 0)]
        sub_ch = ch[:, c][:, ~is_sub[c]]
        order = _order(sub_ch, free, use, np.zeros(n, dtype=np.int64), nodes, ORDER_NODES)
        if order is not None:
            found = (order, int(c))
            break
    if found is None:
        return None
    order, c = found
    subs = [int(z) for z in Z[c]]
    rest = [a for a in range(P) if a not in set(subs)]
    rng.shuffle(rest)
    perm = [0] * P
    for label, a in enumerate(rest):
        perm[a] = label
    for i, a in enumerate(subs):
        perm[a] = n + i
    return perm, [struct[a] for a in order]
