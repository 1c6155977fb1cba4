"""Offline search for the seating schedules shipped in ``seating/data``.

The schedules it writes are found by our own search, not copied from anywhere (the
published ones for 32, 68, 104 and 128 players come from ``seating_aim_import.py``
and say so in their ``source``): a cyclic
("1-rotational") ansatz.  Points are ``m`` orbits of size ``n`` under the cyclic
group Z_n plus ``f`` fixed points; ``k`` base rounds are searched, and each base
round is developed by the ``n`` translations x -> x + s, giving ``k * n`` rounds.
A pair orbit of length L that occurs c times in the base rounds makes each of its
pairs meet ``c * n / L`` times, so the repeat count of the developed schedule is
``sum_o L_o * max(0, c_o * n / L_o - 1)``; a small tabu search over swaps of two
points between tables of one base round minimises it.

The files hold the compact ``design`` (group order, orbits, fixed points, base
rounds) that ``seating.develop_design`` develops and checks at load time.

Stretch sizes (issue 19): 44..172 players at R_max = (N - 1) // 3 are searched by
``seating_designs.py`` (1-rotational difference families over Z_3 x Z_n, lifted or
rotational, searched in C by ``seating_families.py``: it needs the system's C
compiler ``cc``), ``--seconds`` per size in attempts of ``--attempt-seconds``; a file is
written only when the developed schedule has no repeat.

Usage::

    .venv/bin/python tools/seating_designs/seating_precompute.py            # all cases
    .venv/bin/python tools/seating_designs/seating_precompute.py 24x7 28x9   # some cases
    .venv/bin/python tools/seating_designs/seating_precompute.py --seconds 1500 \
        --attempt-seconds 90 --tag z11 36x11                 # how n36_r11.json was found
    .venv/bin/python tools/seating_designs/seating_precompute.py --seconds 3000 \
        --attempt-seconds 600 \
        --tag l1 44x14 48x15 52x17 56x18 60x19 72x23 76x25 80x26 84x27 88x29 96x31 \
        100x33 108x35 112x37 116x38 120x39 124x41 132x43 136x45 144x47 148x49 156x51 \
        160x53 168x55 172x57                             # how the stretch files were found

The stretch searches stop at the first solution.  Attempt ``i`` of an ansatz uses the
random generator named ``{tag}-{N}-{kind}-{e}-{i}``, written in the file's ``method``;
``--tag`` sets the prefix (the shipped stretch files: ``l1``, every one at attempt 0;
128x42 and 164x54 found nothing in 3100 s (tags l1, l2) and 3000 s).  The attempts are cut
by time, so a rerun on another machine may stop at another attempt and another base
round; any zero-repeat base round is as good, and the file is verified when written
and again when loaded.

Other modes: ``--polish S`` (generator tabu from the shipped file), ``--generate S``
(long runs of ``seating.generate``), ``--last-round S`` (R-1 rounds avoiding the pairs
of a fixed last round).  A file is only rewritten when the new schedule is better.
The 40-player packing is not precomputed: ``seating._pg33_packing`` builds it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import seating  # noqa: E402

DATA_DIR = ROOT / "seating" / "data"

# (players, rounds) -> list of ansatz (n, m, f, k) with m * n + f == players, k * n == rounds
CASES: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {
    (24, 7): [(7, 3, 3, 1)],
    (28, 9): [(9, 3, 1, 1), (3, 9, 1, 3)],
    (32, 10): [(10, 3, 2, 1), (5, 6, 2, 2), (2, 16, 0, 5)],
    (36, 11): [(11, 3, 3, 1)],
    (24, 8): [(2, 12, 0, 4), (8, 3, 0, 1), (4, 6, 0, 2)],
    (20, 6): [(6, 3, 2, 1), (3, 6, 2, 2), (2, 10, 0, 3)],
}


class OrbitProblem:
    def __init__(self, n: int, m: int, f: int, k: int) -> None:
        self.n, self.m, self.f, self.k = n, m, f, k
        self.N = m * n + f
        assert self.N % 4 == 0
        ids: dict[tuple, int] = {}
        length: list[int] = []
        N = self.N
        self.orb = [[-1] * N for _ in range(N)]
        for u in range(N):
            for v in range(N):
                if u == v:
                    continue
                key, L = self._orbit(u, v)
                if key not in ids:
                    ids[key] = len(length)
                    length.append(L)
                self.orb[u][v] = ids[key]
        self.L = length
        self.mu = [n // L for L in length]

    def _orbit(self, u: int, v: int) -> tuple[tuple, int]:
        n, mn = self.n, self.m * self.n
        if u >= mn and v >= mn:
            a, b = sorted((u, v))
            return ("ff", a, b), 1
        if u >= mn or v >= mn:
            fx, o = (u, v) if u >= mn else (v, u)
            return ("f", fx, o // n), n
        i, x = divmod(u, n)
        j, y = divmod(v, n)
        if i != j:
            if i > j:
                i, j, x, y = j, i, y, x
            return ("m", i, j, (y - x) % n), n
        d = (y - x) % n
        d = min(d, n - d)
        return ("s", i, d), (n // 2 if 2 * d == n else n)

    def h(self, o: int, c: int) -> int:
        return self.L[o] * max(0, c * self.mu[o] - 1)

    def search(self, rng: random.Random, seconds: float, log=print) -> tuple[int, list]:
        N, k = self.N, self.k
        T = N // 4
        base = []
        where = []
        for _ in range(k):
            pts = list(range(N))
            rng.shuffle(pts)
            br = [pts[4 * t : 4 * t + 4] for t in range(T)]
            w = [0] * N
            for t, blk in enumerate(br):
                for p in blk:
                    w[p] = t
            base.append(br)
            where.append(w)
        cnt = [0] * len(self.L)
        for br in base:
            for blk in br:
                for a in range(4):
                    for b in range(a + 1, 4):
                        cnt[self.orb[blk[a]][blk[b]]] += 1
        cost = sum(self.h(o, c) for o, c in enumerate(cnt))
        best, best_base = cost, [[list(b) for b in br] for br in base]
        tabu: dict[tuple[int, int, int], int] = {}
        it = 0
        last_improve = 0
        deadline = time.monotonic() + seconds
        orb, h = self.orb, self.h
        while best > 0 and time.monotonic() < deadline:
            it += 1
            moves = []
            best_d = None
            for j in range(k):
                br, w = base[j], where[j]
                conflict = []
                for blk in br:
                    for a in blk:
                        for b in blk:
                            if a != b and h(orb[a][b], cnt[orb[a][b]]) > 0:
                                conflict.append(a)
                                break
                for p in conflict:
                    A = w[p]
                    for q in range(N):
                        B = w[q]
                        if B == A:
                            continue
                        d: dict[int, int] = {}
                        for a in br[A]:
                            if a != p:
                                o = orb[p][a]
                                d[o] = d.get(o, 0) - 1
                                o = orb[q][a]
                                d[o] = d.get(o, 0) + 1
                        for b in br[B]:
                            if b != q:
                                o = orb[q][b]
                                d[o] = d.get(o, 0) - 1
                                o = orb[p][b]
                                d[o] = d.get(o, 0) + 1
                        delta = 0
                        for o, dd in d.items():
                            if dd:
                                delta += h(o, cnt[o] + dd) - h(o, cnt[o])
                        is_tabu = tabu.get((j, p, B), 0) > it or tabu.get((j, q, A), 0) > it
                        if is_tabu and cost + delta >= best:
                            continue
                        if best_d is None or delta < best_d:
                            best_d = delta
                            moves = [(j, p, q)]
                        elif delta == best_d:
                            moves.append((j, p, q))
            if not moves:
                tabu.clear()
                continue
            j, p, q = moves[rng.randrange(len(moves))]
            br, w = base[j], where[j]
            A, B = w[p], w[q]
            for a in br[A]:
                if a != p:
                    cnt[orb[p][a]] -= 1
                    cnt[orb[q][a]] += 1
            for b in br[B]:
                if b != q:
                    cnt[orb[q][b]] -= 1
                    cnt[orb[p][b]] += 1
            br[A][br[A].index(p)] = q
            br[B][br[B].index(q)] = p
            w[p], w[q] = B, A
            cost += best_d
            tabu[(j, p, A)] = it + 5 + rng.randrange(10)
            tabu[(j, q, B)] = it + 5 + rng.randrange(10)
            if cost < best:
                best = cost
                best_base = [[list(b) for b in br] for br in base]
                last_improve = it
            elif it - last_improve > 2000:
                # restart from the best with a random perturbation
                last_improve = it
                tabu.clear()
                base = [[list(b) for b in br] for br in best_base]
                where = []
                for br in base:
                    for _ in range(3):
                        t1, t2 = rng.sample(range(T), 2)
                        i1, i2 = rng.randrange(4), rng.randrange(4)
                        br[t1][i1], br[t2][i2] = br[t2][i2], br[t1][i1]
                    w = [0] * N
                    for t, blk in enumerate(br):
                        for p in blk:
                            w[p] = t
                    where.append(w)
                cnt = [0] * len(self.L)
                for br in base:
                    for blk in br:
                        for a in range(4):
                            for b in range(a + 1, 4):
                                cnt[orb[blk[a]][blk[b]]] += 1
                cost = sum(h(o, c) for o, c in enumerate(cnt))
        log(f"  ansatz n={self.n} m={self.m} f={self.f} k={self.k}: best={best} iters={it}")
        return best, best_base


def run_case(
    players: int,
    rounds: int,
    seconds: float,
    seed: int,
    tag: str | None = None,
    attempt_seconds: float = 60.0,
) -> None:
    lb = seating.lower_bound(players, rounds)
    existing = DATA_DIR / f"n{players}_r{rounds}.json"
    old = None
    if existing.exists():
        old = json.loads(existing.read_text())["repeats"]
    print(f"case {players}x{rounds}: lower bound {lb}, shipped {old}", flush=True)
    best = None
    for n, m, f, k in CASES[(players, rounds)]:
        prob = OrbitProblem(n, m, f, k)
        target_deadline = time.monotonic() + seconds
        attempt = 0
        while time.monotonic() < target_deadline:
            name = f"{tag}-{attempt}" if tag else f"{seed}-{players}-{rounds}-{n}-{attempt}"
            rng = random.Random(name)
            left = target_deadline - time.monotonic()
            cost, base = prob.search(rng, min(attempt_seconds, left))
            design = {"n": n, "orbits": m, "fixed": f, "base": base}
            sched = seating.develop_design(design, players)
            q = seating.quality([[tuple(t) for t in r] for r in sched])
            assert q.repeats == cost, (q.repeats, cost)
            if best is None or q.repeats < best[0]:
                best = (q.repeats, design, f"cyclic Z_{n} x {m} + {f} fixed, {k} base round(s)")
            attempt += 1
            if best[0] <= lb:
                break
        if best[0] <= lb:
            break
    assert best is not None
    if old is None or best[0] < old:
        DATA_DIR.mkdir(exist_ok=True)
        existing.write_text(
            json.dumps(
                {
                    "players": players,
                    "rounds": rounds,
                    "repeats": best[0],
                    "method": best[2],
                    "design": best[1],
                },
                separators=(",", ":"),
            )
            + "\n"
        )
        print(f"  wrote {existing.name}: repeats={best[0]}", flush=True)
    else:
        print(f"  kept shipped file (repeats={old}, found {best[0]})", flush=True)


def polish_case(players: int, rounds: int, seconds: float, seed: int) -> None:
    """Longer run of the generator's own tabu search, started from the shipped file."""
    import numpy as np

    path = DATA_DIR / f"n{players}_r{rounds}.json"
    if not path.exists():
        print(f"case {players}x{rounds}: nothing shipped to polish")
        return
    data = json.loads(path.read_text())
    shipped = (
        data["schedule"] if "schedule" in data else seating.develop_design(data["design"], players)
    )
    start = [[list(t) for t in r] for r in shipped]
    P = players
    W = np.ones((P, P))
    np.fill_diagonal(W, 0.0)
    costs = seating.Costs(W, np.zeros((P, P)))
    lb = seating.lower_bound(players, rounds)
    rng = random.Random(f"polish-{seed}-{players}-{rounds}")
    best, rep = seating.tabu_search(
        start,
        np.zeros((P, P), dtype=np.int64),
        costs,
        rng,
        10**9,
        time.monotonic() + seconds,
        float(lb),
    )
    q = seating.quality([[tuple(t) for t in r] for r in best])
    print(f"case {players}x{rounds}: shipped {data['repeats']}, polished {q.repeats}", flush=True)
    if q.repeats < data["repeats"]:
        data["repeats"] = q.repeats
        data["method"] += " + tabu polish"
        data["schedule"] = best
        data.pop("design", None)  # a polished schedule is no longer a developed design
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"  wrote {path.name}", flush=True)


