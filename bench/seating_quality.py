"""Benchmark of the seating generator (seating/).

.venv/bin/python bench/seating_quality.py            # all cases, three seeds each
.venv/bin/python bench/seating_quality.py --quick    # one seed, small cases only
.venv/bin/python bench/seating_quality.py --cases 20x5,64x21 --seeds 0,1
.venv/bin/python bench/seating_quality.py --stretch  # N = 16, 20, ..., 172 at R_max = (N-1)//3

Both modes end with the cases of issue 19: a re-draft after two drops
(``redraft_repeats=`` beside ``lower_bound=``), clubs (``same_club=``), substitutes
(``sub_games_range=``) and 10 000 players (``peak_mib=``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import seating  # noqa: E402

CASES = [
    (16, 5),
    (20, 5),
    (24, 7),
    (28, 9),
    (32, 8),
    (32, 10),
    (36, 11),
    (40, 13),
    (64, 8),
    (64, 21),
    # at the round limit from compact designs (tools/seating_designs/seating_precompute.py NxR)
    (48, 15),
    (52, 17),
    (88, 29),
    (160, 53),
    (100, 12),
    (200, 10),
    (1000, 12),
    # over the zero-repeat limit
    (20, 6),
    (24, 8),
    (16, 8),
]
QUICK = [(16, 5), (20, 5), (24, 7), (32, 8), (64, 8), (20, 6), (16, 8)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="seating generator benchmark")
    ap.add_argument("--quick", action="store_true", help="small cases, one seed")
    ap.add_argument("--cases", help="comma separated NxR list, e.g. 20x5,64x21")
    ap.add_argument("--seeds", default=None, help="comma separated seeds (default 0,1,2)")
    ap.add_argument("--time-budget", type=float, default=9.0)
    ap.add_argument("--stretch", action="store_true", help="every N = 16..172 at R_max")
    args = ap.parse_args(argv)
    if args.stretch:
        return stretch(args.time_budget)
    cases = QUICK if args.quick else CASES
    if args.cases:
        cases = [tuple(int(x) for x in c.split("x")) for c in args.cases.split(",")]
    if args.seeds is not None:
        seeds = [int(s) for s in args.seeds.split(",")]
    else:
        seeds = [0] if args.quick else [0, 1, 2]
    n_cases = at_lb = 0
    max_seconds = 0.0
    for n, r in cases:
        for seed in seeds:
            t0 = time.perf_counter()
            sched = seating.generate(
                seating.SeatingRequest(n, r, seed=seed, time_budget=args.time_budget)
            )
            dt = time.perf_counter() - t0
            seating.validate(sched.rounds)
            q = sched.quality
            n_cases += 1
            at_lb += q.repeats <= q.lower_bound
            max_seconds = max(max_seconds, dt)
            print(
                f"case N={n} R={r} seed={seed} repeats={q.repeats} lower_bound={q.lower_bound} "
                f"wind_imbalance={q.wind_imbalance} wind_ideal={q.wind_ideal} seconds={dt:.2f}",
                flush=True,
            )
    print(f"cases={n_cases} at_lower_bound={at_lb} max_seconds={max_seconds:.2f}")
    extra_cases(args.time_budget)
    return 0


def stretch(time_budget: float) -> int:
    """Every multiple of 4 from 16 to 172 players at R_max = (N - 1) // 3, one seed."""
    sizes = list(range(16, 173, 4))
    zero = []
    worst = 0.0
    for n in sizes:
        r = (n - 1) // 3
        t0 = time.perf_counter()
        sched = seating.generate(seating.SeatingRequest(n, r, seed=0, time_budget=time_budget))
        dt = time.perf_counter() - t0
        seating.validate(sched.rounds)
        q = sched.quality
        worst = max(worst, dt)
        if q.repeats == 0:
            zero.append(n)
        print(
            f"stretch N={n} R={r} repeats={q.repeats} lower_bound={q.lower_bound} "
            f"seconds={dt:.2f} construction={sched.construction.split(' (')[0]!r}",
            flush=True,
        )
    missing = [n for n in sizes if n not in zero]
    print(
        f"stretch_sizes={len(sizes)} zero_at_rmax={len(zero)} max_seconds={worst:.2f} "
        f"not_zero={','.join(map(str, missing))}"
    )
    return 0


