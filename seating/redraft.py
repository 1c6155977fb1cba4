"""Re-drafts: new rounds started from their published plan (fewest seats changed), the
byes the plan prefers and the winds it gave."""

from __future__ import annotations

import random

import numpy as np

from .substitutes import PairCost
from .winds import balance_winds


def from_plan(
    plan: list[list[int | None]],
    seated: list[int],
    pair_cost: PairCost,
    P: int,
    rng: random.Random,
) -> tuple[list[list[int]], np.ndarray]:
    """Start a new round from its published plan: everybody still seated keeps table and
    wind; the seats of players who are gone (and new tables) are filled by the others,
    cheapest first.  Returns the tables in wind order and each player's planned table
    (-1: none), which the search is reluctant to change."""
    seat_set = set(seated)
    tables: list[list[int | None]] = [
        [i if i is not None and i in seat_set else None for i in (list(t) + [None] * 4)[:4]]
        for t in plan
    ]
    n_tables = len(seated) // 4
    origin = list(range(len(tables)))
    while len(tables) > n_tables:
        # give up the table with most empty seats; the last table takes its number
        worst = max(range(len(tables)), key=lambda t: (sum(x is None for x in tables[t]), t))
        tables[worst], origin[worst] = tables[-1], origin[-1]
        tables.pop()
        origin.pop()
    while len(tables) < n_tables:
        tables.append([None] * 4)
        origin.append(-1)
    placed = {i for t in tables for i in t if i is not None}
    pool = [i for i in seated if i not in placed]
    rng.shuffle(pool)
    plan_row = np.full(P, -1, dtype=np.int64)
    for t, tbl in enumerate(tables):
        for i in tbl:
            if i is not None:
                plan_row[i] = t
    if pool:
        for tbl in sorted(tables, key=lambda t: sum(x is None for x in t)):
            for w in range(4):
                if tbl[w] is None:
                    members = [x for x in tbl if x is not None]
                    best = min(pool, key=lambda x: pair_cost(x, members))
                    tbl[w] = best
                    pool.remove(best)
    return [list(t) for t in tables], plan_row  # type: ignore[misc]


def bye_preference(plan: list[list[int | None]], seated: int) -> dict[int, int]:
    """0 for players at the tables a re-draft gives up (see ``from_plan``), 1 for the
    others the plan seats; players it does not seat are missing (preferred most)."""
    holes = [sum(x is None for x in t) for t in plan]
    give_up = set(
        sorted(range(len(plan)), key=lambda t: (-holes[t], -t))[: max(0, len(plan) - seated // 4)]
    )
    return {i: 0 if t in give_up else 1 for t, tbl in enumerate(plan) for i in tbl if i is not None}


def winds_from_plan(
    new: list[list[list[int]]],
    layouts: list[list[list[int]] | None],
    prior: dict[int, list[int]],
    free: set[int],
    sitting_out: set[int],
) -> list[list[tuple[int, ...]]]:
    """Winds of a re-draft: a player who keeps the planned table keeps the planned wind,
    newcomers take the free winds; then the totals of the players at changed tables are
    balanced (Kempe swaps; the others keep the published winds)."""
    seat: list[list[int]] = []
    shape: list[int] = []
    touched: set[int] = set(sitting_out)  # a bye changes a player's totals
    for rnd, layout in zip(new, layouts, strict=True):
        for t, members in enumerate(rnd):
            planned = layout[t] if layout is not None and t < len(layout) else [None] * 4
            row: list[int | None] = [p if p in members else None for p in planned]
            rest = [p for p in members if p not in row]
            if rest:
                touched.update(members)
            for w in range(4):
                if row[w] is None:
                    row[w] = rest.pop(0)
            seat.append(row)  # type: ignore[arg-type]
        shape.append(len(rnd))
    balance_winds(seat, prior, free, only=touched)
    out, pos = [], 0
    for k in shape:
        out.append([tuple(s) for s in seat[pos : pos + k]])
        pos += k
    return out
