"""Seating generator for Mahjong tournaments.

Pure Python + numpy (no Django).  A schedule is a list of rounds, a round a list of
tables, a table a tuple of 4 player ids in seat-wind order (E, S, W, N).

How a schedule is made (``generate``):

1. *Structure.*  When no rounds were played yet, known zero-repeat constructions
   are tried: lines of the affine geometry AG(k, 4) (16, 64, 256 players), resolvable
   transversal designs over GF(q) (4q players, q a prime power) and over Z_n (4n
   players), a packing of PG(3, 3) (40 players, 13 rounds), and schedules precomputed
   by our own search (``bench/seating_precompute.py``) shipped in
   ``tournament/seating_data``.  Missing rounds are built greedily.
2. *Labels.*  Players are mapped onto the structure by a seeded random permutation,
   improved by a swap search (quadratic assignment) when clubs, countries or
   substitutes carry penalties; relabelling never changes the number of repeats.
3. *Search.*  If the repeats are above the counting lower bound (or penalties are
   present), a tabu search over swaps of two players between tables of one round
   (Dotu & Van Hentenryck style, whole neighbourhood evaluated incrementally with
   numpy) improves the new rounds; played rounds stay fixed.  The search is bounded by
   an iteration count (deterministic) and by ``time_budget`` as a safety cap.
4. *Winds.*  Seat winds come from de Werra's equitable edge colouring of the
   bipartite multigraph tables x players (two Euler splits), which gives every player
   each wind floor(G/4) or ceil(G/4) times; with earlier rounds fixed, Kempe-path
   swaps inside tables then balance the totals.

Re-seating after drops: pass the played rounds as ``played`` (kept unchanged), the
remaining players, and ideally the old schedule as ``planned`` (its intact tables are
kept; substitutes take the dropped players' seats).

Substitutes have negative ids (-1, -2, -3); a bye is a player missing from a round.

Public API: ``generate``, ``quality``, ``swap``, ``validate``, ``lower_bound`` and the
dataclasses ``PlayerSpec``, ``Quality``, ``Schedule``.  Needs numpy (tested with 2.4.6).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

WINDS = ("E", "S", "W", "N")
Table = tuple[int, int, int, int]
Round = Sequence[Table]

DATA_DIR = Path(__file__).resolve().parent / "seating_data"
SUBSTITUTE_PAIR_PENALTY = 1.5  # two substitutes at a table: worse than one repeat
WIND_CLASH_PENALTY = 0.3  # < 1: a repeat weighs more than a wind clash
_EPS = 1e-9


@dataclass(frozen=True)
class PlayerSpec:
    id: int
    club: str | None = None
    country: str | None = None


@dataclass(frozen=True)
class Quality:
    repeats: int  # sum over pairs of max(0, meetings - 1)
    lower_bound: int  # counting lower bound on repeats
    max_meetings: int  # most meetings of any pair
    wind_imbalance: int  # max over players of (max wind count - min wind count)
    wind_ideal: int  # 0 if every player's game count is a multiple of 4, else 1
    same_club: int  # meetings of players of the same club
    same_country: int  # meetings of players of the same country


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[tuple[Table, ...], ...]
    byes: tuple[tuple[int, ...], ...]
    substitutes: frozenset[int]
    players: tuple[PlayerSpec, ...]
    quality: Quality
    played: int = 0  # number of leading rounds that were given (fixed)
    construction: str = ""  # how the new rounds were made

    def is_substitute(self, player_id: int) -> bool:
        return player_id in self.substitutes


# --------------------------------------------------------------------------- quality


# player counts for which zero repeats are impossible below the counting limit
# (20 players: 5 rounds at most, the social golfer instance 5-4-6 has no solution;
# 8 and 12 players: a second round must seat two players of one first-round table together)
_MAX_ZERO_REPEAT_ROUNDS = {4: 1, 8: 1, 12: 1, 20: 5}


def lower_bound(players: int, rounds: int) -> int:
    """Counting bound on repeats for ``players`` (all playing) over ``rounds`` rounds."""
    if 3 * rounds <= players - 1:
        return 1 if rounds > _MAX_ZERO_REPEAT_ROUNDS.get(players, rounds) else 0
    return max(1, math.ceil(players * (3 * rounds - players + 1) / 2))


def _lower_bound_games(games: dict[int, int], slots: dict[int, int], n_real: int) -> int:
    total = sum(max(0, slots.get(p, 0) - (n_real - 1)) for p in games)
    lb = math.ceil(total / 2)
    if lb == 0 and games:
        rounds = max(games.values())
        if (
            all(g == rounds for g in games.values())
            and len(games) == n_real
            and lower_bound(n_real, rounds) > 0
            and all(slots.get(p, 0) == 3 * rounds for p in games)
        ):
            lb = 1
    return lb


def quality(
    rounds: Iterable[Round],
    players: Sequence[PlayerSpec | int] | None = None,
    *,
    substitutes: Iterable[int] | None = None,
) -> Quality:
    """Quality report of a schedule (tables listed in wind order E, S, W, N).

    Substitutes (by default: negative ids) are ignored for repeats, winds and clubs.
    ``players`` supplies clubs/countries and players who have not played yet.
    """
    rounds = [list(r) for r in rounds]
    if substitutes is None:
        subs = {p for r in rounds for t in r for p in t if p < 0}
    else:
        subs = set(substitutes)
    specs: dict[int, PlayerSpec] = {}
    for p in players or ():
        spec = p if isinstance(p, PlayerSpec) else PlayerSpec(int(p))
        specs[spec.id] = spec
    meet: Counter[tuple[int, int]] = Counter()
    wind: dict[int, list[int]] = {}
    slots: Counter[int] = Counter()
    for p in specs:
        if p not in subs:
            wind.setdefault(p, [0, 0, 0, 0])
    for rnd in rounds:
        for table in rnd:
            real = [p for p in table if p not in subs]
            for w, p in enumerate(table):
                if p not in subs:
                    wind.setdefault(p, [0, 0, 0, 0])[w] += 1
                    slots[p] += len(real) - 1
            for i in range(len(real)):
                for j in range(i + 1, len(real)):
                    a, b = real[i], real[j]
                    meet[(a, b) if a < b else (b, a)] += 1
    repeats = sum(c - 1 for c in meet.values() if c > 1)
    max_meet = max(meet.values(), default=0)
    imbalance = max((max(c) - min(c) for c in wind.values()), default=0)
    ideal = 1 if any(sum(c) % 4 for c in wind.values()) else 0
    games = {p: sum(c) for p, c in wind.items()}
    lb = _lower_bound_games(games, slots, len(wind))
    same_club = same_country = 0
    for (a, b), c in meet.items():
        sa, sb = specs.get(a), specs.get(b)
        if sa is None or sb is None:
            continue
        if sa.club is not None and sa.club == sb.club:
            same_club += c
        if sa.country is not None and sa.country == sb.country:
            same_country += c
    return Quality(repeats, lb, max_meet, imbalance, ideal, same_club, same_country)


def validate(schedule_rounds: Iterable[Round], players: Iterable[int] | None = None) -> None:
    """Raise ValueError unless every table has 4 distinct players and nobody sits twice
    in a round (and, if ``players`` is given, every table player is known)."""
    known = None if players is None else set(players)
    for i, rnd in enumerate(schedule_rounds):
        seen: set[int] = set()
        for table in rnd:
            if len(table) != 4 or len(set(table)) != 4:
                raise ValueError(f"round {i + 1}: table {table!r} is not 4 distinct players")
            for p in table:
                if p in seen:
                    raise ValueError(f"round {i + 1}: player {p} seated twice")
                if known is not None and p >= 0 and p not in known:
                    raise ValueError(f"round {i + 1}: unknown player {p}")
                seen.add(p)


def swap(schedule: Schedule, round_index: int, a: int, b: int) -> Schedule:
    """Director's manual swap: players ``a`` and ``b`` exchange seats (or bye) in one round.

    Returns a new Schedule with an updated quality report."""
    rounds = [list(r) for r in schedule.rounds]
    byes = [list(x) for x in schedule.byes]
    rnd = [list(t) for t in rounds[round_index]]
    bye = byes[round_index] if round_index < len(byes) else []

    def locate(p: int) -> tuple[int, int] | None:
        for ti, t in enumerate(rnd):
            if p in t:
                return ti, t.index(p)
        if p in bye:
            return None
        raise ValueError(f"player {p} is not in round {round_index + 1}")

    la, lb_ = locate(a), locate(b)
    if la is not None:
        rnd[la[0]][la[1]] = b
    else:
        bye[bye.index(a)] = b
    if lb_ is not None:
        rnd[lb_[0]][lb_[1]] = a
    else:
        bye[bye.index(b)] = a
    rounds[round_index] = [tuple(t) for t in rnd]
    if round_index < len(byes):
        byes[round_index] = sorted(bye)
    new_rounds = tuple(tuple(tuple(t) for t in r) for r in rounds)
    q = quality(new_rounds, schedule.players, substitutes=schedule.substitutes)
    return dataclasses.replace(
        schedule, rounds=new_rounds, byes=tuple(tuple(x) for x in byes), quality=q
    )


# --------------------------------------------------------------------- finite fields


def _prime_power(q: int) -> tuple[int, int] | None:
    if q < 2:
        return None
    for p in range(2, q + 1):
        if q % p == 0:
            e, r = 0, q
            while r % p == 0:
                r //= p
                e += 1
            return (p, e) if r == 1 else None
    return None


@lru_cache(maxsize=16)
def _gf(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q); elements are 0..q-1 (base-p digits)."""
    p, e = _prime_power(q)  # type: ignore[misc]

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(e)]

    def polymulmod(a: list[int], b: list[int], mod: list[int]) -> list[int]:
        prod = [0] * (2 * e - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                prod[i + j] = (prod[i + j] + x * y) % p
        for k in range(len(prod) - 1, e - 1, -1):  # mod is monic of degree e
            c = prod[k]
            if c:
                for i in range(e + 1):
                    prod[k - e + i] = (prod[k - e + i] - c * mod[i]) % p
        return prod[:e]

    def irreducible(mod: list[int]) -> bool:
        # no root-free test needed: check that x has multiplicative closure without zero
        # divisors, i.e. a*b != 0 for all nonzero a, b (small fields only)
        nz = [digits(x) for x in range(1, q)]
        return all(any(polymulmod(a, b, mod)) for a in nz for b in nz)

    if e == 1:
        mod = [0, 1]
    else:
        mod = []
        for c in range(p**e):
            cand = digits(c) + [1]
            if cand[0] and irreducible(cand):
                mod = cand
                break

    def val(d: list[int]) -> int:
        return sum(x * p**i for i, x in enumerate(d))

    add = [
        [val([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)]) for b in range(q)]
        for a in range(q)
    ]
    if e == 1:
        mul = [[(a * b) % q for b in range(q)] for a in range(q)]
    else:
        mul = [[val(polymulmod(digits(a), digits(b), mod)) for b in range(q)] for a in range(q)]
    return add, mul