def substitute_games(rounds, players: int) -> list[int]:
    games = [0] * players
    for rnd in rounds:
        for table in rnd:
            if any(p < 0 for p in table):
                for p in table:
                    if p >= 0:
                        games[p] += 1
    return games


PEAK = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
import seating
t = time.perf_counter()
n, rounds, budget = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
s = seating.generate(seating.SeatingRequest(n, rounds, seed=0, time_budget=budget))
seating.validate(s.rounds)
print(json.dumps({"seconds": time.perf_counter() - t, "repeats": s.quality.repeats,
                  "lower_bound": s.quality.lower_bound,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}))
"""


def extra_cases(time_budget: float) -> None:
    """Re-draft after drops, clubs, substitutes and a 10 000-player event (issue 19)."""
    # re-draft: 28 players, 9 rounds, rounds 1-4 played, two players drop
    full = seating.generate(seating.SeatingRequest(28, 9, seed=5, time_budget=time_budget))
    remaining = [p for p in range(28) if p not in (3, 17)]
    t0 = time.perf_counter()
    again = seating.generate(
        seating.SeatingRequest(
            remaining,
            9,
            seed=5,
            played=full.rounds[:4],
            planned=full.rounds,
            time_budget=time_budget,
        )
    )
    unplanned = seating.generate(
        seating.SeatingRequest(
            remaining, 9, seed=5, played=full.rounds[:4], time_budget=time_budget
        )
    )
    print(
        f"case redraft N=28 R=9 played=4 drops=2 redraft_repeats={again.quality.repeats} "
        f"lower_bound={again.quality.lower_bound} seats_changed={again.moved} "
        f"without_plan_repeats={unplanned.quality.repeats} "
        f"seconds={time.perf_counter() - t0:.2f}",
        flush=True,
    )
    # clubs, kept apart by default
    for label, specs, rounds, least in (
        ("8x8", [seating.PlayerSpec(i, club=f"c{i % 8}") for i in range(64)], 8, 0),
        (
            "40_one_of_16",
            [seating.PlayerSpec(i, club="big" if i < 16 else f"c{i}") for i in range(40)],
            6,
            6 * 6,
        ),
    ):
        t0 = time.perf_counter()
        s = seating.generate(seating.SeatingRequest(specs, rounds, seed=0, time_budget=time_budget))
        print(
            f"case clubs={label} N={len(specs)} R={rounds} same_club={s.quality.same_club} "
            f"same_club_least={least} repeats={s.quality.repeats} "
            f"lower_bound={s.quality.lower_bound} seconds={time.perf_counter() - t0:.2f}",
            flush=True,
        )
    # substitutes shared like byes (the range of games with one), and what that fairness
    # costs in repeats (``sub_repeats=``), over three seeds
    for n, r in ((30, 6), (30, 20), (29, 9)):
        for seed in (0, 1, 2):
            t0 = time.perf_counter()
            s = seating.generate(seating.SeatingRequest(n, r, seed=seed, time_budget=time_budget))
            games = substitute_games(s.rounds, n)
            print(
                f"case substitutes N={n} R={r} seed={seed} "
                f"sub_games_range={min(games)}-{max(games)} sub_repeats={s.quality.repeats} "
                f"lower_bound={s.quality.lower_bound} seconds={time.perf_counter() - t0:.2f}",
                flush=True,
            )
    # a large event, in its own process for an honest peak memory
    root = str(Path(__file__).resolve().parent.parent)
    out = subprocess.run(
        [sys.executable, "-c", PEAK, root, "10000", "3", str(time_budget)],
        capture_output=True,
        text=True,
        check=True,
    )
    big = json.loads(out.stdout)
    print(
        f"case large N=10000 R=3 peak_mib={big['peak_mib']} repeats={big['repeats']} "
        f"lower_bound={big['lower_bound']} seconds={big['seconds']:.2f}",
        flush=True,
    )


if __name__ == "__main__":
    raise SystemExit(main())
