"""Compact 1-rotational designs shipped in ``seating/data`` (issue 19), and the load-time
check of every shipped schedule (issue 31).

A file may hold, instead of a full ``schedule``, a ``design``::

    {"n": 17, "orbits": 3, "fixed": 1, "base": [[0, 17, 34, 51], ...]}

Points ``i * n + x`` (orbit ``i`` < ``orbits``, ``x`` in Z_n) and fixed points
``orbits * n + j`` (``j`` < ``fixed``).  The schedule is the base round translated by
``x -> x + s`` for ``s = 0 .. n - 1`` (fixed points stay put), ``n`` rounds; with several
base rounds, each is developed in turn.  Developing is a few thousand integer operations
(160 players, 53 rounds: well under a millisecond of numpy-free Python per round), so the
files stay small (one round instead of ``n``) and are checked at load time: every table
has 4 distinct players and every round is a partition of all points, else the file is
refused with ``ValueError``.  The base rounds were found by
``tools/seating_designs/seating_precompute.py``.

A file may also hold a full ``schedule`` (a list of rounds of tables, players from 0):
searched ones (``n24_r8.json``) and published ones, stored as facts with their
``source`` (repository, path, commit; ``tools/seating_designs/seating_aim_import.py`` imported 32,
68, 104 and 128 players from the aim app's social golfer solutions).  ``check_stored`` checks
every file at load time, designs once developed: the stated number of rounds, every
round a partition of all players into tables of 4 (``quality.validate`` plus
completeness) and the stated number of repeats.
"""

from __future__ import annotations

import itertools
from typing import Any

from .quality import validate


def develop_design(design: dict[str, Any], players: int) -> list[list[list[int]]]:
    """The full schedule of a compact design; raises ``ValueError`` if it is malformed."""
    n = int(design["n"])
    m = int(design.get("orbits", 3))
    f = int(design.get("fixed", 0))
    bases = design["base"]
    if not bases or not bases[0]:
        raise ValueError("a design without a base round")
    if isinstance(bases[0][0], int):
        bases = [bases]  # a single base round
    if n < 1 or m * n + f != players or players % 4:
        raise ValueError(f"design of {m} x {n} + {f} points for {players} players")
    mn = m * n
    rounds: list[list[list[int]]] = []
    for base in bases:
        flat = sorted(p for t in base for p in t)
        if flat != list(range(players)) or any(len(t) != 4 for t in base):
            raise ValueError("a base round is not a partition into tables of 4")
        for s in range(n):
            rounds.append([[p if p >= mn else p - p % n + (p + s) % n for p in t] for t in base])
    return rounds


def check_stored(data: dict[str, Any], rounds: list[list[list[int]]]) -> None:
    """Raise ``ValueError`` unless a shipped schedule holds what its file says: ``rounds``
    rounds, each a partition of players ``0 .. players - 1`` into tables of 4, and
    ``repeats`` repeat meetings (a pair meeting k times counts k - 1)."""
    players = int(data["players"])
    if len(rounds) != int(data["rounds"]):
        raise ValueError(f"{len(rounds)} rounds, the file says {data['rounds']}")
    validate([[tuple(t) for t in rnd] for rnd in rounds], range(players))
    everyone = list(range(players))
    for i, rnd in enumerate(rounds):
        if sorted(p for t in rnd for p in t) != everyone:
            raise ValueError(f"round {i + 1} is not a partition of the {players} players")
    seen: set[tuple[int, int]] = set()
    repeats = 0
    for rnd in rounds:
        for table in rnd:
            for pair in itertools.combinations(sorted(table), 2):
                repeats += pair in seen
                seen.add(pair)
    if repeats != int(data["repeats"]):
        raise ValueError(f"{repeats} repeats, the file says {data['repeats']}")