# --------------------------------------------------------------------- constructions


def _affine4(k: int, max_rounds: int | None = None) -> list[list[list[int]]]:
    """Parallel classes of lines of AG(k, 4): 4^k points, (4^k - 1) / 3 rounds."""
    add, mul = _gf(4)
    n = 4**k

    def vec(x: int) -> list[int]:
        return [(x >> (2 * i)) & 3 for i in range(k)]

    def num(v: list[int]) -> int:
        return sum(c << (2 * i) for i, c in enumerate(v))

    rounds: list[list[list[int]]] = []
    for d in range(1, n):
        if max_rounds is not None and len(rounds) >= max_rounds:
            break
        dv = vec(d)
        lead = next(c for c in reversed(dv) if c)
        if lead != 1:
            continue  # one representative per projective point
        seen = [False] * n
        tables = []
        for x in range(n):
            if seen[x]:
                continue
            xv = vec(x)
            line = [num([add[a][mul[t][b]] for a, b in zip(xv, dv, strict=True)]) for t in range(4)]
            for y in line:
                seen[y] = True
            tables.append(line)
        rounds.append(tables)
    return rounds


def _td_field(q: int) -> list[list[list[int]]]:
    """Resolvable transversal design over GF(q): 4q points (i, x), q rounds.

    Round r, table t = {(i, t + g_i r)} with g = 0, 1, 2, 3 distinct field elements."""
    add, mul = _gf(q)
    g = [0, 1, 2, 3]
    rounds = []
    for r in range(q):
        rounds.append([[i * q + add[t][mul[g[i]][r]] for i in range(4)] for t in range(q)])
    if q == 4:
        rounds.append([[i * q + x for x in range(q)] for i in range(4)])
    return rounds