def generate_case(players: int, rounds: int, seconds: float, seed: int) -> None:
    """Long runs of the generator itself (constructions + tabu search), several seeds."""
    path = DATA_DIR / f"n{players}_r{rounds}.json"
    old = json.loads(path.read_text())["repeats"] if path.exists() else None
    lb = seating.lower_bound(players, rounds)
    deadline = time.monotonic() + seconds
    best = None
    attempt = 0
    while time.monotonic() < deadline and (best is None or best[0] > lb):
        budget = min(120.0, deadline - time.monotonic())
        sched = seating.generate(
            seating.SeatingRequest(
                players,
                rounds,
                seed=f"precompute-{seed}-{attempt}",
                time_budget=budget / 0.9,
                max_iterations=10**7,
            )
        )
        q = sched.quality
        print(f"  generate attempt {attempt}: repeats={q.repeats}", flush=True)
        if best is None or q.repeats < best[0]:
            best = (q.repeats, [[list(t) for t in r] for r in sched.rounds])
        attempt += 1
    print(f"case {players}x{rounds}: shipped {old}, generated {best and best[0]}", flush=True)
    if best is not None and (old is None or best[0] < old):
        data = {
            "players": players,
            "rounds": rounds,
            "repeats": best[0],
            "method": "tabu search (seating.generate, long run)",
            "schedule": best[1],
        }
        DATA_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"  wrote {path.name}", flush=True)


