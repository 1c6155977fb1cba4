"""Exact fewest repeats for events of fewer than four tables: the stored table.

The most pairs that r rounds can cover, found by the exhaustive search of
``bound_search`` (``Solver``) and stored in ``seating/data/small_bounds.json``
by ``tools/seating_designs/seating_bounds.py``; this module reads it for ``lower_bound``,
``quality`` and ``generate``.  Where the search stopped at its time limit, the rounds past it have
the bound of ``entry_repeats``, and ``past`` holds the best schedules found for those round
counts (exact where they meet the bound); ``generate`` starts from them.
``cover_fair_at_most`` holds covers proven out of reach there by a search of its own
(fifteen players with byes, six rounds: ``tools/seating_designs/seating_bound15.py``).
"""

from __future__ import annotations

import json
from functools import lru_cache

from .bound_search import NODE_LIMIT, Limit, Solver

__all__ = [
    "NODE_LIMIT",
    "Solver",
    "Limit",
    "small_repeats",
    "small_rounds",
    "small_schedule",
    "entry_repeats",
    "table_caps",
]


def table_caps(players: int, fill: str = "substitutes") -> tuple[tuple[int, ...], int]:
    """Real players per table and byes per round as the generator seats them:
    substitutes spread over the tables, or byes."""
    if fill == "byes":
        return (4,) * (players // 4), players % 4
    subs = (-players) % 4
    tables = (players + subs) // 4
    caps = [4] * tables
    for i in range(subs):
        caps[i % tables] -= 1
    return tuple(caps), 0


@lru_cache(maxsize=1)
def stored_table() -> dict:
    from .types import DATA_DIR

    path = DATA_DIR / "small_bounds.json"
    if not path.is_file():
        return {}
    return json.loads(path.read_text())["bounds"]


def small_repeats(
    players: int, rounds: int, fill: str = "substitutes", fair: bool = True
) -> int | None:
    """Fewest repeats for ``players`` (fewer than four tables) over ``rounds`` rounds,
    from the table computed by ``tools/seating_designs/seating_bounds.py`` (past the rounds where
    its search stopped: a proven bound, exact where a schedule in ``past`` meets it);
    None outside it.  ``fair``: with substitutes and byes shared as the generator shares
    them (else: any schedule of that shape)."""
    entry = stored_table().get(f"{fill}:{players}")
    if entry is None:
        return None
    return entry_repeats(entry, players, rounds, fair)


def entry_repeats(entry: dict, players: int, rounds: int, fair: bool = True) -> int | None:
    """``small_repeats`` from one entry of the table."""
    if rounds <= 0:
        return 0
    caps = entry["caps"]
    per_round = sum(c * (c - 1) // 2 for c in caps)
    # without the search under the generator's rules (too long for this size), the
    # bound for any schedule: a lower bound, not known to be reached
    covers, partial = entry.get("max_cover_fair"), entry.get("partial_fair", False)
    proofs = entry.get("cover_fair_at_most", {})
    if not fair or covers is None:
        covers, partial, proofs = entry.get("max_cover"), entry.get("partial", False), {}
    if covers is None:
        return None
    if partial and rounds > len(covers):
        # past the rounds the search finished: a bound (each round adds at most
        # per_round pairs; every player meets at most 3 new players a round it plays,
        # the byes costing the least).  The counting bound of players who play every
        # round does not hold with byes.  Where a search of its own proved a cover out
        # of reach (cover_fair_at_most), that too.
        solver = Solver(players, tuple(caps), entry["byes"], False)
        total = players * (players - 1) // 2
        most = min(
            covers[-1] + (rounds - len(covers)) * per_round,
            solver.upper(solver.root(), rounds, total),
            proofs.get(str(rounds), total),
        )
        return rounds * per_round - most
    cover = covers[rounds - 1] if rounds <= len(covers) else covers[-1]
    return rounds * per_round - cover


def small_schedule(players: int, rounds: int, fill: str = "substitutes") -> list | None:
    """A schedule with the fewest repeats under the generator's rules (per round: the
    players of every table, then those on a bye), when the table has one; past a search
    that stopped, the fewest found."""
    entry = stored_table().get(f"{fill}:{players}")
    if entry is None:
        return None
    schedules = entry.get("schedules", [])
    if 1 <= rounds <= len(schedules):
        return schedules[rounds - 1]
    return entry.get("past", {}).get(str(rounds))


def small_rounds(players: int, fill: str = "substitutes") -> int:
    """Rounds of the stored schedules (the first round count where every pair has met);
    0 when the table has none for this size or stops before that."""
    entry = stored_table().get(f"{fill}:{players}")
    if not entry:
        return 0
    if entry.get("partial_fair"):
        total = players * (players - 1) // 2
        past = entry.get("past", {})
        full = [
            int(r) for r, sched in past.items() if len(_pairs(sched, len(entry["caps"]))) == total
        ]
        return min(full, default=0)
    return len(entry.get("schedules", []))


def _pairs(schedule: list, tables: int) -> set[tuple[int, int]]:
    return {(a, b) for rnd in schedule for t in rnd[:tables] for a in t for b in t if a < b}