def _td_cyclic(n: int, max_rounds: int | None = None) -> list[list[list[int]]]:
    """Transversal design over Z_n: 4n points (i, x); round r, table t = {(i, t + i r)}.

    Rounds r, r' clash iff d (r - r') = 0 mod n for some d in {1, 2, 3}."""
    chosen: list[int] = []
    for r in range(n):
        if max_rounds is not None and len(chosen) >= max_rounds:
            break
        if all(all((d * (r - s)) % n for d in (1, 2, 3)) for s in chosen):
            chosen.append(r)
    return [[[i * n + (t + i * r) % n for i in range(4)] for t in range(n)] for r in chosen]


@lru_cache(maxsize=1)
def _pg33_packing() -> list[list[list[int]]]:
    """A packing of PG(3, 3): 40 points, 13 spreads of 10 lines (resolvable 2-(40,4,1)).

    Points of PG(3, 3) are GF(27) x GF(3) vectors up to sign; all spreads are listed by
    backtracking and 13 line-disjoint spreads are found by Knuth's Algorithm X (exact
    cover of the 130 lines) with a fixed-seed randomised branching order."""
    add, mul = _gf(27)

    def neg(v: tuple[int, int]) -> tuple[int, int]:
        return (mul[2][v[0]], (2 * v[1]) % 3)

    def norm(v: tuple[int, int]) -> tuple[int, int]:
        return min(v, neg(v))

    def vadd(u: tuple[int, int], v: tuple[int, int]) -> tuple[int, int]:
        return (add[u[0]][v[0]], (u[1] + v[1]) % 3)

    points = sorted({norm((x, y)) for x in range(27) for y in range(3) if (x, y) != (0, 0)})
    pid = {p: i for i, p in enumerate(points)}
    line_set: set[tuple[int, ...]] = set()
    for i, u in enumerate(points):
        for v in points[i + 1 :]:
            line = {norm(u), norm(v), norm(vadd(u, v)), norm(vadd(u, neg(v)))}
            line_set.add(tuple(sorted(pid[p] for p in line)))
    lines = sorted(line_set)
    masks = [sum(1 << p for p in ln) for ln in lines]
    by_point: list[list[int]] = [[] for _ in points]
    for li, ln in enumerate(lines):
        for p in ln:
            by_point[p].append(li)
    full = (1 << len(points)) - 1
    spreads: list[tuple[int, ...]] = []

    def spreads_from(used: int, cur: list[int]) -> None:
        if used == full:
            spreads.append(tuple(cur))
            return
        p = (~used & (used + 1)).bit_length() - 1  # lowest uncovered point
        for li in by_point[p]:
            if not masks[li] & used:
                cur.append(li)
                spreads_from(used | masks[li], cur)
                cur.pop()

    spreads_from(0, [])
    by_line: list[list[int]] = [[] for _ in lines]
    for si, sp in enumerate(spreads):
        for li in sp:
            by_line[li].append(si)
    rng = random.Random(40)

    def exact_cover(limit: int) -> list[int] | None:
        avail = [set(x) for x in by_line]
        covered = [False] * len(lines)
        chosen: list[int] = []
        nodes = 0

        def rec() -> bool | None:
            nonlocal nodes
            nodes += 1
            if nodes > limit:
                return None
            if len(chosen) == 13:
                return True
            open_lines = [li for li in range(len(lines)) if not covered[li]]
            li = min(open_lines, key=lambda x: len(avail[x]))
            cands = sorted(avail[li])
            rng.shuffle(cands)
            for si in cands:
                removed = []
                for lj in spreads[si]:
                    for sj in by_line[lj]:
                        for lk in spreads[sj]:
                            if sj in avail[lk]:
                                avail[lk].discard(sj)
                                removed.append((lk, sj))
                for lj in spreads[si]:
                    covered[lj] = True
                chosen.append(si)
                res = rec()
                if res:
                    return True
                chosen.pop()
                for lj in spreads[si]:
                    covered[lj] = False
                for lk, sj in removed:
                    avail[lk].add(sj)
                if res is None:
                    return None
            return False

        return chosen if rec() else None

    for _ in range(200):
        sol = exact_cover(5000)
        if sol:
            return [[list(lines[li]) for li in spreads[si]] for si in sol]
    return []  # pragma: no cover


def _data_candidates(n_points: int) -> list[tuple[str, list[list[list[int]]]]]:
    out = []
    if not DATA_DIR.is_dir():
        return out
    for path in sorted(DATA_DIR.glob(f"n{n_points}_r*.json")):
        data = json.loads(path.read_text())
        if data.get("players") == n_points:
            out.append((f"precomputed {path.name} ({data.get('method', '')})", data["schedule"]))
    return out