# over-the-limit cases built as (R-1 rounds avoiding chosen pairs) + one fixed last round:
# the last round is tables {4k..4k+3}; inside them only the listed pairs may have met
LAST_ROUND_ALLOWED = {
    # 24 x 8 at the bound 12: the last tables are 4-cycles, only diagonals repeat
    (24, 8): [(4 * k, 4 * k + 2) for k in range(6)] + [(4 * k + 1, 4 * k + 3) for k in range(6)],
    # 20 x 6: allow a few pairs of the last round to have met before
    (20, 6): [(0, 1), (4, 5), (8, 9)],
}


def last_round_case(players: int, rounds: int, seconds: float, seed: int) -> None:
    import numpy as np

    P = players
    allowed = {tuple(sorted(x)) for x in LAST_ROUND_ALLOWED[(players, rounds)]}
    last = [list(range(4 * k, 4 * k + 4)) for k in range(P // 4)]
    Pen = np.zeros((P, P))
    for t in last:
        for a in t:
            for b in t:
                if a != b and tuple(sorted((a, b))) not in allowed:
                    Pen[a, b] = 1.0
    W = np.ones((P, P))
    np.fill_diagonal(W, 0.0)
    costs = seating.Costs(W, Pen)
    path = DATA_DIR / f"n{players}_r{rounds}.json"
    old = json.loads(path.read_text())["repeats"] if path.exists() else None
    deadline = time.monotonic() + seconds
    attempt = 0
    best = None
    while time.monotonic() < deadline:
        rng = random.Random(f"last-{seed}-{players}-{rounds}-{attempt}")
        start = seating.generate(
            seating.SeatingRequest(players, rounds - 1, seed=f"last-{seed}-{attempt}")
        )
        first = [[list(t) for t in r] for r in start.rounds]
        first = seating.relabel(first, costs, rng, 2000, deadline)
        first, _ = seating.tabu_search(
            first,
            np.zeros((P, P), dtype=np.int64),
            costs,
            rng,
            10**9,
            min(deadline, time.monotonic() + 60),
            0.0,
        )
        sched = [[tuple(t) for t in r] for r in first] + [[tuple(t) for t in last]]
        q = seating.quality(sched)
        print(f"  last-round attempt {attempt}: repeats={q.repeats}", flush=True)
        if best is None or q.repeats < best[0]:
            best = (q.repeats, [[list(t) for t in r] for r in sched])
        if q.repeats <= seating.lower_bound(players, rounds):
            break
        attempt += 1
    print(f"case {players}x{rounds}: shipped {old}, last-round method {best and best[0]}")
    if best is not None and (old is None or best[0] < old):
        data = {
            "players": players,
            "rounds": rounds,
            "repeats": best[0],
            "method": "tabu search for R-1 rounds avoiding the pairs of a fixed last round",
            "schedule": best[1],
        }
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"  wrote {path.name}", flush=True)


# sizes at the round limit searched with seating_designs.py (compact files)
STRETCH = [n for n in range(44, 173, 4) if n != 64]


def stretch_case(players: int, seconds: float, attempt_seconds: float, tag: str | None) -> None:
    from seating_designs import find_design

    rounds = max_rounds(players)
    path = DATA_DIR / f"n{players}_r{rounds}.json"
    old = json.loads(path.read_text())["repeats"] if path.exists() else None
    print(f"case {players}x{rounds}: shipped {old}", flush=True)
    if old == 0:
        return
    found = find_design(players, seconds, attempt_seconds, tag or "s1")
    if found is None:
        print(f"  no zero-repeat base round in {seconds:.0f} s", flush=True)
        return
    design, how, took = found
    sched = [[tuple(t) for t in r] for r in seating.develop_design(design, players)]
    seating.validate(sched)
    q = seating.quality(sched)
    assert len(sched) == rounds and q.repeats == 0, (len(sched), q.repeats)
    data = {"players": players, "rounds": rounds, "repeats": 0, "method": how, "design": design}
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"  wrote {path.name}: repeats=0 search_seconds={took:.1f}", flush=True)


