"""Helpers of ``generate`` at both ends: the stored schedule a small event starts
from, and the winds, byes and quality report of the result."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .bounds import small_schedule, table_caps
from .quality import quality, seats_changed
from .redraft import winds_from_plan
from .types import PlayerSpec, Round, Schedule, Table
from .winds import assign_winds


def small_exact_rounds(
    n: int, n_new: int, fill: str, P: int, rng: random.Random
) -> tuple[list[list[list[int]]], list[list[int]]] | None:
    """The stored schedule with the fewest repeats for fewer than four tables (players
    randomly mapped onto it, substitutes n..P-1 at the short tables) and its byes, in
    internal indices; None when there is none for this size and round count."""
    caps, _ = table_caps(n, fill)
    sched = small_schedule(n, n_new, fill)
    if not 1 <= len(caps) <= 3 or sched is None:
        return None
    caps = tuple(sorted(caps, reverse=True))
    perm = list(range(n))
    rng.shuffle(perm)
    rounds: list[list[list[int]]] = []
    byes: list[list[int]] = []
    for rnd in sched:
        tables = []
        sub = n
        for t in range(len(caps)):
            tbl = [perm[p] for p in rnd[t]]
            while len(tbl) < 4:
                tbl.append(sub)
                sub += 1
            tables.append(tbl)
        rounds.append(tables)
        byes.append([perm[p] for slot in rnd[len(caps) :] for p in slot])
    return rounds, byes


def finish_schedule(
    new: list[list[list[int]]],
    construction: str,
    layouts: list[list[list[int]] | None],
    *,
    plans: list,
    planned: Sequence[Round],
    played_rounds: list,
    prior_winds: dict[int, list[int]],
    all_ids: list[int],
    ids: list[int],
    new_byes: list[list[int]],
    sub_ids: list[int],
    specs: list[PlayerSpec],
    teams: Mapping[int, str] | None,
    n: int,
    P: int,
) -> Schedule:
    """Winds, the seats changed from the plan, byes and the quality report."""
    # winds
    free = set(range(n, P))
    ids_at = {p: i for i, p in enumerate(all_ids)}
    new_rounds: list[tuple[Table, ...]] = []
    if new and any(x is not None for x in layouts):
        byes_idx = {ids_at[p] for b in new_byes for p in b}
        ordered = winds_from_plan(new, layouts, prior_winds, free, byes_idx)
        new_rounds = [tuple(tuple(all_ids[i] for i in t) for t in rnd) for rnd in ordered]
    elif new:
        flat = [t for rnd in new for t in rnd]
        ordered = assign_winds(flat, prior_winds, free)
        pos = 0
        for rnd in new:
            tables = ordered[pos : pos + len(rnd)]
            pos += len(rnd)
            new_rounds.append(tuple(tuple(all_ids[i] for i in t) for t in tables))  # type: ignore[misc]
    moved = 0
    for j, rnd in enumerate(new_rounds):
        a = len(played_rounds) + j
        if plans[j] is not None:
            moved += seats_changed(planned[a], rnd)
    all_rounds = tuple(tuple(tuple(t) for t in r) for r in played_rounds) + tuple(new_rounds)
    byes_out = []
    for rnd in played_rounds:
        seated = {p for t in rnd for p in t}
        byes_out.append(tuple(sorted(p for p in ids if p not in seated)))
    byes_out += [tuple(b) for b in new_byes]
    subs_all = frozenset(sub_ids) | frozenset(
        p for r in played_rounds for t in r for p in t if p < 0
    )
    q = quality(all_rounds, specs, substitutes=subs_all, teams=teams)
    return Schedule(
        rounds=all_rounds,
        byes=tuple(byes_out),
        substitutes=subs_all,
        players=tuple(specs),
        quality=q,
        played=len(played_rounds),
        construction=construction,
        teams=dict(teams) if teams else None,
        moved=moved,
    )