def _constructions(n_points: int, rounds: int) -> list[tuple[str, list[list[list[int]]]]]:
    """Zero-repeat (or precomputed) structures on points 0..n_points-1."""
    out: list[tuple[str, list[list[list[int]]]]] = []
    k = 0
    while 4**k < n_points:
        k += 1
    if 4**k == n_points and k >= 1:
        out.append((f"AG({k},4) lines", _affine4(k, rounds)))
    if n_points % 4 == 0:
        q = n_points // 4
        pp = _prime_power(q)
        # Z_q is as good when gcd(q, 6) = 1; fields help for q = 2^e, 3^e
        if pp is not None and pp[1] > 1 and pp[0] in (2, 3) and 4 <= q <= 128:
            out.append((f"transversal design over GF({q})", _td_field(q)))
        if q >= 1:
            out.append((f"transversal design over Z_{q}", _td_cyclic(q, rounds)))
    if n_points == 40:
        out.append(("packing of PG(3,3)", _pg33_packing()))
    out.extend(_data_candidates(n_points))
    return out


# --------------------------------------------------------------------- search core


class _Costs:
    """Pair weights: W = weight of a repeat, Pen = penalty per meeting."""

    def __init__(self, W: np.ndarray, Pen: np.ndarray) -> None:
        self.W = W
        self.W2 = W / 64.0  # secondary: discourage third meetings
        self.Pen = Pen

    def add(self, M: np.ndarray) -> np.ndarray:
        return self.W * (M >= 1) + self.W2 * (M >= 2) + self.Pen

    def rem(self, M: np.ndarray) -> np.ndarray:
        return self.W * (M >= 2) + self.W2 * (M >= 3) + self.Pen

    def total(self, M: np.ndarray) -> float:
        c = self.W * np.maximum(M - 1, 0) + self.W2 * np.maximum(M - 2, 0) + self.Pen * M
        return float(c.sum()) / 2.0

    def repeats(self, M: np.ndarray) -> int:
        return int(round(float((self.W * np.maximum(M - 1, 0)).sum()) / 2.0))


def _meetings(P: int, rounds: Iterable[Iterable[Sequence[int]]], M: np.ndarray | None = None):
    if M is None:
        M = np.zeros((P, P), dtype=np.int64)
    tables = [t for rnd in rounds for t in rnd]
    if tables:
        arr = np.array(tables, dtype=np.int64)
        for i in range(4):
            for j in range(4):
                if i != j:
                    np.add.at(M, (arr[:, i], arr[:, j]), 1)
    return M


def _structure_labels(struct: list[list[list[int]]], P: int, n_real: int, rng: random.Random):
    """Random labelling of structure points; substitutes (labels >= n_real) go to
    points that never share a table with each other."""
    order = list(range(P))
    rng.shuffle(order)
    perm = [0] * P
    k = P - n_real
    chosen: list[int] = []
    if k:
        Ms = _meetings(P, struct)
        for a in order:
            if all(Ms[a, b] == 0 for b in chosen):
                chosen.append(a)
                if len(chosen) == k:
                    break
        chosen += [a for a in order if a not in chosen][: k - len(chosen)]
    rest = [a for a in order if a not in set(chosen)]
    for label, a in enumerate(rest):
        perm[a] = label
    for i, a in enumerate(chosen):
        perm[a] = n_real + i
    return perm


def _greedy_round(active: list[int], M: np.ndarray, costs: _Costs, rng: random.Random):
    order = list(active)
    rng.shuffle(order)
    order_arr = np.array(order)
    ADD = costs.add(M)[np.ix_(order_arr, order_arr)]
    free = np.ones(len(order), dtype=bool)
    tables = []
    for start in range(len(order)):
        if not free[start]:
            continue
        free[start] = False
        members = [start]
        c = ADD[start].copy()
        for _ in range(3):
            cm = np.where(free, c, np.inf)
            j = int(np.argmin(cm))
            free[j] = False
            members.append(j)
            c += ADD[j]
        tables.append([order[j] for j in members])
    return tables


