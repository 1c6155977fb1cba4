"""Search for zero-repeat schedules at the round limit (issue 19, stretch sizes).

Used by ``bench/seating_precompute.py``; found by our own search, nothing copied.
Points are ``3 * n`` players ``(t, x)`` in Z_3 x Z_n, stored as ``t * n + x``, plus ``f``
fixed points ``3 * n + j``.  One *base round* is searched; the schedule is the base round
translated by ``x -> x + s`` for ``s`` in Z_n (``n`` rounds), the fixed points staying
put.  The ansatzes:

* ``lifted`` (``N = 3n + 1`` and ``N = 3n + 3``, n odd): the base round is also invariant
  under ``t -> t + 1``, which moves the fixed points ``j -> j + 1`` when ``f = 3``.  Then
  the base round is given by *base blocks* on representatives of the cosets
  ``{(0, x), (1, x), (2, x)}`` and the schedule has no repeat iff the differences of the
  base blocks cover every ``(dt, dx)`` with ``dx != 0`` once (a resolvable 1-rotational
  difference family); with ``f = 1`` the table ``{inf, (0,0), (1,0), (2,0)}`` covers the
  pairs inside the cosets, with ``f = 3`` those pairs are the groups of a 4-RGDD of type
  3^(N/3) and the tables of the fixed points take one point of each residue ``t - j``.
* ``rotational`` (``N = 3n + 2``, n = 2 mod 4, Z_n with a cube root of unity m != 1): the
  base round is invariant under ``(t, x) -> (t + 1, m x)``, the fixed points in tables
  ``{inf_j, (0, a), (1, m a), (2, m^2 a)}``; 4-RGDDs of type 2^(N/2) (N = 8 mod 12).
* ``plain`` (any n): the whole base round is searched; a pair orbit of Z_n may be used
  once, the half-difference orbits ``(t, x), (t, x + n/2)`` and the pair of fixed points
  never (the fallback for ``N = 8 mod 12``; it finds nothing at 44 players in minutes).

The first two are searched in C by ``bench/seating_families.py`` (its docstring has the
details); ``plain`` is a tabu search (``MatrixTabu``) over swaps of two items between
blocks, with an exact incremental cost: ``sum over pair classes of max(0, count - allowed)``.
"""

from __future__ import annotations

import random
import time

import numpy as np
from seating_families import cube_roots, lifted_search, rotational_search


