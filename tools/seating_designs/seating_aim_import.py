"""Import published zero-repeat schedules into ``seating/data`` (issue 31, item 32).

The open riichi tournament app *aim* (https://github.com/ApplySci/aim) ships, under
``server/seating/gams/sgp/<N>.py``, one social golfer solution per size N = 16..172
(Alice Miller et al., "Breakout Group Allocation Schedules and the Social Golfer Problem
with Adjacent Group Sizes", Symmetry 13(1) 13, 2020, doi:10.3390/sym13010013; their
solutions page http://breakoutroom.pythonanywhere.com/allocate/).  For 32, 68, 104 and
128 players they reach zero repeats at the round limit (N - 1) // 3, which our own
search does not (``seating_designs.py``: N = 8 mod 12 without a cube root of unity
in Z_n).  A schedule is a fact: this script reads those data files (as Python literals,
parsed with ``ast.literal_eval``, nothing executed, no code taken), renumbers the players
from 0, checks every round is a partition into tables of 4 and that no pair meets twice,
and writes ``seating/data/n<N>_r<R>.json`` with the source (repository, path, commit).

Usage (``fetch`` or ``git clone`` the repository first; a bare git directory is fine)::

    .venv/bin/python tools/seating_designs/seating_aim_import.py /path/to/aim/.git   # 32 68 104 128
    .venv/bin/python tools/seating_designs/seating_aim_import.py /path/to/aim/.git \
        --commit 9af61f9f 68
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "seating" / "data"
SIZES = (32, 68, 104, 128)
REPOSITORY = "https://github.com/ApplySci/aim"
PATH = "server/seating/gams/sgp/{n}.py"


def git(repo: str, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", repo, *args], capture_output=True, text=True, check=True
    ).stdout


def read_schedule(repo: str, commit: str, n: int) -> list[list[list[int]]]:
    """The ``seats`` literal of ``sgp/<n>.py`` (players 1..n)."""
    tree = ast.parse(git(repo, "show", f"{commit}:{PATH.format(n=n)}"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
            "seats"
        ]:
            return ast.literal_eval(node.value)
    raise ValueError(f"no seats literal in {PATH.format(n=n)}")


def repeats(rounds: list[list[list[int]]]) -> int:
    seen: set[tuple[int, int]] = set()
    out = 0
    for rnd in rounds:
        for table in rnd:
            for pair in itertools.combinations(sorted(table), 2):
                out += pair in seen
                seen.add(pair)
    return out


def convert(repo: str, commit: str, n: int) -> dict:
    raw = read_schedule(repo, commit, n)
    rounds = [[[p - 1 for p in table] for table in rnd] for rnd in raw]
    r_max = (n - 1) // 3
    for i, rnd in enumerate(rounds):
        if any(len(t) != 4 for t in rnd) or sorted(p for t in rnd for p in t) != list(range(n)):
            raise ValueError(f"{n} players, round {i + 1}: not a partition into tables of 4")
    if len(rounds) != r_max or repeats(rounds) != 0:
        raise ValueError(f"{n} players: {len(rounds)} rounds, {repeats(rounds)} repeats")
    changed = git(repo, "log", "-1", "--format=%H %as", commit, "--", PATH.format(n=n)).split()
    return {
        "players": n,
        "rounds": r_max,
        "repeats": 0,
        "method": "published social golfer solution (Miller et al.), as shipped by aim",
        "source": {
            "repository": REPOSITORY,
            "path": PATH.format(n=n),
            "commit": commit,
            "file_last_changed": " ".join(changed),
            "origin": "Alice Miller et al., social golfer solutions "
            "(http://breakoutroom.pythonanywhere.com/allocate/; Symmetry 13(1) 13, 2020, "
            "doi:10.3390/sym13010013); aim's dataset: doi:10.5281/zenodo.13971404",
            "licence": "the aim repository has no licence file at this commit; stored here is "
            "the schedule only (a combinatorial fact), players renumbered from 0, no code",
            "imported_by": "tools/seating_designs/seating_aim_import.py",
        },
        "schedule": rounds,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("repo", help="a git directory of ApplySci/aim")
    ap.add_argument("sizes", nargs="*", type=int, default=list(SIZES))
    ap.add_argument("--commit", default="HEAD")
    args = ap.parse_args()
    commit = git(args.repo, "rev-parse", args.commit).strip()
    for n in args.sizes:
        data = convert(args.repo, commit, n)
        path = DATA / f"n{n}_r{data['rounds']}.json"
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        size = path.stat().st_size
        print(f"{path.name}: {n} players, {data['rounds']} rounds, 0 repeats, {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
