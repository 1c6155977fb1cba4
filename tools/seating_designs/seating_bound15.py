"""Fifteen players with byes, six rounds, under the generator's rules: a proof that fewer
than ``--repeats`` + 1 repeats is impossible (issue 19, item 7), written to
seating/data/small_bounds.json as ``cover_fair_at_most``.

    .venv/bin/python -m pip install -r tools/seating_designs/requirements-proofs.txt  # ortools
    .venv/bin/python tools/seating_designs/seating_bound15.py --repeats 8 --write

``seating_bounds.py`` proves five rounds (90 pairs, no repeat) and stops in the
sixth; this takes the sixth apart by hand first:

* Byes as the generator shares them: rounds 1-5 give every player one bye (five disjoint
  triples), round 6 a second one to three players X, Y, Z, who play 4 games; the other
  twelve (W) play 5.  Up to renaming the players and rounds 1-5, the byes of rounds 1-5
  are {0, 1, 2}, {3, 4, 5}, ... and X, Y, Z sat out in one round (0, 1, 2), two of them
  in one (0, 1, 3) or all in different ones (0, 3, 6): the *patterns* a, b, c.
* Six rounds seat 108 meetings, so repeats = 108 - pairs met = 3 + |N|, N the pairs
  that never meet; X, Y, Z have 12 seats for 14 others, so |N| >= 3.
* A *case*: how often each pair of X, Y, Z meets, how many W each of them never
  meets (at least its meetings with the other two) and how many pairs of W never meet,
  with |N| = repeats - 3; with the pattern, up to the symmetry of X, Y, Z it leaves.
* Every case of 6..``--repeats`` repeats is a CP-SAT model (a table per player and
  round, tables ordered by their first player, and the implied count of every player's
  meetings, without which it is five to ten times slower), solved whole for a minute,
  else once per round 6 up to the renamings of W that keep the byes (9, 29 and 94 of
  them in patterns a, b, c; 28 to 58 in pattern c when the case is the same with two of
  X, Y, Z swapped); INFEASIBLE for all of them proves the bound.  Pattern a
  with X, Y, Z never meeting and each meeting every W once is decided by an exhaustive
  search over its blocks instead (under a second for 6 repeats, 45 s for 8): rounds 1
  and 6 are then two partitions of W into tables of four, and rounds 2-5 give X, Y and
  Z three disjoint triples of W each.

Measured (2 cores, two models at once): 6 and 7 repeats impossible in 5 s and 2 minutes
(3 and 11 cases, ``--repeats 7``); 8 in 32 cases, run in parts: the 17 slowest
(patterns b and c) took 2.5 hours of solver time, no model over 48 s (the slowest
cases, pattern c with one meeting among X, Y, Z: 58 or 94 models of 20-45 s each).  So
the stored schedule's 9 (``past`` in the table, ``seating_anneal.py``) is the fewest
possible.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import multiprocessing
import sys
import time

from seating_bounds import OUT, write

PLAYERS, ROUNDS, TABLES = 15, 6, 3
PATTERNS = {"a": (0, 1, 2), "b": (0, 1, 3), "c": (0, 3, 6)}
XX = ((0, 1), (0, 2), (1, 2))


def cases(repeats: int) -> list[tuple[str, tuple[int, ...], tuple[int, ...], int]]:
    """(pattern, meetings of the pairs of X, Y, Z, W never met by each, W pairs never
    met) with exactly ``repeats`` repeats, one per class under the pattern's symmetry."""
    out = []
    for pattern in PATTERNS:
        perms = _renamings(pattern)
        seen = set()
        for xx in itertools.product(range(repeats - 2), repeat=3):
            meets = [sum(k for pair, k in zip(XX, xx, strict=True) if i in pair) for i in range(3)]
            for unmet in itertools.product(range(repeats - 2), repeat=3):
                ww = repeats - 3 - xx.count(0) - sum(unmet)
                if ww < 0 or any(u < k for u, k in zip(unmet, meets, strict=True)):
                    continue
                key = min(_relabel(xx, unmet, p) for p in perms)
                if key not in seen:
                    seen.add(key)
                    out.append((pattern, *key, ww))
    return out


