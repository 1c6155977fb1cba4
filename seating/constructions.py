"""Zero-repeat structures: affine geometry, transversal designs, a packing of PG(3, 3)
and schedules shipped in ``seating/data`` (precomputed by our own search, or published
ones with their source), each checked at load time (``designs.check_stored``)."""

from __future__ import annotations

import json
import logging
import random
from functools import lru_cache
from pathlib import Path

from .designs import check_stored, develop_design
from .fields import gf, prime_power
from .types import DATA_DIR

logger = logging.getLogger(__name__)


def affine4(k: int, max_rounds: int | None = None) -> list[list[list[int]]]:
    """Parallel classes of lines of AG(k, 4): 4^k points, (4^k - 1) / 3 rounds."""
    add, mul = gf(4)
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


def td_field(q: int) -> list[list[list[int]]]:
    """Resolvable transversal design over GF(q): 4q points (i, x), q rounds.

    Round r, table t = {(i, t + g_i r)} with g = 0, 1, 2, 3 distinct field elements."""
    add, mul = gf(q)
    g = [0, 1, 2, 3]
    rounds = []
    for r in range(q):
        rounds.append([[i * q + add[t][mul[g[i]][r]] for i in range(4)] for t in range(q)])
    if q == 4:
        rounds.append([[i * q + x for x in range(q)] for i in range(4)])
    return rounds


def td_cyclic(n: int, max_rounds: int | None = None) -> list[list[list[int]]]:
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
def pg33_packing() -> list[list[list[int]]]:
    """A packing of PG(3, 3): 40 points, 13 spreads of 10 lines (resolvable 2-(40,4,1)).

    Points of PG(3, 3) are GF(27) x GF(3) vectors up to sign; all spreads are listed by
    backtracking and 13 line-disjoint spreads are found by Knuth's Algorithm X (exact
    cover of the 130 lines) with a fixed-seed randomised branching order."""
    n_points, lines = _pg33_lines()
    spreads = _spreads(n_points, lines)
    by_line: list[list[int]] = [[] for _ in lines]
    for si, sp in enumerate(spreads):
        for li in sp:
            by_line[li].append(si)
    rng = random.Random(40)
    for _ in range(200):
        sol = _disjoint_spreads(len(lines), spreads, by_line, rng, 5000)
        if sol:
            return [[list(lines[li]) for li in spreads[si]] for si in sol]
    return []  # pragma: no cover


def _pg33_lines() -> tuple[int, list[tuple[int, ...]]]:
    """The 40 points of PG(3, 3) and its 130 lines (sorted point numbers)."""
    add, mul = gf(27)

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
    return len(points), sorted(line_set)


def _spreads(n_points: int, lines: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Every spread (lines partitioning the points), by backtracking on the lowest
    uncovered point."""
    masks = [sum(1 << p for p in ln) for ln in lines]
    by_point: list[list[int]] = [[] for _ in range(n_points)]
    for li, ln in enumerate(lines):
        for p in ln:
            by_point[p].append(li)
    full = (1 << n_points) - 1
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
    return spreads


def _disjoint_spreads(
    n_lines: int,
    spreads: list[tuple[int, ...]],
    by_line: list[list[int]],
    rng: random.Random,
    limit: int,
) -> list[int] | None:
    """13 spreads covering every line once (Algorithm X, the line with fewest spreads
    left first, candidates in random order); None past ``limit`` nodes or without one."""
    avail = [set(x) for x in by_line]
    covered = [False] * n_lines
    chosen: list[int] = []
    nodes = 0

    def rec() -> bool | None:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return None
        if len(chosen) == 13:
            return True
        open_lines = [li for li in range(n_lines) if not covered[li]]
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


def data_candidates(n_points: int) -> list[tuple[str, list[list[list[int]]]]]:
    out = []
    if not DATA_DIR.is_dir():
        return out
    for path in sorted(DATA_DIR.glob(f"n{n_points}_r*.json")):
        out.extend(load_data(str(path), n_points))
    return out


@lru_cache(maxsize=64)
def load_data(path: str, n_points: int) -> list[tuple[str, list[list[list[int]]]]]:
    """One shipped file: a full ``schedule`` or a compact ``design`` developed here, either
    checked against what the file says (``check_stored``); a file that fails is skipped."""
    data = json.loads(Path(path).read_text())
    if data.get("players") != n_points:
        return []
    label = f"precomputed {Path(path).name} ({data.get('method', '')})"
    try:
        design = data.get("design")
        rounds = develop_design(design, n_points) if design is not None else data["schedule"]
        check_stored(data, rounds)
    except (ValueError, KeyError, TypeError) as error:
        logger.warning("seating data %s refused: %s", Path(path).name, error)
        return []
    return [(label, rounds)]


def known_constructions(n_points: int, rounds: int) -> list[tuple[str, list[list[list[int]]]]]:
    """Zero-repeat (or precomputed) structures on points 0..n_points-1."""
    out: list[tuple[str, list[list[list[int]]]]] = []
    k = 0
    while 4**k < n_points:
        k += 1
    if 4**k == n_points and k >= 1:
        out.append((f"AG({k},4) lines", affine4(k, rounds)))
    if n_points % 4 == 0:
        q = n_points // 4
        pp = prime_power(q)
        # Z_q is as good when gcd(q, 6) = 1; fields help for q = 2^e, 3^e
        if pp is not None and pp[1] > 1 and pp[0] in (2, 3) and 4 <= q <= 128:
            out.append((f"transversal design over GF({q})", td_field(q)))
        if q >= 1:
            out.append((f"transversal design over Z_{q}", td_cyclic(q, rounds)))
    if n_points == 40:
        out.append(("packing of PG(3,3)", pg33_packing()))
    out.extend(data_candidates(n_points))
    return out
