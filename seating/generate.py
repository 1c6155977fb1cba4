"""``generate``: structure, labels, search, winds (see the package docstring)."""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Mapping, Sequence

import numpy as np

from . import large
from .bounds import small_repeats, small_rounds
from .constructions import known_constructions
from .finish import finish_schedule, small_exact_rounds
from .groups import all_groupings, grouping_codes
from .large import large_rounds
from .quality import lower_bound_games, quality, validate
from .redraft import bye_preference, from_plan
from .search import Costs, greedy_round, meeting_counts, relabel, structure_labels, tabu_search
from .substitutes import fair_structure, share_substitutes
from .types import (
    EPS,
    SUBSTITUTE_PAIR_PENALTY,
    WIND_CLASH_PENALTY,
    Grouping,
    PlayerSpec,
    Round,
    Schedule,
)
from .winds import assign_winds

# Above this many seats the substitutes are shared against the played rounds' meetings
# only: weighing every other new round costs a P x P matrix per round (about 67 ms at 1500).
LIVE_SHARING_SEATS = 400

# The tabu search stops early enough for the winds and the quality report to fit in the
# time budget: about twice what they take per table on one quiet core (168 players x 55
# rounds, 2310 tables: 0.6 s), so a loaded machine stays inside it too.
FINISH_SECONDS_PER_TABLE = 5e-4


def _norm_players(players: Sequence[PlayerSpec | int] | int) -> list[PlayerSpec]:
    if isinstance(players, int):
        return [PlayerSpec(i) for i in range(players)]
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(int(p)) for p in players]
    ids = [s.id for s in specs]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate player ids")
    if any(i < 0 for i in ids):
        raise ValueError("player ids must be >= 0 (negative ids denote substitutes)")
    return specs


