"""Large events (thousands of players): the same steps as the dense search, with sparse
meeting counts, so memory grows with the tables and not with the players squared.

At this size the rounds are few compared with the players, so a random partition (or a
construction) has hardly any repeat; what is left, and the groups to keep apart, is
repaired by a first-improvement search over swaps of a player who has a conflict with a
player of a sampled table.  Bounded by the deadline.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import numpy as np

from .constructions import known_constructions
from .redraft import from_plan
from .substitutes import share_substitutes
from .types import EPS, MOVE_PENALTY, SUBSTITUTE_PAIR_PENALTY

# above this many seats (players + substitutes) the dense P x P matrices are not used
DENSE_LIMIT = 1500
SAMPLED_TABLES = 40


class SparseCosts:
    """Meeting counts in a dict (pair key a * P + b, a < b) and the pair costs of the
    dense ``_Costs`` (repeat 1, ``W2`` per earlier meeting, group weights, two
    substitutes)."""

    W2 = 1.0 / 128.0

    def __init__(self, n: int, P: int, group_codes: Sequence[tuple[np.ndarray, float]]):
        self.n, self.P = n, P
        self.codes = [(codes.tolist(), w) for codes, w in group_codes]
        self.met: dict[int, int] = {}

    def key(self, a: int, b: int) -> int:
        return a * self.P + b if a < b else b * self.P + a

    def pen(self, x: int, y: int) -> float:
        n = self.n
        if x >= n or y >= n:
            return SUBSTITUTE_PAIR_PENALTY if x >= n and y >= n else 0.0
        total = 0.0
        for codes, w in self.codes:
            c = codes[x]
            if c >= 0 and c == codes[y]:
                total += w
        return total

    def cost(self, x: int, y: int, m: int) -> float:
        """Cost of the m-th meeting of x and y (m >= 1)."""
        c = self.pen(x, y)
        if x < self.n and y < self.n and m >= 2:
            c += 1.0 + self.W2 * (m - 1)
        return c

    def join(self, x: int, mates: Sequence[int]) -> float:
        """Cost of seating x with ``mates`` (not yet together this round)."""
        met = self.met
        return sum(self.cost(x, y, met.get(self.key(x, y), 0) + 1) for y in mates)

    def stay(self, x: int, mates: Sequence[int]) -> float:
        """Cost of x sitting with ``mates`` (this round's meeting counted)."""
        met = self.met
        return sum(self.cost(x, y, met.get(self.key(x, y), 0)) for y in mates)

    def seat(self, table: Sequence[int], step: int = 1) -> None:
        met = self.met
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                k = self.key(a, b)
                met[k] = met.get(k, 0) + step

    def repeats(self) -> int:
        n, P = self.n, self.P
        return sum(c - 1 for k, c in self.met.items() if c > 1 and k // P < n and k % P < n)


def fixed_meetings(sc: SparseCosts, played: Sequence[Sequence[Sequence[int]]]) -> None:
    for rnd in played:
        for t in rnd:
            sc.seat([x for x in t if 0 <= x < sc.n])


def _labels(struct: list[list[list[int]]], P: int, n: int, rng: random.Random) -> list[int]:
    """Random labels for a structure's points; substitutes go to points that never share a
    table (sparse version of ``search._structure_labels``)."""
    order = list(range(P))
    rng.shuffle(order)
    k = P - n
    chosen: list[int] = []
    if k:
        pairs = {
            (a, b) for rnd in struct for t in rnd for a in t for b in t if a != b
        }  # only the points' own tables: small
        for a in order:
            if all((a, b) not in pairs for b in chosen):
                chosen.append(a)
                if len(chosen) == k:
                    break
        chosen += [a for a in order if a not in chosen][: k - len(chosen)]
    picked = set(chosen)
    perm = [0] * P
    for label, a in enumerate(a for a in order if a not in picked):
        perm[a] = label
    for i, a in enumerate(chosen):
        perm[a] = n + i
    return perm


def start(
    P: int,
    n: int,
    n_new: int,
    byes: list[set[int]],
    plans_given: bool,
    played: bool,
    order: list[int] | None,
    rng: random.Random,
) -> tuple[list[list[list[int]]], str]:
    """First rounds: a construction when nothing was played, else random tables (swiss:
    standings neighbours).  Rounds with a plan are left empty for the caller."""
    if not played and not plans_given and not any(byes) and order is None:
        for name, struct in known_constructions(P, n_new):
            cand = [[list(t) for t in rnd] for rnd in struct[:n_new]]
            if not cand:
                continue
            perm = _labels(cand, P, n, rng)
            new = [[[perm[a] for a in t] for t in rnd] for rnd in cand]
            for _ in range(n_new - len(new)):
                new.append(_random_round(list(range(P)), rng))
            return new, name + (" + random rounds" if len(cand) < n_new else "")
    new = []
    for r in range(n_new):
        act = [i for i in (order or range(P)) if i not in byes[r]]
        if order is None:
            rng.shuffle(act)
        new.append([act[4 * t : 4 * t + 4] for t in range(len(act) // 4)])
    return new, "swiss (standings neighbours)" if order is not None else "random tables"


def _random_round(act: list[int], rng: random.Random) -> list[list[int]]:
    act = list(act)
    rng.shuffle(act)
    return [act[4 * t : 4 * t + 4] for t in range(len(act) // 4)]


def repair(
    new: list[list[list[int]]],
    sc: SparseCosts,
    rng: random.Random,
    deadline: float,
    cls: np.ndarray | None = None,
    plan_tab: np.ndarray | None = None,
    home: np.ndarray | None = None,
) -> None:
    """Swap players with a conflict (a repeat, a group, two substitutes) with players of
    sampled tables while that lowers the cost; ``new`` and ``sc`` change in place.  The
    same rules as the dense search: ``cls`` (who sits with a substitute), ``plan_tab``
    (moves cost ``MOVE_PENALTY``), ``home`` (swiss: tables within one of home)."""
    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for r, rnd in enumerate(new):
            T = len(rnd)
            where = {x: t for t, tbl in enumerate(rnd) for x in tbl}
            by_cls: dict[int, list[int]] = {}
            if cls is not None:  # tables holding each class (substitutes' mates are few)
                for t, tbl in enumerate(rnd):
                    for c in {int(cls[r, x]) for x in tbl}:
                        by_cls.setdefault(c, []).append(t)
            conflicted = [
                x for tbl in rnd for x in tbl if sc.stay(x, [y for y in tbl if y != x]) > EPS
            ]
            rng.shuffle(conflicted)
            for i, p in enumerate(conflicted):
                if i % 32 == 0 and time.monotonic() > deadline:
                    return
                A = where[p]
                here = sc.stay(p, [y for y in rnd[A] if y != p]) + _off_plan(plan_tab, r, p, A)
                if here <= EPS:
                    continue
                if home is not None:
                    tables = [t for t in (A - 1, A + 1) if 0 <= t < T]
                else:
                    pool = by_cls.get(int(cls[r, p]), []) if cls is not None else range(T)
                    tables = rng.sample(pool, min(len(pool), SAMPLED_TABLES))
                _delta, q, t = _best_swap(sc, rnd, r, p, A, here, tables, cls, plan_tab, home)
                if q < 0:
                    continue
                sc.seat(rnd[A], -1)
                sc.seat(rnd[t], -1)
                rnd[A][rnd[A].index(p)] = q
                rnd[t][rnd[t].index(q)] = p
                sc.seat(rnd[A])
                sc.seat(rnd[t])
                where[p], where[q] = t, A
                improved = True


def _off_plan(plan_tab: np.ndarray | None, r: int, x: int, t: int) -> float:
    """``MOVE_PENALTY`` when ``x`` at table ``t`` of round ``r`` is off its planned table."""
    if plan_tab is None or plan_tab[r, x] < 0:
        return 0.0
    return MOVE_PENALTY if plan_tab[r, x] != t else 0.0


def _best_swap(
    sc: SparseCosts,
    rnd: list[list[int]],
    r: int,
    p: int,
    A: int,
    here: float,
    tables: Sequence[int],
    cls: np.ndarray | None,
    plan_tab: np.ndarray | None,
    home: np.ndarray | None,
) -> tuple[float, int, int]:
    """The swap of ``p`` (at table ``A``, costing ``here`` there) with a player of
    ``tables`` that lowers the cost most: (change, that player, its table); player -1 when
    none lowers it."""
    mates_a = [y for y in rnd[A] if y != p]
    best = (-EPS, -1, -1)
    for t in tables:
        if t == A:
            continue
        for q in rnd[t]:
            if cls is not None and cls[r, q] != cls[r, p]:
                continue
            if home is not None and (abs(int(home[r, p]) - t) > 1 or abs(int(home[r, q]) - A) > 1):
                continue
            mates_b = [y for y in rnd[t] if y != q]
            delta = (
                sc.join(p, mates_b)
                + _off_plan(plan_tab, r, p, t)
                - here
                + sc.join(q, mates_a)
                + _off_plan(plan_tab, r, q, A)
                - sc.stay(q, mates_b)
                - _off_plan(plan_tab, r, q, t)
            )
            if delta < best[0]:
                best = (delta, q, t)
    return best


def large_rounds(
    P: int,
    n: int,
    n_new: int,
    played_rounds: list,
    index: dict[int, int],
    plans: list,
    new_byes: list[list[int]],
    group_codes: list[tuple[np.ndarray, float]],
    sub_games: np.ndarray,
    k_sub: int,
    method: str,
    order: list[int] | None,
    rng: random.Random,
    deadline: float,
) -> tuple[list[list[list[int]]], str, list[list[list[int]] | None]]:
    """The new rounds of a large event with sparse meeting counts (``py``)."""
    sc = SparseCosts(n, P, group_codes)
    fixed_meetings(sc, [[[index[p] for p in t if p in index] for t in r] for r in played_rounds])
    byes = [{index[p] for p in b} for b in new_byes]
    order_idx = None
    home = None
    if order is not None:
        order_idx = [index[p] for p in order] + list(range(n, P))
    new, construction = start(
        P, n, n_new, byes, any(x is not None for x in plans), bool(played_rounds), order_idx, rng
    )
    if order_idx is not None:
        home = np.zeros((n_new, P), dtype=np.int64)
        for r, rnd in enumerate(new):
            for t, tbl in enumerate(rnd):
                for x in tbl:
                    home[r, x] = t
    plan_tab = np.full((n_new, P), -1, dtype=np.int64)
    layouts: list[list[list[int]] | None] = [None] * n_new
    for r in range(n_new):
        if plans[r] is not None:
            act = [i for i in range(P) if i not in byes[r]]
            tables, plan_tab[r] = from_plan(plans[r], act, sc.join, P, rng)
            layouts[r] = tables
            new[r] = [list(t) for t in tables]
        for t in new[r]:
            sc.seat(t)
    if any(x is not None for x in layouts):
        construction = "published plan, fewest seats changed"
    cls = None
    if k_sub and method == "balanced" and not any(x is not None for x in layouts):
        for rnd in new:
            for t in rnd:
                sc.seat(t, -1)
        cls = share_substitutes(new, n, sub_games, sc.join, P, rng)
        for rnd in new:
            for t in rnd:
                sc.seat(t)
        construction += " + substitutes shared evenly"
    moves = plan_tab if any(x is not None for x in layouts) else None
    repair(new, sc, rng, deadline, cls, moves, home)
    return new, construction + " + sparse repair", layouts
