"""``generate``'s last phases: the seat winds of the new rounds, then the schedule with
its byes, the seats a re-draft changed and the quality report."""

from __future__ import annotations

from collections.abc import Sequence

from .problem import Problem, Rounds
from .quality import quality, seats_changed
from .redraft import winds_from_plan
from .types import Schedule, Table
from .winds import assign_winds


def winds(problem: Problem, new: Rounds, layouts: list[Rounds | None]) -> list[tuple[Table, ...]]:
    """The new rounds in player ids, each table in wind order: a re-draft keeps the winds
    of its plan where it can, else de Werra's colouring over all new rounds at once."""
    if not new:
        return []
    free = set(range(problem.n, problem.P))
    all_ids = problem.all_ids
    if any(x is not None for x in layouts):
        index = problem.index
        byes_idx = {index[p] for b in problem.new_byes for p in b}
        ordered = winds_from_plan(new, layouts, problem.history.winds, free, byes_idx)
    else:
        ordered = winds_by_round(new, problem.history.winds, free)
    return [tuple(tuple(all_ids[i] for i in t) for t in rnd) for rnd in ordered]


def winds_by_round(
    rounds: Sequence[Sequence[Sequence[int]]], prior: dict[int, list[int]], free: set[int]
) -> list[list[Table]]:
    """``assign_winds`` over the tables of all ``rounds``, split back into rounds."""
    ordered = assign_winds([list(t) for rnd in rounds for t in rnd], prior, free)
    out, pos = [], 0
    for rnd in rounds:
        out.append(ordered[pos : pos + len(rnd)])
        pos += len(rnd)
    return out


def report(problem: Problem, new_rounds: list[tuple[Table, ...]], construction: str) -> Schedule:
    """The whole schedule: played and new rounds, byes, substitutes, the seats changed
    from the published plan and the quality report."""
    played, request = problem.played, problem.request
    moved = 0
    for j, rnd in enumerate(new_rounds):
        if problem.plans[j] is not None:
            moved += seats_changed(request.planned[len(played) + j], rnd)
    all_rounds = tuple(tuple(tuple(t) for t in r) for r in played) + tuple(new_rounds)
    byes_out = []
    for rnd in played:
        seated = {p for t in rnd for p in t}
        byes_out.append(tuple(sorted(p for p in problem.ids if p not in seated)))
    byes_out += [tuple(b) for b in problem.new_byes]
    subs_all = frozenset(problem.sub_ids) | frozenset(
        p for r in played for t in r for p in t if p < 0
    )
    teams = request.teams
    return Schedule(
        rounds=all_rounds,
        byes=tuple(byes_out),
        substitutes=subs_all,
        players=tuple(problem.specs),
        quality=quality(all_rounds, problem.specs, substitutes=subs_all, teams=teams),
        played=len(played),
        construction=construction,
        teams=dict(teams) if teams else None,
        moved=moved,
    )
