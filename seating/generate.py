"""``generate``: a ``SeatingRequest`` seated in named phases (see the package docstring):
validate, the exact start of a small event, structure, search, winds and report."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

import numpy as np

from .bounds import small_rounds
from .constructions import known_constructions
from .finish import report, winds, winds_by_round
from .large import large_rounds
from .problem import Problem, Rounds, prepare, validate_request
from .quality import quality
from .redraft import from_plan
from .search import greedy_round, meeting_counts, relabel, structure_labels, tabu_search
from .substitutes import fair_structure, share_substitutes
from .types import EPS, Schedule, SeatingRequest

# Above this many seats the substitutes are shared against the played rounds' meetings
# only: weighing every other new round costs a P x P matrix per round (about 67 ms at 1500).
LIVE_SHARING_SEATS = 400

# The tabu search stops early enough for the winds and the quality report to fit in the
# time budget: about twice what they take per table on one quiet core (168 players x 55
# rounds, 2310 tables: 0.6 s), so a loaded machine stays inside it too.
FINISH_SECONDS_PER_TABLE = 5e-4


def generate(request: SeatingRequest) -> Schedule:
    """Seat ``request`` (see ``SeatingRequest``): the same schedule for the same seed."""
    deadline = time.monotonic() + max(0.0, request.time_budget) * 0.9
    specs, played, groupings = validate_request(request)
    stored = small_rounds(len(specs), request.fill)
    if (
        stored
        and request.rounds > stored
        and not played
        and not request.planned
        and request.method == "balanced"
    ):
        return small_exact_start(request, stored, deadline)
    problem = prepare(request, specs, played, groupings, deadline)
    if problem.dense:
        draft = structure(problem)
        search(problem, draft)
    else:
        draft = Draft(*large_rounds_of(problem))
    return report(problem, winds(problem, draft.new, draft.layouts), draft.construction)


def small_exact_start(request: SeatingRequest, stored: int, deadline: float) -> Schedule:
    """Fewer than four tables, past the rounds where every pair has met: the exact
    schedule of those rounds, then rounds made as after played ones (every further
    meeting is a repeat whatever they are; substitutes and byes stay shared fairly).  The
    winds go over the whole schedule at once (the first part fixed would leave some
    players short of a wind)."""

    def budget_left() -> float:
        return max(0.0, deadline - time.monotonic()) / 0.9

    first = generate(dataclasses.replace(request, rounds=stored, time_budget=budget_left()))
    rest = generate(dataclasses.replace(request, played=first.rounds, time_budget=budget_left()))
    seated = winds_by_round(rest.rounds, {}, set(rest.substitutes))
    rounds = tuple(tuple(tuple(t) for t in rnd) for rnd in seated)
    return dataclasses.replace(
        rest,
        rounds=rounds,
        quality=quality(rounds, rest.players, substitutes=rest.substitutes, teams=request.teams),
        played=0,
        construction=f"{first.construction}; then {rest.construction}",
    )


@dataclass
class Draft:
    """The new rounds as they are made (internal indices) and how they were made."""

    new: Rounds
    construction: str
    layouts: list[Rounds | None]  # re-drafts: each round's plan with its winds, refilled
    plan_tab: np.ndarray | None = None  # re-drafts: each player's table in the plan
    home: np.ndarray | None = None  # swiss: each player's table in standings order
    from_structure: bool = False  # a zero-repeat (or stored) structure
    fair_prefix: int = 0  # leading new rounds whose substitutes are shared fairly already
    shared: bool = False  # substitutes shared fairly afterwards (``share_substitutes``)

    @property
    def redraft(self) -> bool:
        return any(x is not None for x in self.layouts)


def large_rounds_of(problem: Problem) -> tuple[Rounds, str, list[Rounds | None]]:
    """The new rounds of a sparse event: structure and search of ``large``."""
    return large_rounds(
        problem.P,
        problem.n,
        problem.n_new,
        problem.played,
        problem.index,
        problem.plans,
        problem.new_byes,
        problem.group_codes,
        problem.history.sub_games,
        problem.k_sub,
        problem.request.method,
        problem.order,
        problem.rng,
        problem.deadline,
    )


def structure(problem: Problem) -> Draft:
    """The new rounds before the search: swiss tables in standings order; else the best
    known structure (relabelled when penalties count), or greedy rounds (a re-draft: the
    published plan, refilled); then the substitutes shared like byes."""
    n_new, P = problem.n_new, problem.P
    draft = Draft(
        new=[],
        construction="greedy",
        layouts=[None] * n_new,
        plan_tab=np.full((n_new, P), -1, dtype=np.int64),
    )
    if n_new == 0:
        return draft
    if not problem.balanced:
        swiss_rounds(problem, draft)
        return draft
    best = best_structure(problem)
    if best is not None:
        use_structure(problem, draft, *best)
    else:
        greedy_rounds(problem, draft)
    if problem.k_sub and not draft.redraft and problem.exact is None:
        share_fairly(problem, draft)
    return draft


def swiss_rounds(problem: Problem, draft: Draft) -> None:
    """Tables of four standings neighbours; each player's home table bounds the search."""
    n, P, index = problem.n, problem.P, problem.index
    draft.construction = "swiss (standings neighbours, swaps between adjacent tables)"
    order_idx = [index[p] for p in problem.order] + list(range(n, P))
    draft.home = np.zeros((problem.n_new, P), dtype=np.int64)
    for r in range(problem.n_new):
        byes_r = {index[p] for p in problem.new_byes[r]}
        act = [i for i in order_idx if i not in byes_r]
        tables = [act[4 * t : 4 * t + 4] for t in range(len(act) // 4)]
        for t, tbl in enumerate(tables):
            for i in tbl:
                draft.home[r, i] = t
        draft.new.append(tables)


def best_structure(problem: Problem) -> tuple[tuple[int, int], str, Rounds, int] | None:
    """The stored exact schedule of a small event, else (nothing played, no byes, no
    plan) the known structure with the fewest repeats: its score (repeats, -rounds it
    gives), name, rounds and the leading rounds that share substitutes fairly."""
    n_new, request = problem.n_new, problem.request
    if problem.exact is not None:
        return (0, -n_new), "stored schedule (small_bounds.json)", problem.exact[0], 0
    if problem.played or problem.n_bye or request.planned:
        return None
    best = None
    for name, struct in known_constructions(problem.P, n_new):
        found = try_structure(problem, name, struct)
        if best is None or found[0] < best[0]:
            best = found
        if found[0][0] <= problem.target and len(struct) >= n_new:
            break
    return best


def try_structure(
    problem: Problem, name: str, struct: Rounds
) -> tuple[tuple[int, int], str, Rounds, int]:
    """A structure labelled (substitutes where they are shared fairly), completed by
    greedy rounds or repeated, and scored by its repeats once substitutes are shared."""
    n, P, n_new, rng, costs = problem.n, problem.P, problem.n_new, problem.rng, problem.costs
    cand = [[list(t) for t in rnd] for rnd in struct[:n_new]]
    perm = structure_labels(cand, P, n, rng)
    fair_rounds = 0
    if problem.k_sub:
        perm, cand, fair_rounds = fair_structure(struct, P, n, n_new, perm, rng)
    cand = [[[perm[a] for a in t] for t in rnd] for rnd in cand]
    base = len(cand)
    Mc = meeting_counts(P, cand)
    for _ in range(n_new - base):
        cand.append(greedy_round(list(range(P)), Mc, costs, rng))
        meeting_counts(P, cand[-1:], Mc)
    if base < n_new:
        # a structure where every pair meets once, repeated, spreads the meetings
        # perfectly (16 players, 15 rounds: every pair three times)
        cycled = [[list(t) for t in cand[j % base]] for j in range(n_new)]
        Mcyc = meeting_counts(P, cycled)
        if costs.total(Mcyc) < costs.total(Mc) - EPS:
            cand, Mc, base = cycled, Mcyc, n_new
            name += " repeated"
    score = (costs.repeats(Mc), -min(base, n_new))
    if problem.k_sub and fair_rounds < n_new and P <= LIVE_SHARING_SEATS:
        # sharing the substitutes fairly breaks a structure: it is judged by the repeats
        # once they are shared (what the search starts from)
        trial = [[list(t) for t in rnd] for rnd in cand]
        F = problem.history.meetings
        share_substitutes(
            trial, n, problem.history.sub_games, None, P, rng, fair_rounds, (costs.add, F)
        )
        score = (costs.repeats(meeting_counts(P, trial)), -min(base, n_new))
    return score, name, cand, fair_rounds


def use_structure(
    problem: Problem, draft: Draft, score: tuple[int, int], name: str, rounds: Rounds, fair: int
) -> None:
    """Start from a structure; with penalties (groups, substitutes) its labels are
    improved by swaps that keep its repeats."""
    draft.construction, draft.new, draft.fair_prefix = name, rounds, fair
    draft.from_structure = True
    if score[1] > -problem.n_new:
        draft.construction += " + greedy rounds"
    costs = problem.costs
    if costs.Pen.any() and problem.P <= 400:
        iters = problem.request.max_iterations
        iters = iters if iters is not None else 300
        draft.new = relabel(
            draft.new, costs, problem.rng, iters, problem.deadline, n_real=problem.n
        )
        draft.construction += " + relabelling"


def greedy_rounds(problem: Problem, draft: Draft) -> None:
    """Greedy rounds, cheapest table first; a re-draft starts each round from its
    published plan instead (fewest seats changed)."""
    P, index, costs, rng = problem.P, problem.index, problem.costs, problem.rng
    M = problem.history.meetings.copy()
    if any(plan is not None for plan in problem.plans):
        draft.construction = "published plan, fewest seats changed"
    for r in range(problem.n_new):
        byes_r = {index[p] for p in problem.new_byes[r]}
        act = [i for i in range(P) if i not in byes_r]
        plan = problem.plans[r]
        if plan is not None:
            add = costs.add(M)
            tables, draft.plan_tab[r] = from_plan(
                plan, act, lambda x, ys, add=add: float(add[x, ys].sum()), P, rng
            )
            draft.layouts[r] = tables
            draft.new.append([list(t) for t in tables])
        else:
            draft.new.append(greedy_round(act, M, costs, rng))
        meeting_counts(P, draft.new[-1:], M)


def share_fairly(problem: Problem, draft: Draft) -> None:
    """Substitutes shared like byes: fewest games with a substitute first.  Not in a
    re-draft: there the substitutes take the seats of the players who left, as published
    (in a zero-repeat plan, moving them costs repeats: 24 instead of 0 for 28 players, 9
    rounds, two drops after round 4)."""
    n, P, rng, costs = problem.n, problem.P, problem.rng, problem.costs
    F, sub_games = problem.history.meetings, problem.history.sub_games
    if P <= LIVE_SHARING_SEATS:
        share_substitutes(draft.new, n, sub_games, None, P, rng, draft.fair_prefix, (costs.add, F))
    else:
        add = costs.add(F)  # the meetings of played rounds only
        share_substitutes(
            draft.new,
            n,
            sub_games,
            lambda x, ys: float(add[x, ys].sum()),
            P,
            rng,
            draft.fair_prefix,
        )
    draft.shared = True
    draft.construction += " + substitutes shared evenly"


def search(problem: Problem, draft: Draft) -> None:
    """Tabu search over swaps when the new rounds are above the target (and the matrices
    small enough); it stops early enough for the winds and the report."""
    n, P, costs, request = problem.n, problem.P, problem.costs, problem.request
    if not draft.new:
        return
    F = problem.history.meetings
    need = costs.total(meeting_counts(P, draft.new, F.copy())) > problem.target + EPS
    if problem.exact is not None and not costs.Pen[:n, :n].any():
        need = False  # the fewest repeats already (the spread of meetings aside)
    if not need or problem.n_new * P * P > 4_000_000:
        return
    iters = search_iterations(problem, draft)
    moves = draft.plan_tab if draft.redraft else None
    fair = None
    if draft.shared or (problem.exact is not None and problem.k_sub):
        fair = (n, problem.history.sub_games)
    tables = (len(problem.played) + problem.n_new) * (P // 4)
    reserve = min(0.3 * request.time_budget, FINISH_SECONDS_PER_TABLE * tables)
    stop = problem.deadline - reserve
    draft.new, _ = tabu_search(
        draft.new, F, costs, problem.rng, iters, stop, problem.target, draft.home, moves, None, fair
    )
    draft.construction += f" + tabu search ({iters} iterations max)"


def search_iterations(problem: Problem, draft: Draft) -> int:
    """``max_iterations``, else a deterministic count sized to about half the time budget
    on a ~2020 laptop core (the time budget itself is only a safety cap): fewer from a
    structure or a re-draft, which start close to their end."""
    request = problem.request
    if request.max_iterations is not None:
        return request.max_iterations
    work = problem.n_new * problem.P * problem.P
    iters = int(min(request.time_budget, 60.0) / 2.0 / (1.5e-4 + 4e-8 * work))
    iters = max(200, min(20000, iters))
    if not problem.balanced or (draft.from_structure and not draft.shared):
        return min(iters, 3000)
    if draft.redraft:
        return min(iters, 6000)
    return iters
