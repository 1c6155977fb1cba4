"""Search for zero-repeat schedules at the round limit (issue 19, stretch sizes).

Used by ``bench/seating_precompute.py``; found by our own search, nothing copied.
Points are ``3 * n`` players ``(t, x)`` in Z_3 x Z_n, stored as ``t * n + x``, plus ``f``
fixed points ``3 * n + j``.  One *base round* is searched; the schedule is the base round
translated by ``x -> x + s`` for ``s`` in Z_n (``n`` rounds), the fixed points staying
put.  The ansatzes:

* ``symmetric`` (``N = 3n + 1`` and ``N = 3n + 3``, n odd): the base round is also invariant
  under ``t -> t + 1``, which moves the fixed points ``j -> j + 1`` when ``f = 3``.  Then
  the base round is given by *base blocks* on representatives of the cosets
  ``{(0, x), (1, x), (2, x)}`` and the schedule has no repeat iff the differences of the
  base blocks cover every ``(dt, dx)`` with ``dx != 0`` once (a resolvable
  1-rotational difference family); with ``f = 1`` the table ``{inf, (0,0), (1,0), (2,0)}``
  covers the pairs inside the cosets, with ``f = 3`` those pairs are the groups of a
  4-RGDD of type 3^(N/3) and the tables of the fixed points take one point of each
  residue ``t - j``.  The search space is tiny (``(n - 1) / 4`` blocks of 4).
  A multiplier ``x -> m x`` of odd order ``e`` (``m^i +- 1`` units) divides the search
  by ``e`` (88, 112, 124, 160 players; 60, 96, 132, 148 with ``e = 3``); ``field`` is the
  same over the additive group of GF(n) (76 players, GF(25); the file then says
  ``"moduli": [5, 5]``).
* ``rotational`` (``N = 3n + f``, n = f mod 4, Z_n with a cube root of unity m != 1): the
  base round is invariant under ``(t, x) -> (t + 1, m x)``, the fixed points in tables
  ``{inf_j, (0, a), (1, m a), (2, m^2 a)}``; every pair class has an orbit of three, so a
  third of the tables is searched.  The only ansatz here that reaches ``N = 8 mod 12``
  (4-RGDDs of type 2^(N/2): 56, ...).
* ``plain`` (any n): the whole base round is searched; a pair orbit of Z_n may be used
  once, the half-difference orbits ``(t, x), (t, x + n/2)`` and the pair of fixed points
  never (the fallback for ``N = 8 mod 12``; it finds nothing at 44 players in minutes).

The search is a tabu search (``MatrixTabu``) over swaps of two items between blocks (and, in the
symmetric ansatz, changes of the ``t`` of one item), with an exact incremental cost:
``sum over pair classes of max(0, count - allowed)``.
"""

from __future__ import annotations

import random
import time

import numpy as np

from tournament.seating.fields import _gf, _prime_power


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


class Ring:
    """Z_n, or the additive group of GF(n) (``field``, elements as base-p digits, the
    translation group Z_p^k), with the multiplications used as multipliers."""

    def __init__(self, n: int, field: bool = False) -> None:
        self.n = n
        if field:
            add, mul = _gf(n)
            neg = [add[x].index(0) for x in range(n)]
            self.sub = [[add[x][neg[y]] for y in range(n)] for x in range(n)]
            self.mul = mul
            self.neg = neg
        else:
            self.sub = [[(x - y) % n for y in range(n)] for x in range(n)]
            self.mul = [[(x * y) % n for y in range(n)] for x in range(n)]
            self.neg = [(-x) % n for x in range(n)]

    def multiplier(self, e: int) -> int | None:
        """An element m of order e with m^i - 1, m^i + 1 units for 0 < i < e."""
        n, mul = self.n, self.mul
        units = [x for x in range(1, n) if 1 in mul[x]]
        for m in units:
            pw = [1]
            for _ in range(e):
                pw.append(mul[pw[-1]][m])
            if pw[e] != 1:
                continue
            if all(
                pw[i] != 1 and self.sub[pw[i]][1] in units and self.sub[pw[i]][self.neg[1]] in units
                for i in range(1, e)
            ):
                return m
        return None


