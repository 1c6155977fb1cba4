"""Benchmark of the seating generator (tournament/seating/).

.venv/bin/python bench/seating.py            # all cases, three seeds each
.venv/bin/python bench/seating.py --quick    # one seed, small cases only
.venv/bin/python bench/seating.py --cases 20x5,64x21 --seeds 0,1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament import seating  # noqa: E402

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
    args = ap.parse_args(argv)
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
            sched = seating.generate(n, r, seed=seed, time_budget=args.time_budget)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
