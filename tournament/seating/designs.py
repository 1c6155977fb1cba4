"""Compact 1-rotational designs shipped in ``tournament/seating_data`` (issue 19).

A file may hold, instead of a full ``schedule``, a ``design``::

    {"n": 17, "orbits": 3, "fixed": 1, "base": [[0, 17, 34, 51], ...]}

With ``"moduli": [5, 5]`` the translation group is Z_5 x Z_5 instead of Z_25: ``x`` and
``s`` are read as mixed-radix digits (least significant first) added digit by digit.

Points ``i * n + x`` (orbit ``i`` < ``orbits``, ``x`` in Z_n) and fixed points
``orbits * n + j`` (``j`` < ``fixed``).  The schedule is the base round translated by
``x -> x + s`` for ``s = 0 .. n - 1`` (fixed points stay put), ``n`` rounds; with several
base rounds, each is developed in turn.  Developing is a few thousand integer operations
(160 players, 53 rounds: well under a millisecond of numpy-free Python per round), so the
files stay small (one round instead of ``n``) and are checked at load time: every table
has 4 distinct players and every round is a partition of all points, else the file is
refused with ``ValueError``.  The base rounds were found by ``bench/seating_precompute.py``.
"""

from __future__ import annotations

import math
from typing import Any


def _add(x: int, s: int, moduli: list[int]) -> int:
    """x + s in Z_m1 x Z_m2 x ... (mixed-radix digits, least significant first)."""
    out, place = 0, 1
    for q in moduli:
        out += ((x % q + s % q) % q) * place
        x, s, place = x // q, s // q, place * q
    return out


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
    moduli = [int(q) for q in design.get("moduli", [n])]
    if math.prod(moduli) != n:
        raise ValueError(f"moduli {moduli} for a group of order {n}")
    shift = [[_add(x, s, moduli) for x in range(n)] for s in range(n)]
    mn = m * n
    rounds: list[list[list[int]]] = []
    for base in bases:
        flat = sorted(p for t in base for p in t)
        if flat != list(range(players)) or any(len(t) != 4 for t in base):
            raise ValueError("a base round is not a partition into tables of 4")
        for s in range(n):
            rounds.append(
                [[p if p >= mn else p - p % n + shift[s][p % n] for p in t] for t in base]
            )
    return rounds