def _tabu(
    rounds: list[list[list[int]]],
    F: np.ndarray,
    costs: _Costs,
    rng: random.Random,
    max_iters: int,
    deadline: float,
    target: float,
    home: np.ndarray | None = None,
) -> tuple[list[list[list[int]]], int]:
    """Tabu search over swaps of two players between tables of one round.

    ``F``: meetings in fixed rounds.  ``home`` (R x P table index) restricts every
    player to tables within distance 1 of its home table (Swiss pairing)."""
    R = len(rounds)
    P = F.shape[0]
    if R == 0:
        return rounds, 0
    T = len(rounds[0])
    mem = [[list(t) for t in rnd] for rnd in rounds]
    M = _meetings(P, mem, F.copy())
    if T < 2:
        return mem, 0
    tab = np.full((R, P), -1, dtype=np.int64)
    S = np.zeros((R, P, T))
    for r, rnd in enumerate(mem):
        for t, tbl in enumerate(rnd):
            for p in tbl:
                tab[r, p] = t
                S[r, p, t] = 1.0
    active = tab >= 0
    inactive_pair = ~active[:, :, None] | ~active[:, None, :]
    cur = costs.total(M)
    best, best_mem = cur, [[list(t) for t in rnd] for rnd in mem]
    tabu_until = np.zeros((R, P, T), dtype=np.int64)
    last_improve = last_best = 0
    stall = 300 + 10 * P
    patience = max(2000, max_iters // 3)
    it = 0
    for it in range(max_iters):
        if best <= target + _EPS or it - last_best > patience:
            break
        if it % 8 == 0 and time.monotonic() > deadline:
            break
        ADD = costs.add(M)
        REM = costs.rem(M)
        IN = np.matmul(ADD, S)
        REMS = np.matmul(REM, S)
        tabc = np.where(active, tab, 0)
        OUT = np.take_along_axis(REMS, tabc[:, :, None], 2)[:, :, 0]
        idx = np.broadcast_to(tabc[:, None, :], (R, P, P))
        X = np.take_along_axis(IN, idx, 2) - ADD[None] - OUT[:, :, None]
        D = X + X.transpose(0, 2, 1)
        invalid = (tab[:, :, None] == tab[:, None, :]) | inactive_pair
        if home is not None:
            hp = home[:, :, None]
            tq = tab[:, None, :]
            near = np.abs(hp - tq) <= 1
            invalid |= ~(near & near.transpose(0, 2, 1))
        TU = np.take_along_axis(tabu_until, idx, 2) > it
        tabu = TU | TU.transpose(0, 2, 1)
        conflict = OUT > _EPS  # players sitting with someone they should not meet
        invalid |= ~(conflict[:, :, None] | conflict[:, None, :])
        allowed = ~invalid & (~tabu | (cur + D < best - _EPS))
        if not allowed.any():
            if not (~invalid).any():
                break
            tabu_until[:] = 0
            continue
        Dm = np.where(allowed, D, np.inf)
        m = Dm.min()
        cand = np.flatnonzero(Dm <= m + _EPS)
        r, p, q = np.unravel_index(int(cand[rng.randrange(len(cand))]), Dm.shape)
        _apply_swap(mem, tab, S, M, int(r), int(p), int(q))
        A, B = int(tab[r, q]), int(tab[r, p])
        tabu_until[r, p, A] = it + 4 + rng.randrange(12)
        tabu_until[r, q, B] = it + 4 + rng.randrange(12)
        cur = costs.total(M)
        if cur < best - _EPS:
            best, best_mem = cur, [[list(t) for t in rnd] for rnd in mem]
            last_improve = last_best = it
        elif it - last_improve > stall:
            # restart from the best schedule with a small random perturbation
            last_improve = it
            mem = [[list(t) for t in rnd] for rnd in best_mem]
            tab[:] = -1
            S[:] = 0
            for rr, rnd in enumerate(mem):
                for t, tbl in enumerate(rnd):
                    for x in tbl:
                        tab[rr, x] = t
                        S[rr, x, t] = 1.0
            M = _meetings(P, mem, F.copy())
            for _ in range(2 + rng.randrange(4)):
                rr = rng.randrange(R)
                t1, t2 = rng.sample(range(T), 2)
                x, y = rng.choice(mem[rr][t1]), rng.choice(mem[rr][t2])
                if home is not None and (
                    abs(int(home[rr, x]) - t2) > 1 or abs(int(home[rr, y]) - t1) > 1
                ):
                    continue
                _apply_swap(mem, tab, S, M, rr, x, y)
            tabu_until[:] = 0
            cur = costs.total(M)
    Mb = _meetings(P, best_mem, F.copy())
    return best_mem, costs.repeats(Mb)


def _apply_swap(mem, tab, S, M, r: int, p: int, q: int) -> None:
    A, B = int(tab[r, p]), int(tab[r, q])
    ta, tb = mem[r][A], mem[r][B]
    for a in ta:
        if a != p:
            M[p, a] -= 1
            M[a, p] -= 1
            M[q, a] += 1
            M[a, q] += 1
    for b in tb:
        if b != q:
            M[q, b] -= 1
            M[b, q] -= 1
            M[p, b] += 1
            M[b, p] += 1
    ta[ta.index(p)] = q
    tb[tb.index(q)] = p
    tab[r, p], tab[r, q] = B, A
    S[r, p, A] = 0.0
    S[r, p, B] = 1.0
    S[r, q, B] = 0.0
    S[r, q, A] = 1.0


def _relabel(
    rounds: list[list[list[int]]],
    costs: _Costs,
    rng: random.Random,
    max_iters: int,
    deadline: float,
) -> list[list[list[int]]]:
    """Permute player labels on a fixed structure to minimise penalties (QAP swaps).

    Structure point a carries player perm[a]; repeats stay the same for real players."""
    P = costs.W.shape[0]
    Ms = _meetings(P, rounds).astype(float)
    Es = np.maximum(Ms - 1, 0)
    perm = np.arange(P)

    def parts(perm: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        ix = np.ix_(perm, perm)
        return [(Ms, costs.Pen[ix]), (Es, costs.W[ix] + 0.0)]

    def total(perm: np.ndarray) -> float:
        return sum(float((A * Q).sum()) for A, Q in parts(perm)) / 2.0

    cur = total(perm)
    best, best_perm = cur, perm.copy()
    tabu_until = np.zeros(P, dtype=np.int64)
    for it in range(max_iters):
        if best <= _EPS or time.monotonic() > deadline:
            break
        D = np.zeros((P, P))
        for A, Q in parts(perm):
            X = A @ Q
            d = np.diag(X)
            D += X + X.T - d[:, None] - d[None, :] + 2 * A * Q
        np.fill_diagonal(D, np.inf)
        tabu = (tabu_until[:, None] > it) | (tabu_until[None, :] > it)
        D = np.where(tabu & (cur + D >= best - _EPS), np.inf, D)
        m = D.min()
        if not np.isfinite(m):
            break
        cand = np.flatnonzero(m + _EPS >= D)
        a, b = np.unravel_index(int(cand[rng.randrange(len(cand))]), D.shape)
        perm[a], perm[b] = perm[b], perm[a]
        tabu_until[a] = tabu_until[b] = it + 3 + rng.randrange(max(2, P // 4))
        cur = total(perm)
        if cur < best - _EPS:
            best, best_perm = cur, perm.copy()
    return [[[int(best_perm[a]) for a in t] for t in rnd] for rnd in rounds]


# ------------------------------------------------------------------------------ winds


def _euler_split(edges: list[tuple[int, int]], n_vertices: int) -> list[int]:
    """2-colour the edges of a bipartite multigraph so that every vertex has
    floor(d/2) or ceil(d/2) edges of each colour (Euler circuits, alternating)."""
    deg = [0] * (n_vertices + 1)
    for u, v in edges:
        deg[u] += 1
        deg[v] += 1
    dummy = n_vertices
    all_edges = list(edges)
    # all odd-degree vertices are on the player side (tables have even degree)
    for v in range(n_vertices):
        if deg[v] % 2:
            all_edges.append((dummy, v))
    adj: list[list[int]] = [[] for _ in range(n_vertices + 1)]
    for i, (u, v) in enumerate(all_edges):
        adj[u].append(i)
        adj[v].append(i)
    used = [False] * len(all_edges)
    ptr = [0] * (n_vertices + 1)
    colour = [0] * len(all_edges)
    for s in range(n_vertices + 1):
        if ptr[s] >= len(adj[s]):
            continue
        stack = [(s, -1)]
        circuit: list[int] = []
        while stack:
            v, e_in = stack[-1]
            while ptr[v] < len(adj[v]) and used[adj[v][ptr[v]]]:
                ptr[v] += 1
            if ptr[v] == len(adj[v]):
                stack.pop()
                if e_in >= 0:
                    circuit.append(e_in)
            else:
                e = adj[v][ptr[v]]
                used[e] = True
                u, w = all_edges[e]
                stack.append((w if u == v else u, e))
        for i, e in enumerate(circuit):
            colour[e] = i % 2
    return colour[: len(edges)]


def _assign_winds(
    tables: list[list[int]],
    prior: dict[int, list[int]],
    free: set[int],
) -> list[Table]:
    """Order each table E, S, W, N.  ``prior``: wind counts from fixed rounds;
    players in ``free`` (substitutes) need no balance."""
    players = sorted({p for t in tables for p in t})
    pidx = {p: i for i, p in enumerate(players)}
    nt = len(tables)
    edges = [(ti, nt + pidx[p]) for ti, t in enumerate(tables) for p in t]
    c1 = _euler_split(edges, nt + len(players))
    colour = [0] * len(edges)
    for half in (0, 1):
        ids = [i for i in range(len(edges)) if c1[i] == half]
        c2 = _euler_split([edges[i] for i in ids], nt + len(players))
        for i, c in zip(ids, c2, strict=True):
            colour[i] = 2 * half + c
    seat = [[0, 0, 0, 0] for _ in tables]
    for i, (ti, pv) in enumerate(edges):
        seat[ti][colour[i]] = players[pv - nt]
    _balance_winds(seat, prior, free)
    return [tuple(s) for s in seat]  # type: ignore[misc]


def _balance_winds(seat: list[list[int]], prior: dict[int, list[int]], free: set[int]) -> None:
    """Kempe-path swaps of two winds inside tables until totals are balanced."""
    counts: dict[int, list[int]] = {}
    ptables: dict[int, list[int]] = {}
    for ti, s in enumerate(seat):
        for w, p in enumerate(s):
            counts.setdefault(p, list(prior.get(p, [0, 0, 0, 0])))[w] += 1
            ptables.setdefault(p, []).append(ti)
    improved = True
    guard = 0
    while improved and guard < 10000:
        improved = False
        guard += 1
        for p in sorted(counts):
            if p in free:
                continue
            c = counts[p]
            pairs = sorted(
                ((a, b) for a in range(4) for b in range(4) if c[a] - c[b] >= 2),
                key=lambda ab: c[ab[1]] - c[ab[0]],
            )
            for a, b in pairs:
                if _kempe(seat, counts, ptables, free, p, a, b):
                    improved = True
                    break
        if not improved:
            improved = _permute_tables(seat, counts, free)


def _permute_tables(seat: list[list[int]], counts: dict[int, list[int]], free: set[int]) -> bool:
    """Best of the 24 wind orders of each table, the rest fixed (sum of squared counts)."""
    changed = False
    for s in seat:
        for w, p in enumerate(s):
            counts[p][w] -= 1

        def score(order: tuple[int, ...]) -> int:
            return sum(
                sum(c * c for c in counts[p]) + 2 * counts[p][w] + 1
                for w, p in enumerate(order)
                if p not in free
            )

        current = tuple(s)
        best = min(itertools.permutations(current), key=lambda o: (score(o), o != current))
        if best != current:
            s[:] = best
            changed = True
        for w, p in enumerate(s):
            counts[p][w] += 1
    return changed


def _kempe(seat, counts, ptables, free, p: int, a: int, b: int) -> bool:
    gap = counts[p][a] - counts[p][b]
    parent: dict[int, tuple[int, int]] = {p: (-1, -1)}
    queue = [p]
    qi = 0
    while qi < len(queue):
        x = queue[qi]
        qi += 1
        for ti in ptables[x]:
            if seat[ti][a] != x:
                continue
            y = seat[ti][b]
            if y in parent:
                continue
            parent[y] = (x, ti)
            cy = counts[y]
            if y in free or gap + cy[b] - cy[a] > 2:
                # apply: swap winds a and b on every table of the path
                z = y
                while z != p:
                    px, pt = parent[z]
                    seat[pt][a], seat[pt][b] = seat[pt][b], seat[pt][a]
                    z = px
                counts[p][a] -= 1
                counts[p][b] += 1
                counts[y][a] += 1
                counts[y][b] -= 1
                return True
            queue.append(y)
    return False


# --------------------------------------------------------------------------- generate


def _norm_players(players: Sequence[PlayerSpec | int] | int) -> list[PlayerSpec]:
    if isinstance(players, int):
        return [PlayerSpec(i) for i in range(players)]
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(int(p)) for p in players]
    ids = [s.id for s in specs]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate player ids")
    if any(i < 0 for i in ids):
        raise ValueError("player ids must be >= 0 (negative ids denote substitutes)")
    return specs


def generate(
    players: Sequence[PlayerSpec | int] | int,
    rounds: int,
    *,
    seed: int | str = 0,
    played: Sequence[Round] = (),
    avoid_club_weight: float = 0.0,
    avoid_country_weight: float = 0.0,
    method: str = "balanced",
    standings_order: Sequence[int] | None = None,
    fill: str = "substitutes",
    time_budget: float = 10.0,
    max_iterations: int | None = None,
    planned: Sequence[Round] = (),
) -> Schedule:
    """Seat ``players`` for ``rounds`` rounds in total.

    ``played``: rounds already played (kept unchanged; the result contains them followed
    by ``rounds - len(played)`` new rounds).  ``players`` are the players still active,
    so a dropped player is simply left out.  ``method="swiss"`` forms the new rounds
    from neighbours in ``standings_order`` (best first), only exchanging players between
    adjacent tables to avoid repeats.  ``fill``: "substitutes" adds placeholder players
    with negative ids when the count is not a multiple of 4, "byes" lets players sit
    out (spread evenly).  Deterministic for a given seed; ``time_budget`` (seconds) is
    only a safety cap, the search normally stops on its iteration count.

    ``planned``: the schedule made before (all rounds, same indexing as ``played``).
    When re-seating after drops it is used as the starting point of the new rounds:
    tables without a dropped player are kept, the others are refilled (substitutes
    first, then greedy) and the tabu search repairs the rest.  This keeps most of a
    zero-repeat construction intact.
    """
    t0 = time.monotonic()
    deadline = t0 + max(0.0, time_budget) * 0.9
    specs = _norm_players(players)
    played_rounds = [[tuple(int(x) for x in t) for t in r] for r in played]
    validate(played_rounds)
    n = len(specs)
    if n < 4:
        raise ValueError("need at least 4 players")
    if rounds < len(played_rounds):
        raise ValueError("rounds must be at least the number of played rounds")
    if method not in ("balanced", "swiss"):
        raise ValueError("method must be 'balanced' or 'swiss'")
    if fill not in ("substitutes", "byes"):
        raise ValueError("fill must be 'substitutes' or 'byes'")
    rng = random.Random(f"seating:{seed}")
    n_new = rounds - len(played_rounds)

    # internal indices: real players 0..n-1, substitutes n..P-1
    ids = [s.id for s in specs]
    k_sub = (-n) % 4 if fill == "substitutes" else 0
    used_subs = sorted({p for r in played_rounds for t in r for p in t if p < 0}, reverse=True)
    sub_ids = (used_subs + [x for x in range(-1, -10, -1) if x not in used_subs])[:k_sub]
    all_ids = ids + sub_ids
    P = len(all_ids)
    index = {p: i for i, p in enumerate(all_ids)}
    n_bye = n % 4 if fill == "byes" else 0

    W = np.zeros((P, P))
    W[:n, :n] = 1.0
    Pen = np.zeros((P, P))
    if avoid_club_weight:
        clubs = [s.club for s in specs]
        for i in range(n):
            for j in range(n):
                if i != j and clubs[i] is not None and clubs[i] == clubs[j]:
                    Pen[i, j] += avoid_club_weight
    if avoid_country_weight:
        ctry = [s.country for s in specs]
        for i in range(n):
            for j in range(n):
                if i != j and ctry[i] is not None and ctry[i] == ctry[j]:
                    Pen[i, j] += avoid_country_weight
    Pen[n:, n:] = SUBSTITUTE_PAIR_PENALTY
    np.fill_diagonal(W, 0.0)
    np.fill_diagonal(Pen, 0.0)
    costs = _Costs(W, Pen)
    has_pen = bool(Pen.any())

    # fixed meetings among the active players, games played so far
    F = np.zeros((P, P), dtype=np.int64)
    prior_winds: dict[int, list[int]] = {}
    bye_count = dict.fromkeys(ids, 0)
    prior_games = np.zeros(P, dtype=np.int64)
    for rnd in played_rounds:
        seated = set()
        for t in rnd:
            for p in t:
                if p in index and p >= 0:
                    prior_games[index[p]] += 1
            act = [index[p] for p in t if p in index and p >= 0]
            for a in act:
                for b in act:
                    if a != b:
                        F[a, b] += 1
            for w, p in enumerate(t):
                seated.add(p)
                if p in index:
                    prior_winds.setdefault(index[p], [0, 0, 0, 0])[w] += 1
        for p in ids:
            if p not in seated:
                bye_count[p] += 1

    # byes for the new rounds: fewest byes first (ties: lowest standing / random)
    if method == "swiss":
        order = list(standings_order) if standings_order is not None else list(ids)
        known = set(ids)
        order = [p for p in order if p in known]
        order += [p for p in ids if p not in set(order)]
        rank = {p: i for i, p in enumerate(order)}
    # warm start from a planned schedule: keep its complete tables, pool the rest
    plan_keep: list[list[list[int]] | None] = [None] * n_new
    plan_pool: list[list[int] | None] = [None] * n_new
    if method == "balanced" and planned:
        active = set(ids)
        for j in range(n_new):
            a = len(played_rounds) + j
            if a >= len(planned):
                break
            keep = [[index[p] for p in t] for t in planned[a] if all(x in active for x in t)]
            if k_sub:
                # substitutes take the seats of dropped players if the counts agree
                part = [[index[p] for p in t if p in active] for t in planned[a]]
                part = [t for t in part if 0 < len(t) < 4]
                holes = sum(4 - len(t) for t in part)
                seated = sum(1 for t in planned[a] for p in t if p in active)
                if holes == k_sub and seated == n and len(planned[a]) * 4 == P:
                    subs_left = list(range(n, P))
                    for t in part:
                        keep.append(t + [subs_left.pop() for _ in range(4 - len(t))])
            kept = {i for t in keep for i in t}
            plan_keep[j] = keep
            plan_pool[j] = [p for p in ids if index[p] not in kept]
    new_byes: list[list[int]] = []
    for j in range(n_new):
        if n_bye == 0:
            new_byes.append([])
            continue
        cands = ids if plan_pool[j] is None or len(plan_pool[j]) < n_bye else plan_pool[j]
        if method == "swiss":
            key = {p: (bye_count[p], -rank[p]) for p in ids}
        else:
            tie = {p: rng.random() for p in ids}
            key = {p: (bye_count[p], tie[p]) for p in ids}
        chosen = sorted(cands, key=lambda p: key[p])[:n_bye]
        if plan_pool[j] is not None and cands is ids:
            plan_keep[j] = plan_pool[j] = None
        for p in chosen:
            bye_count[p] += 1
        new_byes.append(sorted(chosen))

    # players of every game: G, used for the search target
    games = {index[p]: len(played_rounds) + n_new - bye_count[p] for p in ids}
    fixed_slots = F[:n, :n].sum(axis=1)
    slots = {
        i: int(fixed_slots[i]) + 3 * (games[i] - int(prior_games[i])) - (n_new if k_sub else 0)
        for i in games
    }
    target = float(_lower_bound_games(games, slots, n))

    if played_rounds and n_new == 1:
        # next round with fixed earlier winds: two players who both need the same
        # wind cannot both get it at one table; penalise such pairs
        allowed: list[set[int] | None] = []
        for i in range(n):
            g, prior = games[i], prior_winds.get(i, [0, 0, 0, 0])
            if g == prior_games[i]:  # bye this round
                allowed.append(None)
                continue
            need = [w for w in range(4) if prior[w] < g // 4]
            cap = [w for w in range(4) if prior[w] < math.ceil(g / 4)]
            allowed.append(set(need) if len(need) == 1 else set(cap))
        for i in range(n):
            for j in range(i + 1, n):
                ai, aj = allowed[i], allowed[j]
                if ai and aj and len(ai) <= 2 and len(aj) <= 2:
                    w = WIND_CLASH_PENALTY * len(ai & aj) / (len(ai) * len(aj))
                    if w:
                        Pen[i, j] += w
                        Pen[j, i] += w
        has_pen = bool(Pen.any())

    construction = "greedy"
    new: list[list[list[int]]] = []
    home = None
    best_struct = None
    if n_new == 0:
        pass
    elif method == "swiss":
        construction = "swiss (standings neighbours, swaps between adjacent tables)"
        order_idx = [index[p] for p in order] + list(range(n, P))
        home = np.zeros((n_new, P), dtype=np.int64)
        for r in range(n_new):
            byes_r = {index[p] for p in new_byes[r]}
            act = [i for i in order_idx if i not in byes_r]
            tables = [act[4 * t : 4 * t + 4] for t in range(len(act) // 4)]
            for t, tbl in enumerate(tables):
                for i in tbl:
                    home[r, i] = t
            new.append(tables)
    else:
        M = F.copy()
        if not played_rounds and n_bye == 0 and not planned:
            for name, struct in _constructions(P, n_new):
                cand = [[list(t) for t in rnd] for rnd in struct[:n_new]]
                perm = _structure_labels(cand, P, n, rng)
                cand = [[[perm[a] for a in t] for t in rnd] for rnd in cand]
                Mc = _meetings(P, cand)
                for _ in range(n_new - len(cand)):
                    cand.append(_greedy_round(list(range(P)), Mc, costs, rng))
                    _meetings(P, cand[-1:], Mc)
                score = (costs.repeats(Mc), -min(len(struct), n_new))
                if best_struct is None or score < best_struct[0]:
                    best_struct = (score, name, cand)
                if score[0] <= target and len(struct) >= n_new:
                    break
        if best_struct is not None:
            construction = best_struct[1]
            new = best_struct[2]
            if best_struct[0][1] > -n_new:
                construction += " + greedy rounds"
            if has_pen and P <= 400:
                iters = max_iterations if max_iterations is not None else 300
                new = _relabel(new, costs, rng, iters, deadline)
                construction += " + relabelling"
        else:
            if any(k is not None for k in plan_keep):
                construction = "planned schedule + greedy refill"
            for r in range(n_new):
                byes_r = {index[p] for p in new_byes[r]}
                keep = plan_keep[r]
                if keep is not None:
                    tables = [list(t) for t in keep]
                    kept = {i for t in tables for i in t}
                    pool = [index[p] for p in plan_pool[r] or ()] + list(range(n, P))
                    pool = [i for i in pool if i not in byes_r and i not in kept]
                    if pool:
                        tables += _greedy_round(pool, _meetings(P, [tables], M.copy()), costs, rng)
                    new.append(tables)
                else:
                    act = [i for i in range(P) if i not in byes_r]
                    new.append(_greedy_round(act, M, costs, rng))
                _meetings(P, new[-1:], M)

    if new:
        Mnow = _meetings(P, new, F.copy())
        need = costs.total(Mnow) > target + _EPS
        size_ok = n_new * P * P <= 4_000_000
        if need and size_ok:
            iters = max_iterations
            if iters is None:
                # deterministic iteration count sized to about half the time budget on
                # a ~2020 laptop core; the time budget itself is only a safety cap
                work = n_new * P * P
                iters = int(min(time_budget, 60.0) / 2.0 / (1.5e-4 + 4e-8 * work))
                iters = max(200, min(20000, iters))
                if method == "swiss" or best_struct is not None:
                    iters = min(iters, 3000)
            new, _ = _tabu(new, F, costs, rng, iters, deadline, target, home)
            construction += f" + tabu search ({iters} iterations max)"

    # winds
    free = set(range(n, P))
    new_rounds: list[tuple[Table, ...]] = []
    if new:
        flat = [t for rnd in new for t in rnd]
        ordered = _assign_winds(flat, prior_winds, free)
        pos = 0
        for rnd in new:
            tables = ordered[pos : pos + len(rnd)]
            pos += len(rnd)
            new_rounds.append(tuple(tuple(all_ids[i] for i in t) for t in tables))  # type: ignore[misc]
    all_rounds = tuple(tuple(tuple(t) for t in r) for r in played_rounds) + tuple(new_rounds)
    byes_out = []
    for rnd in played_rounds:
        seated = {p for t in rnd for p in t}
        byes_out.append(tuple(sorted(p for p in ids if p not in seated)))
    byes_out += [tuple(b) for b in new_byes]
    subs_all = frozenset(sub_ids) | frozenset(
        p for r in played_rounds for t in r for p in t if p < 0
    )
    q = quality(all_rounds, specs, substitutes=subs_all)
    return Schedule(
        rounds=all_rounds,
        byes=tuple(byes_out),
        substitutes=subs_all,
        players=tuple(specs),
        quality=q,
        played=len(played_rounds),
        construction=construction,
    )