def generate(
    players: Sequence[PlayerSpec | int] | int,
    rounds: int,
    *,
    seed: int | str = 0,
    played: Sequence[Round] = (),
    avoid_club_weight: float | None = None,
    avoid_country_weight: float = 0.0,
    teams: Mapping[int, str] | None = None,
    avoid_team_weight: float | None = None,
    groupings: Sequence[Grouping] = (),
    method: str = "balanced",
    standings_order: Sequence[int] | None = None,
    fill: str = "substitutes",
    time_budget: float = 10.0,
    max_iterations: int | None = None,
    planned: Sequence[Round] = (),
) -> Schedule:
    """Seat ``players`` for ``rounds`` rounds in total.

    ``played``: rounds already played (kept unchanged; the result contains them followed
    by ``rounds - len(played)`` new rounds).  ``players`` are the players still active,
    so a dropped player is simply left out.  ``method="swiss"`` forms the new rounds
    from neighbours in ``standings_order`` (best first), only exchanging players between
    adjacent tables to avoid repeats.  ``fill``: "substitutes" adds placeholder players
    with negative ids when the count is not a multiple of 4, "byes" lets players sit
    out (spread evenly).  Deterministic for a given seed; ``time_budget`` (seconds) is
    only a safety cap, the search normally stops on its iteration count.

    ``planned``: the schedule made before (all rounds, same indexing as ``played``).
    When re-seating after drops it is used as the starting point of the new rounds:
    tables without a dropped player are kept, the others are refilled (substitutes
    first, then greedy) and the tabu search repairs the rest.  This keeps most of a
    zero-repeat construction intact.

    Groups to keep apart: clubs (``PlayerSpec.club``), countries, ``teams`` (player id ->
    team) and any further ``groupings``.  Clubs and teams are kept apart by default
    (``DEFAULT_GROUP_WEIGHT``, below a repeat: repeats stay first) whenever they are
    given; a weight of 0 turns that off.  Countries are only kept apart on request.
    """
    t0 = time.monotonic()
    deadline = t0 + max(0.0, time_budget) * 0.9
    specs = _norm_players(players)
    played_rounds = [[tuple(int(x) for x in t) for t in r] for r in played]
    validate(played_rounds)
    n = len(specs)
    if n < 4:
        raise ValueError("need at least 4 players")
    if rounds < len(played_rounds):
        raise ValueError("rounds must be at least the number of played rounds")
    if method not in ("balanced", "swiss"):
        raise ValueError("method must be 'balanced' or 'swiss'")
    if fill not in ("substitutes", "byes"):
        raise ValueError("fill must be 'substitutes' or 'byes'")
    rng = random.Random(f"seating:{seed}")
    n_new = rounds - len(played_rounds)
    stored = small_rounds(n, fill)
    if stored and n_new > stored and not played_rounds and not planned and method == "balanced":
        # fewer than four tables, past the rounds where every pair has met: the exact
        # schedule of those rounds, then rounds made as after played ones (every further
        # meeting is a repeat whatever they are; substitutes and byes stay shared fairly)
        kwargs = {
            "seed": seed,
            "avoid_club_weight": avoid_club_weight,
            "avoid_country_weight": avoid_country_weight,
            "teams": teams,
            "avoid_team_weight": avoid_team_weight,
            "groupings": groupings,
            "fill": fill,
            "time_budget": max(0.0, deadline - time.monotonic()) / 0.9,
            "max_iterations": max_iterations,
        }
        first = generate(players, stored, **kwargs)
        kwargs["time_budget"] = max(0.0, deadline - time.monotonic()) / 0.9
        rest = generate(players, rounds, played=first.rounds, **kwargs)
        # winds over the whole schedule at once (the first part fixed would leave some
        # players short of a wind)
        flat = [list(t) for rnd in rest.rounds for t in rnd]
        ordered = assign_winds(flat, {}, set(rest.substitutes))
        seated, pos = [], 0
        for rnd in rest.rounds:
            seated.append(tuple(tuple(t) for t in ordered[pos : pos + len(rnd)]))
            pos += len(rnd)
        q = quality(seated, rest.players, substitutes=rest.substitutes, teams=teams)
        return dataclasses.replace(
            rest,
            rounds=tuple(seated),
            quality=q,
            played=0,
            construction=f"{first.construction}; then {rest.construction}",
        )

    # internal indices: real players 0..n-1, substitutes n..P-1
    ids = [s.id for s in specs]
    k_sub = (-n) % 4 if fill == "substitutes" else 0
    used_subs = sorted(
        {p for r in (*played_rounds, *planned) for t in r for p in t if p < 0}, reverse=True
    )
    sub_ids = (used_subs + [x for x in range(-1, -10, -1) if x not in used_subs])[:k_sub]
    all_ids = ids + sub_ids
    P = len(all_ids)
    index = {p: i for i, p in enumerate(all_ids)}
    n_bye = n % 4 if fill == "byes" else 0

    group_codes = grouping_codes(
        specs,
        all_groupings(
            specs, avoid_club_weight, avoid_country_weight, teams, avoid_team_weight, groupings
        ),
    )
    # dense P x P matrices up to DENSE_LIMIT seats, sparse counts above (large.py)
    dense = P <= large.DENSE_LIMIT
    if dense:
        W = np.zeros((P, P))
        W[:n, :n] = 1.0
        Pen = np.zeros((P, P))
        for codes, weight in group_codes:
            same = (codes[:, None] == codes[None, :]) & (codes[:, None] >= 0)
            Pen[:n, :n] += weight * same
        Pen[n:, n:] = SUBSTITUTE_PAIR_PENALTY
        np.fill_diagonal(W, 0.0)
        np.fill_diagonal(Pen, 0.0)
        costs = Costs(W, Pen)
        has_pen = bool(Pen.any())

    # fixed meetings among the active players, games played so far
    F = np.zeros((P, P) if dense else (1, 1), dtype=np.int64)
    fixed_slots = np.zeros(n, dtype=np.int64)
    prior_winds: dict[int, list[int]] = {}
    bye_count = dict.fromkeys(ids, 0)
    prior_games = np.zeros(P, dtype=np.int64)
    sub_games = np.zeros(n, dtype=np.int64)  # games at a table with a substitute
    for rnd in played_rounds:
        seated = set()
        for t in rnd:
            if any(p < 0 for p in t):
                for p in t:
                    if p >= 0 and p in index:
                        sub_games[index[p]] += 1
            for p in t:
                if p in index and p >= 0:
                    prior_games[index[p]] += 1
            act = [index[p] for p in t if p in index and p >= 0]
            for a in act:
                fixed_slots[a] += len(act) - 1
                if dense:
                    for b in act:
                        if a != b:
                            F[a, b] += 1
            for w, p in enumerate(t):
                seated.add(p)
                if p in index:
                    prior_winds.setdefault(index[p], [0, 0, 0, 0])[w] += 1
        for p in ids:
            if p not in seated:
                bye_count[p] += 1

    # byes for the new rounds: fewest byes first (ties: lowest standing / random)
    if method == "swiss":
        order = list(standings_order) if standings_order is not None else list(ids)
        known = set(ids)
        order = [p for p in order if p in known]
        order += [p for p in ids if p not in set(order)]
        rank = {p: i for i, p in enumerate(order)}
    # re-drafting: the published plan of each new round (internal indices, None: a seat
    # whose player is gone), kept as far as possible
    plans: list[list[list[int | None]] | None] = [None] * n_new
    if method == "balanced" and planned:
        for j in range(n_new):
            a = len(played_rounds) + j
            if a < len(planned) and planned[a]:
                plans[j] = [[index.get(int(p)) for p in t] for t in planned[a]]
    new_byes: list[list[int]] = []
    for j in range(n_new):
        if n_bye == 0:
            new_byes.append([])
            continue
        plan = plans[j]
        if method == "swiss":
            key = {p: (bye_count[p], -rank[p]) for p in ids}
        else:
            # fewest byes first; among equals, players the plan does not seat, then the
            # players of the tables the plan gives up (fewest seats change)
            prefer = bye_preference(plan, n - n_bye) if plan else {}
            tie = {p: rng.random() for p in ids}
            key = {p: (bye_count[p], prefer.get(index[p], -1), tie[p]) for p in ids}
        chosen = sorted(ids, key=lambda p: key[p])[:n_bye]
        for p in chosen:
            bye_count[p] += 1
        new_byes.append(sorted(chosen))

    # fewer than four tables: the stored schedule of small_bounds.json (its byes too;
    # exact but for the round counts past a search that stopped)
    exact = None
    if not played_rounds and not planned and method == "balanced" and n_new:
        exact = small_exact_rounds(n, n_new, fill, P, rng)
        if exact is not None:
            exact_rounds, exact_byes = exact
            bye_count = dict.fromkeys(ids, 0)
            new_byes = []
            for b in exact_byes:
                new_byes.append(sorted(ids[i] for i in b))
                for i in b:
                    bye_count[ids[i]] += 1

    # players of every game: G, used for the search target
    games = {index[p]: len(played_rounds) + n_new - bye_count[p] for p in ids}
    slots = {
        i: int(fixed_slots[i]) + 3 * (games[i] - int(prior_games[i])) - (n_new if k_sub else 0)
        for i in games
    }
    target = float(lower_bound_games(games, slots, n))
    if not played_rounds and P <= 12 + 3:  # fewer than four tables: the exact bound
        target = max(target, float(small_repeats(n, n_new, fill) or 0))

    def finish(new: list[list[list[int]]], construction: str, layouts: list) -> Schedule:
        return finish_schedule(
            new,
            construction,
            layouts,
            plans=plans,
            planned=planned,
            played_rounds=played_rounds,
            prior_winds=prior_winds,
            all_ids=all_ids,
            ids=ids,
            new_byes=new_byes,
            sub_ids=sub_ids,
            specs=specs,
            teams=teams,
            n=n,
            P=P,
        )

    if not dense:
        return finish(
            *large_rounds(
                P,
                n,
                n_new,
                played_rounds,
                index,
                plans,
                new_byes,
                group_codes,
                sub_games,
                k_sub,
                method,
                order if method == "swiss" else None,
                rng,
                deadline,
            )
        )

    if played_rounds and n_new == 1:
        # next round with fixed earlier winds: two players who both need the same
        # wind cannot both get it at one table; penalise such pairs
        allowed: list[set[int] | None] = []
        for i in range(n):
            g, prior = games[i], prior_winds.get(i, [0, 0, 0, 0])
            if g == prior_games[i]:  # bye this round
                allowed.append(None)
                continue
            need = [w for w in range(4) if prior[w] < g // 4]
            cap = [w for w in range(4) if prior[w] < math.ceil(g / 4)]
            allowed.append(set(need) if len(need) == 1 else set(cap))
        for i in range(n):
            for j in range(i + 1, n):
                ai, aj = allowed[i], allowed[j]
                if ai and aj and len(ai) <= 2 and len(aj) <= 2:
                    w = WIND_CLASH_PENALTY * len(ai & aj) / (len(ai) * len(aj))
                    if w:
                        Pen[i, j] += w
                        Pen[j, i] += w
        has_pen = bool(Pen.any())

    construction = "greedy"
    fair_prefix = 0  # leading new rounds whose substitutes are shared fairly already
    new: list[list[list[int]]] = []
    home = None
    best_struct = None
    plan_tab = np.full((n_new, P), -1, dtype=np.int64)  # table of each player in the plan
    layouts: list[list[list[int]] | None] = [None] * n_new  # the plan's winds, refilled
    if n_new == 0:
        pass
    elif method == "swiss":
        construction = "swiss (standings neighbours, swaps between adjacent tables)"
        order_idx = [index[p] for p in order] + list(range(n, P))
        home = np.zeros((n_new, P), dtype=np.int64)
        for r in range(n_new):
            byes_r = {index[p] for p in new_byes[r]}
            act = [i for i in order_idx if i not in byes_r]
            tables = [act[4 * t : 4 * t + 4] for t in range(len(act) // 4)]
            for t, tbl in enumerate(tables):
                for i in tbl:
                    home[r, i] = t
            new.append(tables)
    else:
        M = F.copy()
        if exact is not None:
            best_struct = ((0, -n_new), "stored schedule (small_bounds.json)", exact[0])
        elif not played_rounds and n_bye == 0 and not planned:
            for name, struct in known_constructions(P, n_new):
                cand = [[list(t) for t in rnd] for rnd in struct[:n_new]]
                perm = structure_labels(cand, P, n, rng)
                fair_rounds = 0
                if k_sub:
                    perm, cand, fair_rounds = fair_structure(struct, P, n, n_new, perm, rng)
                cand = [[[perm[a] for a in t] for t in rnd] for rnd in cand]
                base = len(cand)
                Mc = meeting_counts(P, cand)
                for _ in range(n_new - base):
                    cand.append(greedy_round(list(range(P)), Mc, costs, rng))
                    meeting_counts(P, cand[-1:], Mc)
                if base < n_new:
                    # a structure where every pair meets once, repeated, spreads the
                    # meetings perfectly (16 players, 15 rounds: every pair three times)
                    cycled = [[list(t) for t in cand[j % base]] for j in range(n_new)]
                    Mcyc = meeting_counts(P, cycled)
                    if costs.total(Mcyc) < costs.total(Mc) - EPS:
                        cand, Mc, base = cycled, Mcyc, n_new
                        name += " repeated"
                score = (costs.repeats(Mc), -min(base, n_new))
                if k_sub and fair_rounds < n_new and P <= LIVE_SHARING_SEATS:
                    # sharing the substitutes fairly breaks a structure: it is judged by
                    # the repeats once they are shared (what the search starts from)
                    trial = [[list(t) for t in rnd] for rnd in cand]
                    share_substitutes(
                        trial, n, sub_games, None, P, rng, fair_rounds, (costs.add, F)
                    )
                    score = (costs.repeats(meeting_counts(P, trial)), -min(base, n_new))
                if best_struct is None or score < best_struct[0]:
                    best_struct = (score, name, cand)
                    fair_prefix = fair_rounds
                if score[0] <= target and len(struct) >= n_new:
                    break
        if best_struct is not None:
            construction = best_struct[1]
            new = best_struct[2]
            if best_struct[0][1] > -n_new:
                construction += " + greedy rounds"
            if has_pen and P <= 400:
                iters = max_iterations if max_iterations is not None else 300
                new = relabel(new, costs, rng, iters, deadline, n_real=n)
                construction += " + relabelling"
        else:
            if any(plan is not None for plan in plans):
                construction = "published plan, fewest seats changed"
            for r in range(n_new):
                byes_r = {index[p] for p in new_byes[r]}
                act = [i for i in range(P) if i not in byes_r]
                plan = plans[r]
                if plan is not None:
                    add = costs.add(M)
                    tables, plan_tab[r] = from_plan(
                        plan, act, lambda x, ys, add=add: float(add[x, ys].sum()), P, rng
                    )
                    layouts[r] = tables
                    new.append([list(t) for t in tables])
                else:
                    new.append(greedy_round(act, M, costs, rng))
                meeting_counts(P, new[-1:], M)

    sub_cls = None
    if (
        new
        and k_sub
        and method == "balanced"
        and not any(x is not None for x in layouts)
        and exact is None  # shared fairly already
    ):
        # substitutes shared like byes: fewest games with a substitute first.  Not in a
        # re-draft: the substitutes take the seats of the players who left, as published
        # (in a zero-repeat plan, moving them costs repeats: 24 instead of 0 for 28
        # players, 9 rounds, two drops after round 4)
        if P <= LIVE_SHARING_SEATS:
            sub_cls = share_substitutes(
                new, n, sub_games, None, P, rng, fair_prefix, (costs.add, F)
            )
        else:
            add = costs.add(F)  # the meetings of played rounds only
            sub_cls = share_substitutes(
                new, n, sub_games, lambda x, ys: float(add[x, ys].sum()), P, rng, fair_prefix
            )
        construction += " + substitutes shared evenly"

    if new:
        Mnow = meeting_counts(P, new, F.copy())
        need = costs.total(Mnow) > target + EPS
        if exact is not None and not Pen[:n, :n].any():
            need = False  # the fewest repeats already (the spread of meetings aside)
        size_ok = n_new * P * P <= 4_000_000
        if need and size_ok:
            iters = max_iterations
            if iters is None:
                # deterministic iteration count sized to about half the time budget on
                # a ~2020 laptop core; the time budget itself is only a safety cap
                work = n_new * P * P
                iters = int(min(time_budget, 60.0) / 2.0 / (1.5e-4 + 4e-8 * work))
                iters = max(200, min(20000, iters))
                if method == "swiss" or (best_struct is not None and sub_cls is None):
                    iters = min(iters, 3000)
                elif any(x is not None for x in layouts):
                    iters = min(iters, 6000)  # a re-draft starts close to its end
            moves = plan_tab if any(x is not None for x in layouts) else None
            fair = (n, sub_games) if sub_cls is not None or (exact and k_sub) else None
            tables = (len(played_rounds) + n_new) * (P // 4)
            reserve = min(0.3 * time_budget, FINISH_SECONDS_PER_TABLE * tables)
            stop = deadline - reserve
            new, _ = tabu_search(new, F, costs, rng, iters, stop, target, home, moves, None, fair)
            construction += f" + tabu search ({iters} iterations max)"

    return finish(new, construction, layouts)