def _renamings(pattern: str) -> list[tuple[int, ...]]:
    """The permutations of X, Y, Z a renaming of the players and of rounds 1-5 can make
    while keeping the byes: those keeping which of them sat out in the same round."""
    first = [v // 3 for v in PATTERNS[pattern]]
    return [
        perm
        for perm in itertools.permutations(range(3))
        if all((first[i] == first[j]) == (first[perm[i]] == first[perm[j]]) for i, j in XX)
    ]


def _relabel(xx: tuple, unmet: tuple, perm: tuple) -> tuple[tuple, tuple]:
    moved = {tuple(sorted((perm[a], perm[b]))): k for (a, b), k in zip(XX, xx, strict=True)}
    new_unmet = [0, 0, 0]
    for i in range(3):
        new_unmet[perm[i]] = unmet[i]
    return tuple(moved[pair] for pair in XX), tuple(new_unmet)


def solve_cases(todo: list[tuple], seconds: float, jobs: int):
    """Yield (case, status, model seconds, schedule or None) for every CP-SAT case of
    ``todo``: each model whole for at most a minute, then the undecided ones once per
    round 6 of ``last_rounds``, each for at most ``seconds`` (INFEASIBLE when every one
    is).  ``jobs`` processes, one solver worker each (two when alone): the proofs come
    from one worker's search, so two models at once check twice as many."""
    workers = 1 if jobs > 1 else 2
    first = [(case, None, min(seconds, 60.0), workers) for case in todo]
    split, spent = [], dict.fromkeys(todo, 0.0)
    with multiprocessing.Pool(jobs) as pool:
        for case, _, status, took, sched in pool.imap_unordered(_solve_task, first):
            spent[case] += took
            if status in ("INFEASIBLE", "FEASIBLE", "OPTIMAL"):
                yield case, status, spent[case], sched
            else:
                split.append(case)
        left = {case: len(last_rounds(*_symmetry(case))) for case in split}
        verdict = dict.fromkeys(split, "INFEASIBLE")
        tasks = [(case, i, seconds, workers) for case in split for i in range(left[case])]
        for case, _, one, took, sched in pool.imap_unordered(_solve_task, tasks):
            spent[case] += took
            left[case] -= 1
            if sched is not None:
                yield case, one, spent[case], sched
                return
            if one != "INFEASIBLE":
                verdict[case] = one
            if not left[case]:
                yield case, verdict[case], spent[case], None


def _solve_task(task: tuple) -> tuple:
    case, i, seconds, workers = task
    last = [] if i is None else last_rounds(*_symmetry(case))[i]
    status, took, sched = _solve_with(*case, last, seconds, workers)
    return case, i, status, took, sched


def _byes(pattern: str) -> dict[int, set[int]]:
    return {r: set(range(3 * r, 3 * r + 3)) for r in range(5)} | {5: set(PATTERNS[pattern])}


def _symmetry(case: tuple) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The pattern and the swaps of two of X, Y, Z (``_renamings``) that keep the case."""
    pattern, xx, unmet, _ = case
    swaps = []
    for perm in _renamings(pattern):
        moved = [i for i in range(3) if perm[i] != i]
        if len(moved) == 2 and _relabel(xx, unmet, perm) == (xx, unmet):
            swaps.append(tuple(moved))
    return pattern, tuple(sorted(swaps))


@functools.cache
def last_rounds(pattern: str, swaps: tuple = ()) -> list[list[tuple[int, ...]]]:
    """The tables of round 6 (a partition of W into fours), one per orbit of the renamings
    of W that keep the byes of rounds 1-5 up to their order (X, Y and Z stay, or swap as
    ``swaps`` allows): the players sitting out one round together, rounds without X, Y
    and Z whose players are swapped, and the swaps of ``_symmetry`` with their rounds.
    Orbits by union-find over these generators."""
    byes = _byes(pattern)
    xyz = PATTERNS[pattern]
    out = [sorted(byes[r] - set(xyz)) for r in range(5)]
    moves = []
    for group in out:
        for a, b in itertools.pairwise(group):
            moves.append({a: b, b: a})
    for r, s in itertools.combinations(range(5), 2):
        if not byes[r] & set(xyz) and not byes[s] & set(xyz):
            there = dict(zip(out[r], out[s], strict=True))
            moves.append(there | {b: a for a, b in there.items()})
    for i, j in swaps:
        there = dict(zip(out[xyz[i] // 3], out[xyz[j] // 3], strict=True))
        moves.append(there | {b: a for a, b in there.items()})
    others = [p for p in range(PLAYERS) if p not in xyz]
    parts = [frozenset(frozenset(t) for t in p) for p in _partitions(others, 4)]
    parent = {p: p for p in parts}

    def root(p):
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for p in parts:
        for move in moves:
            q = frozenset(frozenset(move.get(v, v) for v in t) for t in p)
            parent[root(q)] = root(p)
    reps = {root(p): p for p in parts}
    return sorted(sorted(tuple(sorted(t)) for t in p) for p in reps.values())


def _solve_with(
    pattern: str, xx: tuple, unmet: tuple, ww: int, last: list, seconds: float, workers: int
) -> tuple:
    from ortools.sat.python import cp_model

    xyz = PATTERNS[pattern]
    byes = _byes(pattern)
    m = cp_model.CpModel()
    x = {
        (p, r, t): m.NewBoolVar(f"x{p}_{r}_{t}")
        for p in range(PLAYERS)
        for r in range(ROUNDS)
        for t in range(TABLES)
    }
    for r in range(ROUNDS):
        for p in range(PLAYERS):
            m.Add(sum(x[p, r, t] for t in range(TABLES)) == int(p not in byes[r]))
        for t in range(TABLES):
            m.Add(sum(x[p, r, t] for p in range(PLAYERS)) == 4)
        seated = [p for p in range(PLAYERS) if p not in byes[r]]
        m.Add(x[seated[0], r, 0] == 1)  # tables ordered by their first player
        for p in seated:
            m.AddBoolOr([x[q, r, 1] for q in seated if q < p] + [x[p, r, 2].Not()])
    count, met = {}, {}
    for p, q in itertools.combinations(range(PLAYERS), 2):
        together = []
        for r in range(ROUNDS):
            if p in byes[r] or q in byes[r]:
                continue
            for t in range(TABLES):
                v = m.NewBoolVar("")
                m.AddBoolOr([x[p, r, t].Not(), x[q, r, t].Not(), v])
                m.AddImplication(v, x[p, r, t])
                m.AddImplication(v, x[q, r, t])
                together.append(v)
        c = m.NewIntVar(0, ROUNDS, "")
        m.Add(c == sum(together))
        b = m.NewBoolVar("")
        m.Add(c >= 1).OnlyEnforceIf(b)
        m.Add(c == 0).OnlyEnforceIf(b.Not())
        count[p, q] = count[q, p] = c
        met[p, q] = met[q, p] = b
    for t, table in enumerate(last):
        for p in table:
            m.Add(x[p, ROUNDS - 1, t] == 1)
    others = [p for p in range(PLAYERS) if p not in xyz]
    for (i, j), k in zip(XX, xx, strict=True):
        m.Add(count[xyz[i], xyz[j]] == k)
    for i in range(3):
        m.Add(sum(1 - met[xyz[i], w] for w in others) == unmet[i])
    m.Add(sum(1 - met[a, b] for a, b in itertools.combinations(others, 2)) == ww)
    for p in range(PLAYERS):  # implied, but five to ten times faster with it
        games = sum(p not in byes[r] for r in range(ROUNDS))
        m.Add(sum(count[p, q] for q in range(PLAYERS) if q != p) == 3 * games)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = seconds
    status = solver.Solve(m)
    sched = None
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        sched = [
            [[p for p in range(PLAYERS) if solver.Value(x[p, r, t])] for t in range(TABLES)]
            + [sorted(byes[r])]
            for r in range(ROUNDS)
        ]
    return solver.StatusName(status), solver.WallTime(), sched


def blocks_apply(pattern: str, xx: tuple, unmet: tuple) -> bool:
    return pattern == "a" and xx == (0, 0, 0) and unmet == (0, 0, 0)


def solve_blocks(ww: int) -> tuple[str, float, list | None]:
    """Pattern a, X, Y, Z never meeting and each meeting every W once, ``ww`` pairs of W
    never meeting, by exhaustive search: round 6 is fixed to {0-3}, {4-7}, {8-11} (a
    renaming of W), round 1 runs over one partition per class of its intersections with
    round 6 (the renamings that keep round 6 map the others onto them), then X, Y, Z's
    triples (X's before Y's before Z's: they are interchangeable), then the order of the
    triples in rounds 2-5."""
    t0 = time.monotonic()
    w = list(range(12))
    last = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)]
    most_excess = 6 + ww  # 72 meetings of W among 66 pairs, ww of them never met
    firsts: dict[tuple, list] = {}
    for first in _partitions(w, 4):
        inter = [[len(set(b) & set(c)) for c in last] for b in first]
        key = min(
            tuple(tuple(inter[i][j] for j in cp) for i in rp)
            for rp in itertools.permutations(range(3))
            for cp in itertools.permutations(range(3))
        )
        firsts.setdefault(key, first)
    for first in firsts.values():
        mult = dict.fromkeys(itertools.combinations(w, 2), 0)
        for block in first + last:
            for pair in itertools.combinations(block, 2):
                mult[pair] += 1
        for triples in _triple_factors(mult, 3, most_excess, 1 + ww, []):
            if sum(1 for c in mult.values() if c == 0) != ww:
                continue
            rounds = _order(triples)
            if rounds is not None:
                sched = [[list(b) for b in first] + [[12, 13, 14]]]
                for tx, ty, tz in rounds:
                    bye = sorted(set(w) - set(tx) - set(ty) - set(tz))
                    sched.append([[12, *tx], [13, *ty], [14, *tz], bye])
                sched.append([list(b) for b in last] + [[12, 13, 14]])
                return "FEASIBLE", time.monotonic() - t0, sched
    return "INFEASIBLE", time.monotonic() - t0, None


def _partitions(rest: list[int], size: int):
    if not rest:
        yield []
        return
    for others in itertools.combinations(rest[1:], size - 1):
        block = (rest[0], *others)
        for more in _partitions([p for p in rest if p not in block], size):
            yield [block, *more]


def _triple_factors(mult: dict, left: int, most: int, most_each: int, chosen: list):
    """Every choice of ``left`` partitions of W into triples (non-decreasing), added to
    ``mult``, keeping the excess meetings within ``most`` in all and ``most_each`` a
    player; checked triple by triple."""
    if not left:
        yield [list(f) for f in chosen]
        return
    per = [0] * 12
    for (a, b), c in mult.items():
        per[a] += max(c - 1, 0)
        per[b] += max(c - 1, 0)
    state = {"excess": sum(per) // 2, "per": per}
    for factor in _grow(mult, list(range(12)), [], most, most_each, state):
        if chosen and factor < chosen[-1]:
            continue
        chosen.append(factor)
        yield from _triple_factors(mult, left - 1, most, most_each, chosen)
        chosen.pop()


def _grow(mult: dict, rest: list[int], factor: list, most: int, most_each: int, state: dict):
    """The partitions of ``rest`` into triples whose meetings keep the excess bounds, each
    triple added to ``mult`` while the partitions that extend it are yielded."""
    if not rest:
        yield list(factor)
        return
    per = state["per"]
    for b, c in itertools.combinations(rest[1:], 2):
        triple = (rest[0], b, c)
        pairs = list(itertools.combinations(triple, 2))
        extra = [pair for pair in pairs if mult[pair] >= 1]
        for p, q in extra:
            per[p] += 1
            per[q] += 1
        if state["excess"] + len(extra) <= most and all(per[v] <= most_each for v in triple):
            state["excess"] += len(extra)
            for pair in pairs:
                mult[pair] += 1
            factor.append(triple)
            yield from _grow(
                mult, [v for v in rest if v not in triple], factor, most, most_each, state
            )
            factor.pop()
            for pair in pairs:
                mult[pair] -= 1
            state["excess"] -= len(extra)
        for p, q in extra:
            per[p] -= 1
            per[q] -= 1


def _order(triples: list) -> list | None:
    """Rounds 2-5: one triple of X, of Y and of Z each, pairwise disjoint, or None."""
    px, py, pz = ([frozenset(t) for t in f] for f in triples)
    for ys in itertools.permutations(py):
        if any(a & b for a, b in zip(px, ys, strict=True)):
            continue
        for zs in itertools.permutations(pz):
            if not any(c & (a | b) for a, b, c in zip(px, ys, zs, strict=True)):
                return [
                    (sorted(a), sorted(b), sorted(c)) for a, b, c in zip(px, ys, zs, strict=True)
                ]
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=8, help="prove that this many are too few")
    ap.add_argument("--seconds", type=float, default=1800.0, help="CP-SAT limit per model")
    ap.add_argument("--jobs", type=int, default=2, help="models solved at once")
    ap.add_argument("--write", action="store_true", help="store the bound when proven")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    open_cases = 0
    for repeats in range(6, args.repeats + 1):
        todo, found = [], []
        for case in cases(repeats):
            if blocks_apply(*case[:3]):
                status, seconds, sched = solve_blocks(case[3])
                found.append((case, status, seconds, sched))
            else:
                todo.append(case)
        for (pattern, xx, unmet, ww), status, seconds, sched in itertools.chain(
            found, solve_cases(todo, args.seconds, args.jobs)
        ):
            print(
                f"repeats={repeats} pattern={pattern} xyz_meetings={xx} unmet_w={unmet} "
                f"unmet_ww={ww}: {status} {seconds:.1f} s",
                flush=True,
            )
            if sched is not None:
                print(f"a schedule with {repeats} repeats: {json.dumps(sched)}")
                return 1
            open_cases += status != "INFEASIBLE"
    cover = ROUNDS * 18 - (args.repeats + 1)
    print(
        f"cases_open={open_cases} seconds={time.monotonic() - t0:.0f}"
        + (
            f" proven: at most {cover} pairs met, at least {args.repeats + 1} repeats"
            if not open_cases
            else ""
        )
    )
    if open_cases:
        return 1
    if args.write:
        table = json.loads(OUT.read_text())["bounds"]
        table["byes:15"]["cover_fair_at_most"] = {str(ROUNDS): cover}
        write(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