def max_rounds(players: int) -> int:
    return (players - 1) // 3


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", help="cases like 28x9 (default: all)")
    ap.add_argument("--seconds", type=float, default=120.0, help="budget per ansatz")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tag", default=None, help="rng name prefix of the orbit search attempts")
    ap.add_argument("--attempt-seconds", type=float, default=60.0, help="orbit search restart")
    ap.add_argument("--polish", type=float, default=0.0, help="seconds of tabu polish after")
    ap.add_argument("--generate", type=float, default=0.0, help="seconds of long generate runs")
    ap.add_argument("--last-round", type=float, default=0.0, help="seconds of fixed-last-round")
    args = ap.parse_args(argv)
    cases = list(CASES) + [(n, max_rounds(n)) for n in STRETCH]
    if args.cases:
        cases = [tuple(int(x) for x in c.split("x")) for c in args.cases]
    for players, rounds in cases:
        if players in STRETCH and rounds == max_rounds(players):
            stretch_case(players, args.seconds, args.attempt_seconds, args.tag)
            continue
        if args.seconds > 0:
            run_case(players, rounds, args.seconds, args.seed, args.tag, args.attempt_seconds)
        if args.polish > 0:
            polish_case(players, rounds, args.polish, args.seed)
        if args.generate > 0:
            generate_case(players, rounds, args.generate, args.seed)
        if args.last_round > 0:
            last_round_case(players, rounds, args.last_round, args.seed)


if __name__ == "__main__":
    main()