class MatrixTabu:
    """Tabu search over blocks of items (Dotu & Van Hentenryck style, numpy).

    ``pid[a, b]`` is the pair class of two items, ``cap[o]`` how often class ``o`` may
    occur; the cost is ``sum max(0, count - cap)``.  Items of block ``-1`` form an unused
    pool: a used item may be exchanged with a pool item of the same ``kind`` (a change of
    lift); two used items of different blocks may be swapped unless one is ``fixed``.
    The whole neighbourhood is scored at once from the matrices "pair class over its
    cap" and "pair class at its cap" times the block membership (interactions between
    the twelve changed pairs are ignored in the scoring, never in the cost)."""

    def __init__(
        self,
        block_of: list[int],
        pid: np.ndarray,
        cap: np.ndarray,
        kind: list[int],
        fixed: set[int],
        base: np.ndarray | None = None,
    ) -> None:
        self.V = len(block_of)
        self.nb = max(block_of) + 1
        self.blk = np.array([b if b >= 0 else self.nb for b in block_of])  # pool = nb
        self.pid, self.cap = pid, cap
        kind_a = np.array(kind)
        movable = np.array([a not in fixed for a in range(self.V)])
        self.may = movable[:, None] & movable[None, :]
        self.same_kind = kind_a[:, None] == kind_a[None, :]
        self.base = np.zeros(len(cap), dtype=np.int64) if base is None else base
        self.cnt = self.base.copy()
        for b in range(self.nb):
            mem = np.flatnonzero(self.blk == b)
            for i, a in enumerate(mem):
                for c in mem[i + 1 :]:
                    self.cnt[pid[a, c]] += 1
        self.cost = int(np.maximum(0, self.cnt - cap).sum())

    def _move(self, a: int, to: int) -> None:
        """Item ``a`` leaves its block for block ``to`` (pool = nb); counts updated."""
        pid = self.pid
        if self.blk[a] < self.nb:
            for c in np.flatnonzero(self.blk == self.blk[a]):
                if c != a:
                    self.cnt[pid[a, c]] -= 1
        self.blk[a] = to
        if to < self.nb:
            for c in np.flatnonzero(self.blk == to):
                if c != a:
                    self.cnt[pid[a, c]] += 1

    K = 8  # moves scored exactly per iteration
    tenure = 0  # 0: from the number of used items
    stall = 3000  # iterations without a new best before a perturbed restart

    def run(self, rng: random.Random, seconds: float, stall: int = 0) -> int:
        nrng = np.random.default_rng(rng.randrange(2**32))
        V, nb = self.V, self.nb
        tabu = np.zeros((V, nb + 1), dtype=np.int64)
        best = self.cost
        best_blk = self.blk.copy()
        it = last = 0
        stall = stall or self.stall
        # constraint weighting (breakout): the moves are chosen by a weighted cost
        w = np.ones(len(self.cap), dtype=np.int64)
        deadline = time.monotonic() + seconds
        ar = np.arange(V)
        ten = self.tenure or max(1, min(8, int((self.blk < nb).sum()) // 6))  # tabu tenure
        while self.cost > 0 and time.monotonic() < deadline:
            it += 1
            cls = self.pid
            cc = self.cnt[cls]
            cp = self.cap[cls]
            M = np.zeros((V, nb + 1), dtype=np.int64)
            M[ar, self.blk] = 1
            M[:, nb] = 0
            wc = w[cls]
            over = (cc > cp) * wc
            atc = (cc >= cp) * wc
            R = over @ M
            S = atc @ M
            rem = -R[ar, self.blk]
            bo = self.blk
            inA = (bo < nb).astype(np.int64)
            t1 = (S[:, bo].T - atc.T) * inA[:, None]  # b joins the block of a (row a)
            D = rem[:, None] + rem[None, :] + t1 + t1.T
            used = bo < nb
            pool_pair = (used[:, None] ^ used[None, :]) & self.same_kind
            diff = used[:, None] & used[None, :] & (bo[:, None] != bo[None, :])
            allowed = self.may & (diff | pool_pair)
            is_tabu = (tabu[ar[:, None], bo[None, :]] > it) | (tabu[ar[None, :], bo[:, None]] > it)
            if not allowed.any():
                tabu[:] = 0
                continue
            # the K best by the estimate are scored exactly (shared pair classes)
            Dm = np.where(allowed, D + nrng.random(D.shape) * 0.5, 1e9)
            K = min(self.K, int(allowed.sum()))
            top = np.argpartition(Dm.ravel(), K - 1)[:K]
            pick = None
            for k in top[np.argsort(Dm.ravel()[top])]:
                a, b = divmod(int(k), V)
                Aa, Bb = int(bo[a]), int(bo[b])
                self._move(a, nb)
                self._move(b, Aa)
                self._move(a, Bb)
                exc = np.maximum(0, self.cnt - self.cap)
                c, cw = int(exc.sum()), int((w * exc).sum())
                self._move(a, nb)
                self._move(b, Bb)
                self._move(a, Aa)
                if (not is_tabu[a, b] or c < best) and (pick is None or cw < pick[0]):
                    pick = (cw, a, b, Aa, Bb)
            if pick is None:
                tabu[:] = 0
                continue
            cw, a, b, Aa, Bb = pick
            if cw >= int((w * np.maximum(0, self.cnt - self.cap)).sum()):
                w[self.cnt > self.cap] += 1  # a local minimum: weigh its violations up
            self._move(a, nb)
            self._move(b, Aa)
            self._move(a, Bb)
            self.cost = int(np.maximum(0, self.cnt - self.cap).sum())
            tabu[a, Aa] = it + ten + nrng.integers(ten + 1)
            tabu[b, Bb] = it + ten + nrng.integers(ten + 1)
            if self.cost < best:
                best, best_blk, last = self.cost, self.blk.copy(), it
            elif it - last > stall:
                last = it
                self.blk = best_blk.copy()
                for _ in range(4):
                    us = np.flatnonzero(self.blk < nb)
                    a, b = nrng.choice(us, 2, replace=False)
                    if self.blk[a] != self.blk[b] and self.may[a, b]:
                        self.blk[a], self.blk[b] = self.blk[b], self.blk[a]
                self.cnt[:] = self.base
                for bb in range(nb):
                    mem = np.flatnonzero(self.blk == bb)
                    for i, x in enumerate(mem):
                        for y in mem[i + 1 :]:
                            self.cnt[self.pid[x, y]] += 1
                self.cost = int(np.maximum(0, self.cnt - self.cap).sum())
                tabu[:] = 0
        self.iterations = it
        if self.cost > best:
            self.blk = best_blk
            self.cost = best
        return best

    def blocks(self) -> list[list[int]]:
        return [[int(a) for a in np.flatnonzero(self.blk == b)] for b in range(self.nb)]


def plain_search(
    n: int, f: int, rng: random.Random, seconds: float, m: int = 3, k: int = 1
) -> list[list[list[int]]] | None:
    """``k`` base rounds of ``m`` orbits of Z_n plus ``f`` fixed points, every pair orbit
    at most once.  Forbidden (the groups of a 4-RGDD of type 2^(N/2)): the pair of fixed
    points, the half-difference orbits (n even) and, for n odd, the orbits
    ``(2i, x), (2i + 1, x)``.  Items are (base round, point): swaps stay in one round."""
    U = m * n
    N = U + f
    cls: dict[tuple, int] = {}
    cap_l: list[int] = []

    def key(a: int, b: int) -> tuple:
        if a >= U and b >= U:
            return ("ff",)
        if a >= U or b >= U:
            fx, o = (a, b) if a >= U else (b, a)
            return ("f", fx, o // n)
        i, x = divmod(a, n)
        j, y = divmod(b, n)
        if i > j:
            i, j, x, y = j, i, y, x
        d = (y - x) % n
        if i == j:
            d = min(d, n - d)
        return ("m", i, j, d)

    def forbidden(key: tuple) -> bool:
        if key == ("ff",):
            return True
        if key[0] != "m":
            return False
        _, i, j, d = key
        return (i == j and 2 * d == n) or (n % 2 == 1 and j == i + 1 and i % 2 == 0 and d == 0)

    pid1 = np.zeros((N, N), dtype=np.int64)
    for a in range(N):
        for b in range(N):
            kk = ("self",) if a == b else key(a, b)
            if kk not in cls:
                cls[kk] = len(cap_l)
                cap_l.append(10**6 if kk == ("self",) else 0 if forbidden(kk) else 1)
            pid1[a, b] = cls[kk]
    pid = np.tile(pid1, (k, k))  # item r * N + p: point p of base round r
    block_of = [0] * (k * N)
    for r in range(k):
        pts = list(range(N))
        rng.shuffle(pts)
        for i, p in enumerate(pts):
            block_of[r * N + p] = r * (N // 4) + i // 4
    rounds = [r for r in range(k) for _ in range(N)]
    s = MatrixTabu(block_of, pid, np.array(cap_l, dtype=np.int64), rounds, set())
    s.may &= s.same_kind  # swaps inside one base round
    if s.run(rng, seconds) > 0:
        return None
    blocks = s.blocks()
    return [
        [[a % N for a in b] for b in blocks[r * (N // 4) : (r + 1) * (N // 4)]] for r in range(k)
    ]


def ansatzes(players: int) -> list[tuple[str, int, int, int]]:
    """The ansatzes tried for ``players`` at the round limit: (kind, n, f, e), ``e`` the
    order of the symmetry beyond Z_n (in the names of the random generators)."""
    if players % 12 in (0, 4):
        f = 1 if players % 12 == 4 else 3
        return [("lifted", (players - f) // 3, f, 1)]
    n = (players - 2) // 3
    return ([("rotational", n, 2, 3)] if cube_roots(n) else []) + [("plain", n, 2, 1)]


def find_design(
    players: int, seconds: float, attempt_seconds: float, tag: str, log=print
) -> tuple[dict, str, float] | None:
    """Search the ansatzes in turn until a zero-repeat base round is found; returns the
    compact design, a description and the seconds spent.  Attempt ``i`` of an ansatz uses
    the random generator named ``{tag}-{players}-{kind}-{e}-{i}``."""
    t0 = time.monotonic()
    deadline = t0 + seconds
    for kind, n, f, e in ansatzes(players):
        attempt = 0
        while time.monotonic() < deadline:
            rng = random.Random(f"{tag}-{players}-{kind}-{e}-{attempt}")
            left = min(attempt_seconds, deadline - time.monotonic())
            if kind == "lifted":
                base = lifted_search(n, f, rng, left)
            elif kind == "rotational":
                base = rotational_search(n, rng, left)
            else:
                found = plain_search(n, f, rng, left)
                base = found[0] if found else None
            log(f"  {kind} n={n} f={f} e={e} attempt {attempt}: {'found' if base else 'no'}")
            attempt += 1
            if base is not None:
                how = (
                    f"1-rotational: Z_{n} x 3 + {f} fixed, one base round"
                    + {
                        "lifted": ", invariant under t -> t + 1, a lifted difference family",
                        "rotational": ", invariant under (t, x) -> (t + 1, m x)",
                        "plain": "",
                    }[kind]
                    + f" (seating_designs {kind}, rng {tag}-{players}-{kind}-{e}-{attempt - 1})"
                )
                design = {"n": n, "orbits": 3, "fixed": f, "base": [sorted(t) for t in base]}
                return design, how, time.monotonic() - t0
    return None