def symmetric_search(
    n: int, f: int, rng: random.Random, seconds: float, e: int = 1, field: bool = False
) -> list[list[int]] | None:
    """Base round for ``N = 3n + f`` (f in 1, 3; n odd) invariant under t -> t + 1 and,
    when ``e > 1``, under the multiplier x -> m x of order e (then only one block per
    orbit of e blocks is searched: pair classes are orbits of difference classes).

    With ``f = 3`` and ``e = 3`` the table of the fixed point ``3n`` is
    ``{(0, y), (2, m y), (1, m^2 y)}`` (fixed by the multiplier up to t -> t + 1) and the
    coset of 0 lies in the invariant table ``{(0, 0), (s, z), (s, m z), (s, m^2 z)}``."""
    assert f in (1, 3) and n % 2 == 1
    ring = Ring(n, field)
    sub, mul, neg = ring.sub, ring.mul, ring.neg
    m = 1 if e == 1 else ring.multiplier(e)
    if m is None or (f == 3 and e not in (1, 3)):
        return None
    U = 3 * n
    pw = [1]
    for _ in range(e - 1):
        pw.append(mul[pw[-1]][m])

    def dclass(dt: int, dx: int) -> tuple[int, int]:
        return min(min((dt, mul[dx][q]), ((-dt) % 3, neg[mul[dx][q]])) for q in pw)

    cls: dict[tuple[int, int], int] = {}
    for dt in range(3):
        for dx in range(1, n):
            cls.setdefault(dclass(dt, dx), len(cls))
    # then: the fixed point 3n with a point (t, x) (class t); pairs inside a coset (never)
    nd = len(cls)
    cap = np.array([1] * nd + [1, 1, 1] + [10**6], dtype=np.int64)
    pid = np.full((U + 1, U + 1), len(cap) - 1, dtype=np.int64)
    for a in range(U):
        ta, xa = divmod(a, n)
        pid[a, U] = pid[U, a] = nd + ta
        for b in range(U):
            tb, xb = divmod(b, n)
            if xa != xb:
                pid[a, b] = cls[dclass((tb - ta) % 3, sub[xb][xa])]
    orbit_of: dict[int, int] = {}
    orbits: list[list[int]] = []
    for x in range(1, n):
        if x not in orbit_of:
            orb = sorted({mul[x][q] for q in pw})
            for y in orb:
                orbit_of[y] = len(orbits)
            orbits.append(orb)
    free = list(range(len(orbits)))
    rng.shuffle(free)
    invariant: list[list[int]] = []  # tables fixed by the multiplier (before t -> t + 1)
    if f == 1:
        invariant.append([0, n, 2 * n, U])
    else:
        if e == 1:
            free.append(-1)  # the coset of 0 is an ordinary item
            rng.shuffle(free)
        else:
            y = orbits[free.pop()][0]
            z = orbits[free.pop()][0]
            sz = rng.randrange(3)
            invariant.append([0] + [sz * n + mul[z][q] for q in pw])
            ys, ts = [mul[y][q] for q in pw], [0, 2, 1]
            invariant.append([U] + [t * n + x for t, x in zip(ts, ys, strict=True)])
    base = np.zeros(len(cap), dtype=np.int64)
    for tbl in invariant:
        fin = [a for a in tbl if a < U]
        for i, a in enumerate(fin):
            for b in fin[i + 1 :]:
                base[pid[a, b]] += 1
    base = base // e  # an invariant table holds each of its pair orbits e times over
    block_of = [-1] * (U + 1)
    reps = [0 if o < 0 else orbits[o][rng.randrange(e)] for o in free]
    lead = 1 if f == 3 and e == 1 else 0  # the fixed point 3n is searched with block 0
    if lead:
        block_of[U] = 0
    for i, x in enumerate(reps):
        block_of[rng.randrange(3) * n + x] = (i + lead) // 4
    kind = [orbit_of.get(a % n, -1) for a in range(U)] + [-2]
    used_x = {a % n for tbl in invariant for a in tbl if a < U}
    fixed = {a for a in range(U) if a % n in used_x} | {U}
    s = MatrixTabu(block_of, pid, cap, kind, fixed, base)
    if s.run(rng, seconds) > 0:
        return None
    blocks = [
        [(a // n) * n + mul[a % n][q] for a in blk] for blk in s.blocks() for q in pw
    ] + invariant
    # the base round: each block and its images under t -> t + 1
    rnd: list[list[int]] = []
    for blk in blocks:
        if f == 1 and U in blk:
            rnd.append(blk)
            continue
        for u in range(3):
            rnd.append(
                [U + (a - U + u) % 3 if a >= U else ((a // n + u) % 3) * n + a % n for a in blk]
            )
    return rnd


def rotational_search(
    n: int, rng: random.Random, seconds: float, f: int = 2
) -> list[list[int]] | None:
    """Base round for ``N = 3n + f`` (n = f mod 4) invariant under
    ``psi: (t, x) -> (t + 1, m x)`` with ``m^3 = 1 != m`` in Z_n, the fixed points staying.

    The tables of the fixed points are ``{inf_j, (0, a_j), (1, m a_j), (2, m^2 a_j)}`` with
    distinct ``(m - 1) a_j``; the other tables come in psi-orbits of three, so one table
    per orbit is searched, its items being psi-orbits of points (``(t, m^t y)`` for kind
    ``y``).  Pair classes are psi-orbits of the pair orbits of Z_n, all of size three.
    Never used with f = 2: the half differences (a pair orbit of length n / 2 would meet
    twice; they are the groups of a 4-RGDD of type 2^(N/2))."""
    ms = _cube_roots(n)
    if n % 4 != f or not ms:
        return None
    m = ms[rng.randrange(len(ms))]
    U = 3 * n
    minv = pow(m, 2, n)

    def forbidden(k: tuple) -> bool:
        return f == 2 and k[0] == k[1] and 2 * k[2] == n

    def key(a: int, b: int) -> tuple:
        i, x = divmod(a, n)
        j, y = divmod(b, n)
        if i > j:
            i, j, x, y = j, i, y, x
        d = (y - x) % n
        return (i, j, min(d, n - d) if i == j else d)

    def psi(a: int) -> int:
        t, x = divmod(a, n)
        return ((t + 1) % 3) * n + (m * x) % n

    cls: dict[tuple, int] = {}
    cap_l: list[int] = []
    pid = np.zeros((U, U), dtype=np.int64)
    never = None
    kind = [pow(minv, a // n, n) * (a % n) % n for a in range(U)]
    for a in range(U):
        for b in range(U):
            if a == b:
                if never is None:
                    never = len(cap_l)
                    cap_l.append(10**6)
                pid[a, b] = never
                continue
            k = min(key(x, y) for x, y in ((a, b), (psi(a), psi(b)), (psi(psi(a)), psi(psi(b)))))
            if k not in cls:
                cls[k] = len(cap_l)
                cap_l.append(0 if forbidden(k) else 1)
            pid[a, b] = cls[k]
    cap = np.array(cap_l, dtype=np.int64)
    for _ in range(1000):
        avec = rng.sample(range(n), f)
        inf_tables = [
            [U + j] + [t * n + pow(m, t, n) * aj % n for t in range(3)] for j, aj in enumerate(avec)
        ]
        base = np.zeros(len(cap), dtype=np.int64)
        for tbl in inf_tables:
            base[pid[tbl[1], tbl[2]]] += 1  # its three finite pairs are one psi-orbit
        if (base <= cap).all():
            break
    else:
        return None
    free = [y for y in range(n) if y not in avec]
    rng.shuffle(free)
    block_of = [-1] * U
    for i, y in enumerate(free):
        t = rng.randrange(3)
        block_of[t * n + pow(m, t, n) * y % n] = i // 4
    fixed = {a for a in range(U) if kind[a] in avec}
    s = MatrixTabu(block_of, pid, cap, kind, fixed, base)
    if s.run(rng, seconds) > 0:
        return None
    rnd = inf_tables
    for blk in s.blocks():
        for _ in range(3):
            rnd.append(list(blk))
            blk = [psi(a) for a in blk]
    return rnd


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


def _cube_roots(n: int) -> list[int]:
    return [m for m in range(2, n) if pow(m, 3, n) == 1]


def ansatzes(players: int) -> list[tuple[str, int, int, int]]:
    """The ansatzes tried for ``players`` at the round limit: (kind, n, f, e)."""
    if players % 12 == 4:
        n = (players - 1) // 3
        q = (n - 1) // 4
        es = [e for e in range(q, 1, -1) if q % e == 0 and e % 2 and Ring(n).multiplier(e)]
        out = [("symmetric", n, 1, e) for e in es[:2]]
        pp = _prime_power(n)
        if not es and pp and pp[1] > 1:
            # GF(n): translations Z_p^k, a multiplier of odd order (76 players: GF(25))
            fe = [e for e in range(q, 1, -1) if q % e == 0 and e % 2]
            out += [("field", n, 1, e) for e in fe[:1] if Ring(n, True).multiplier(e)]
        if not out and _cube_roots(n):
            out.append(("rotational", n, 1, 3))
        return out + [("symmetric", n, 1, 1)]
    if players % 12 == 0:
        n = players // 3 - 1
        out = [("symmetric", n, 3, 3)] if n % 12 == 7 and Ring(n).multiplier(3) else []
        if not out and _cube_roots(n):
            out.append(("rotational", n, 3, 3))
        return out + [("symmetric", n, 3, 1)]
    n = (players - 2) // 3
    return ([("rotational", n, 2, 3)] if _cube_roots(n) else []) + [("plain", n, 2, 1)]


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
            if kind in ("symmetric", "field"):
                base = symmetric_search(n, f, rng, left, e, kind == "field")
            elif kind == "rotational":
                base = rotational_search(n, rng, left, f)
            else:
                found = plain_search(n, f, rng, left)
                base = found[0] if found else None
            log(f"  {kind} n={n} f={f} e={e} attempt {attempt}: {'found' if base else 'no'}")
            attempt += 1
            if base is not None:
                how = (
                    f"1-rotational: Z_{n} x 3 + {f} fixed, one base round"
                    + (", invariant under t -> t + 1" if kind in ("symmetric", "field") else "")
                    + (", invariant under (t, x) -> (t + 1, m x)" if kind == "rotational" else "")
                    + (f", translations of GF({n})" if kind == "field" else "")
                    + (f" and a multiplier of order {e}" if e > 1 else "")
                    + f" (seating_designs {kind}, rng {tag}-{players}-{kind}-{e}-{attempt - 1})"
                )
                design = {"n": n, "orbits": 3, "fixed": f, "base": [sorted(t) for t in base]}
                if kind == "field":
                    p, k = _prime_power(n)  # type: ignore[misc]
                    design["moduli"] = [p] * k
                return design, how, time.monotonic() - t0
            if e > 1 and attempt >= 3 and kind != "rotational":
                break  # the multiplier may admit no solution: go on with the next ansatz
    return None
