"""Exact fewest repeats for events of fewer than four tables, written to
tournament/seating_data/small_bounds.json (read by ``seating.lower_bound`` and
``seating.quality``).

.venv/bin/python bench/seating_bounds.py            # recompute and write the file
.venv/bin/python bench/seating_bounds.py --check    # recompute and compare with the file
.venv/bin/python bench/seating_bounds.py --node-limit 150000   # the default search limit

With the default limit the table covers 4-10 players with substitutes and 4-9 with byes;
larger sizes need a better search (left to do) and use the counting bound.

For every player count 4..15 and both fills (substitutes spread over the tables, or
byes) it lists the most pairs that r = 1, 2, ... rounds can seat together, up to the
first r where every pair has met; from then on every round adds its meetings as repeats.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournament.seating import bounds  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tournament" / "seating_data" / "small_bounds.json"


def compute(node_limit: int) -> dict:
    """Sizes whose search needs more than ``node_limit`` nodes for some round count are
    left out (``lower_bound`` then falls back to the counting bound)."""
    bounds.NODE_LIMIT = node_limit
    table: dict = {}
    for fill in ("substitutes", "byes"):
        for n in range(4, 16):
            caps, byes = bounds.table_caps(n, fill)
            if not 1 <= len(caps) <= 3:
                continue
            total = n * (n - 1) // 2
            covers = []
            t0 = time.monotonic()
            r = 0
            while not covers or (covers[-1] is not None and covers[-1] < total):
                r += 1
                covers.append(bounds.max_cover(n, caps, byes, r))
            if covers[-1] is None:
                print(f"{fill} n={n} left out: more than {node_limit} nodes", flush=True)
                continue
            table[f"{fill}:{n}"] = {"caps": list(caps), "byes": byes, "max_cover": covers}
            print(
                f"{fill} n={n} caps={caps} byes={byes} max_cover={covers} "
                f"seconds={time.monotonic() - t0:.1f}",
                flush=True,
            )
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--node-limit", type=int, default=150_000)
    args = ap.parse_args(argv)
    table = compute(args.node_limit)
    if args.check:
        stored = json.loads(OUT.read_text())["bounds"]
        ok = stored == table
        print("matches" if ok else "DIFFERS")
        return 0 if ok else 1
    OUT.write_text(
        json.dumps({"command": "bench/seating_bounds.py", "bounds": table}, indent=1) + "\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
