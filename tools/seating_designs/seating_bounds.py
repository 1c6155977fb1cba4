"""Exact fewest repeats for events of fewer than four tables, written to
seating/data/small_bounds.json (read by ``seating.lower_bound``,
``seating.quality`` and ``seating.generate``).

.venv/bin/python tools/seating_designs/seating_bounds.py      # recompute and write the file
.venv/bin/python tools/seating_designs/seating_bounds.py --check      # compare with the file
.venv/bin/python tools/seating_designs/seating_bounds.py --sizes substitutes:11,byes:13
#   (some sizes only)
.venv/bin/python tools/seating_designs/seating_bounds.py --node-limit 2000000   # the default
.venv/bin/python tools/seating_designs/seating_bounds.py --seconds 120
#   (how the stored file was made, then)
.venv/bin/python tools/seating_designs/seating_bounds.py --sizes byes:13 --seconds 1500 \
    --node-limit 1000000000
#   (and byes:14, byes:15 likewise: the proofs the time limit of the first run cut short;
#   each prints the seconds of every round count)
.venv/bin/python tools/seating_designs/seating_bounds.py --sizes byes:15 --seconds 20 \
    --past-seconds 120
#   (byes:15, where the proof stops after five rounds: the stored entry is kept and the
#   schedules past it, ``past``, are searched again)

For every player count 4..15 and both fills (substitutes spread over the tables, or
byes) with fewer than four tables it lists the most pairs that r = 1, 2, ... rounds can
seat together, up to the first r where every pair has met (from then on every round adds
its meetings as repeats):

* ``max_cover``: any schedule of that shape (a lower bound on repeats for every
  schedule, used by ``quality`` for schedules that do not share substitutes or byes
  fairly);
* ``max_cover_fair``: with substitutes and byes shared as the generator shares them
  (fewest such games first), and ``schedules``: for every r, a schedule reaching it
  (per round: the players of every table in the order of ``caps``, then the byes).
  ``generate`` starts from these, so it reaches the bound.

The search is exhaustive (``seating/bound_search.py``); when it needs more than the
node limit or ``--seconds`` for some r, the rounds found before are kept with
``partial`` / ``partial_fair`` (past them ``bounds.small_repeats`` uses the proven cover
plus full rounds, capped by the degree bound) and the run says so.  Past such a stop,
``past`` keeps the schedule with the fewest repeats found for every round count up to
the first where every pair can have met (``seating_anneal.py``, which moves the byes
too): where it meets the bound, the bound is exact.  Fifteen players with byes: seven
rounds meet it (21 repeats, every pair met; the generator alone reached 22), six rounds
do not (found 9 in 0.2 s, no 8 in 80 s of annealing; the generator alone 11): there
``seating_bound15.py`` proves 9 the fewest possible (``cover_fair_at_most``, kept
when this recomputes the entry).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from seating_anneal import anneal_byes  # noqa: E402

from seating import SeatingRequest, bounds, generate  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "seating" / "data" / "small_bounds.json"


def sizes() -> list[tuple[str, int]]:
    out = []
    for fill in ("substitutes", "byes"):
        for n in range(4, 16):
            caps, _byes = bounds.table_caps(n, fill)
            if 1 <= len(caps) <= 3:
                out.append((fill, n))
    return out


def compute_one(fill: str, n: int, node_limit: int, seconds: float | None) -> dict | None:
    """The entry of one size; without ``max_cover_fair`` when only the search without
    the generator's rules finished (then the bound is not known to be reached), without
    ``max_cover`` when only the search under them did, None when neither did."""
    caps, byes = bounds.table_caps(n, fill)
    caps = tuple(sorted(caps, reverse=True))  # the order of the tables of a schedule
    total = n * (n - 1) // 2
    entry: dict = {"caps": list(caps), "byes": byes}
    t0 = time.monotonic()
    per_round = sum(c * (c - 1) // 2 for c in caps)
    for fair in (False, True):
        solver = bounds.Solver(n, caps, byes, fair, node_limit)
        if seconds is not None:
            solver.deadline = time.monotonic() + seconds
        covers: list[int] = []
        try:
            while not covers or covers[-1] < total:
                r = len(covers) + 1
                # proven bounds that only speed the search up: a round adds at most
                # per_round; the rounds of any schedule, ordered by falling cover, cover
                # at least (r - 1) / r of it in the first r - 1; the rules only remove
                # schedules
                limit = total
                if covers:
                    limit = min(limit, covers[-1] + per_round)
                    if not fair:
                        limit = min(limit, covers[-1] * r // (r - 1))
                if fair and len(entry.get("max_cover", [])) >= r:
                    limit = min(limit, entry["max_cover"][r - 1])
                t1 = time.monotonic()
                lower = 0
                if covers:  # the best schedule of r - 1 rounds and the best round after it
                    solver.witness(r - 1)
                    lower = covers[-1] + solver.round_max(solver.last)
                covers.append(solver.solve(r, lower, limit))
                print(
                    f"  {fill}:{n} fair={fair} r={r} cover={covers[-1]} "
                    f"nodes={solver.nodes} seconds={time.monotonic() - t1:.1f}",
                    flush=True,
                )
        except bounds.Limit:
            print(
                f"{fill} n={n} fair={fair} stopped after r={len(covers)} {covers}: more than "
                f"{node_limit} nodes or {seconds} seconds",
                flush=True,
            )
            entry["partial" if not fair else "partial_fair"] = True
        if not covers:
            continue
        entry["max_cover_fair" if fair else "max_cover"] = covers
        if fair:
            # the witnesses reuse the memo of the search; a witness that takes too long
            # ends the stored rounds there
            if seconds is not None:
                solver.deadline = time.monotonic() + seconds
            schedules = []
            try:
                for r in range(1, len(covers) + 1):
                    schedules.append(solver.witness(r))
            except bounds.Limit:
                print(f"{fill} n={n} schedules stopped after r={len(schedules)}", flush=True)
                entry["partial_fair"] = True
            covers = covers[: len(schedules)]
            entry["max_cover_fair"] = covers
            entry["schedules"] = schedules
    if "max_cover" not in entry and "max_cover_fair" not in entry:
        return None
    print(
        f"{fill} n={n} caps={caps} byes={byes} max_cover={entry.get('max_cover')} "
        f"max_cover_fair={entry.get('max_cover_fair')} seconds={time.monotonic() - t0:.1f}",
        flush=True,
    )
    return entry


def past_the_proof(entry: dict, fill: str, n: int, seconds: float) -> dict[str, list]:
    """Past the rounds the search proved, the schedule with the fewest repeats found
    under the generator's rules for every round count up to the first where every pair
    can have met; where one meets the proven bound (``bounds.entry_repeats``) that bound
    is exact.  Found by ``seating_anneal.anneal_byes`` (seeds 0, 1, ...) where it
    applies, else by the generator from a fixed first round (any first round is every
    other up to renaming the players), for at most ``seconds`` per round count."""
    caps = entry["caps"]
    per_round = sum(c * (c - 1) // 2 for c in caps)
    total = n * (n - 1) // 2
    first = generate(SeatingRequest(n, 1, fill=fill, seed=0)).rounds
    past: dict[str, list] = {}
    rounds = len(entry["max_cover_fair"])
    while True:
        rounds += 1
        bound = bounds.entry_repeats(entry, n, rounds)
        deadline, seed, best = time.monotonic() + seconds, 0, None
        while time.monotonic() < deadline and (best is None or best[0] > bound):
            left = max(1.0, deadline - time.monotonic())
            found = anneal_byes(n, entry["byes"], rounds, bound, seed, left)
            if found is None:
                sched = generate(
                    SeatingRequest(
                        n,
                        rounds,
                        fill=fill,
                        seed=seed,
                        played=first,
                        time_budget=left,
                        max_iterations=400_000,
                    )
                )
                found = (sched.quality.repeats, _stored(sched, len(caps)))
            if best is None or found[0] < best[0]:
                best = found
            seed += 1
        past[str(rounds)] = best[1]
        print(
            f"{fill} n={n} r={rounds} bound={bound} found={best[0]} seeds={seed}"
            + (" exact" if best[0] == bound else ""),
            flush=True,
        )
        if rounds * per_round - bound >= total:
            return past


def _stored(sched, tables: int) -> list:
    """A schedule as the table stores them: per round the real players of every table,
    the longest tables first, then the byes."""
    out = []
    for rnd, byes in zip(sched.rounds, sched.byes, strict=True):
        seated = [sorted(p for p in t if not sched.is_substitute(p)) for t in rnd]
        seated.sort(key=len, reverse=True)
        out.append(seated[:tables] + ([sorted(byes)] if byes else []))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--node-limit", type=int, default=bounds.NODE_LIMIT)
    ap.add_argument("--sizes", help="comma separated fill:players, e.g. byes:13")
    ap.add_argument(
        "--seconds", type=float, default=None, help="time limit per size (default: none)"
    )
    ap.add_argument(
        "--past-seconds",
        type=float,
        default=120.0,
        help="where the search stops: seconds per round count past it",
    )
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    out = Path(args.out)
    todo = sizes()
    if args.sizes:
        want = {(s.split(":")[0], int(s.split(":")[1])) for s in args.sizes.split(",")}
        todo = [s for s in todo if s in want]
    stored = json.loads(out.read_text())["bounds"] if out.is_file() else {}
    table = dict(stored) if args.sizes else {}
    for fill, n in todo:
        entry = compute_one(fill, n, args.node_limit, args.seconds)
        key = f"{fill}:{n}"
        if not args.check and _proven(stored.get(key)) > _proven(entry):
            # a shorter run (smaller --seconds or --node-limit) never replaces a longer proof
            print(f"{key}: keeping the stored entry, proven further than this run")
            entry = stored[key]
        if entry is None:
            table.pop(key, None)
            continue
        proofs = (stored.get(key) or {}).get("cover_fair_at_most")
        if proofs and entry.get("partial_fair"):  # seating_bound15.py's, kept
            entry = {**entry, "cover_fair_at_most": proofs}
        if entry.get("partial_fair") and "max_cover_fair" in entry:
            entry = {**entry, "past": past_the_proof(entry, fill, n, args.past_seconds)}
        table[key] = entry
        if not args.check:  # written after every size: a long run keeps what it found
            write(table, out)
    if args.check:
        ok = all(stored.get(f"{f}:{n}") == table.get(f"{f}:{n}") for f, n in todo)
        print("matches" if ok else "DIFFERS")
        return 0 if ok else 1
    return 0


def _proven(entry: dict | None) -> tuple[int, int]:
    """How far an entry is proven: complete or not, then the rounds proven in both modes."""
    if entry is None:
        return (0, 0)
    complete = not entry.get("partial") and not entry.get("partial_fair")
    rounds = min(len(entry.get("max_cover", [])), len(entry.get("max_cover_fair", [])))
    return (int(complete), rounds)


def write(table: dict, out: Path = OUT) -> None:
    order = {f"{f}:{n}": i for i, (f, n) in enumerate(sizes())}
    ordered = dict(sorted(table.items(), key=lambda kv: order.get(kv[0], 99)))
    text = json.dumps(
        {"command": "tools/seating_designs/seating_bounds.py", "bounds": ordered}, indent=None
    )
    out.write_text(text.replace(', "', ',\n "') + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
