"""``generate``'s first phases: the request validated, then put in internal indices (real
players 0..n-1, substitutes n..P-1) with what the played rounds fix, the byes of the new
rounds, the stored exact schedule of a small event and the repeats to aim at."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .bounds import small_repeats, small_schedule, table_caps
from .groups import all_groupings, grouping_codes
from .large import DENSE_LIMIT
from .quality import lower_bound_games, validate
from .redraft import bye_preference
from .search import Costs
from .types import (
    SUBSTITUTE_PAIR_PENALTY,
    WIND_CLASH_PENALTY,
    Grouping,
    PlayerSpec,
    SeatingRequest,
    Table,
)

# the new rounds in internal indices: per round the tables, per table the players
Rounds = list[list[list[int]]]


def validate_request(
    request: SeatingRequest,
) -> tuple[list[PlayerSpec], list[list[Table]], list[Grouping]]:
    """The players, the played rounds and the groupings to keep apart, or a ValueError
    that says what is wrong."""
    specs = player_specs(request.players)
    played = [[tuple(int(x) for x in t) for t in r] for r in request.played]
    validate(played)
    if len(specs) < 4:
        raise ValueError("need at least 4 players")
    if request.rounds < len(played):
        raise ValueError("rounds must be at least the number of played rounds")
    if request.method not in ("balanced", "swiss"):
        raise ValueError("method must be 'balanced' or 'swiss'")
    if request.fill not in ("substitutes", "byes"):
        raise ValueError("fill must be 'substitutes' or 'byes'")
    groupings = all_groupings(
        specs,
        request.avoid_club_weight,
        request.avoid_country_weight,
        request.teams,
        request.avoid_team_weight,
        request.groupings,
    )
    return specs, played, groupings


def player_specs(players: Sequence[PlayerSpec | int] | int) -> list[PlayerSpec]:
    if isinstance(players, int):
        return [PlayerSpec(i) for i in range(players)]
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(int(p)) for p in players]
    ids = [s.id for s in specs]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate player ids")
    if any(i < 0 for i in ids):
        raise ValueError("player ids must be >= 0 (negative ids denote substitutes)")
    return specs


@dataclass
class History:
    """What the played rounds fix for the players still active (internal indices)."""

    meetings: np.ndarray  # P x P meetings so far (dense events only; 1 x 1 otherwise)
    slots: np.ndarray  # per real player: seats next to other active players so far
    winds: dict[int, list[int]]  # per player: games at each wind so far
    byes: dict[int, int]  # per player id: byes so far
    games: np.ndarray  # per player: games so far
    sub_games: np.ndarray  # per real player: games at a table with a substitute


@dataclass
class Problem:
    """The request in internal indices, what the played rounds fix, the byes and plans of
    the new rounds, and the repeats to aim at (``target``)."""

    request: SeatingRequest
    specs: list[PlayerSpec]
    played: list[list[Table]]
    rng: random.Random
    deadline: float  # time.monotonic() limit of the whole call
    ids: list[int]  # real player ids by index
    sub_ids: list[int]  # the substitutes' (negative) ids, indices n..P-1
    group_codes: list[tuple[np.ndarray, float]]
    history: History
    costs: Costs | None = None  # pair costs of a dense event (None: sparse, ``large``)
    order: list[int] | None = None  # swiss: player ids, best standing first
    # re-drafts: the published plan of each new round (None: none)
    plans: list[list[list[int | None]] | None] = field(default_factory=list)
    new_byes: list[list[int]] = field(default_factory=list)  # ids sitting out, per new round
    exact: tuple[Rounds, list[list[int]]] | None = None  # small events: stored schedule
    games: dict[int, int] = field(default_factory=dict)  # per real player: games in all
    target: float = 0.0  # repeats (with penalties) the search may stop at

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def all_ids(self) -> list[int]:
        return self.ids + self.sub_ids

    @property
    def P(self) -> int:
        return len(self.ids) + len(self.sub_ids)

    @property
    def index(self) -> dict[int, int]:
        return {p: i for i, p in enumerate(self.all_ids)}

    @property
    def k_sub(self) -> int:
        return len(self.sub_ids)

    @property
    def n_bye(self) -> int:
        return self.n % 4 if self.request.fill == "byes" else 0

    @property
    def n_new(self) -> int:
        return self.request.rounds - len(self.played)

    @property
    def dense(self) -> bool:
        """Dense P x P matrices up to ``DENSE_LIMIT`` seats, sparse counts above."""
        return self.P <= DENSE_LIMIT

    @property
    def balanced(self) -> bool:
        return self.request.method == "balanced"


def prepare(
    request: SeatingRequest,
    specs: list[PlayerSpec],
    played: list[list[Table]],
    groupings: list[Grouping],
    deadline: float,
) -> Problem:
    """The validated request as a ``Problem``: indices, costs, history, byes, the stored
    exact schedule of a small event, the target and (next round after played ones) the
    wind clashes."""
    ids = [s.id for s in specs]
    sub_ids = substitute_ids(request, len(ids), played)
    index = {p: i for i, p in enumerate(ids + sub_ids)}
    dense = len(ids) + len(sub_ids) <= DENSE_LIMIT
    problem = Problem(
        request=request,
        specs=specs,
        played=played,
        rng=random.Random(f"seating:{request.seed}"),
        deadline=deadline,
        ids=ids,
        sub_ids=sub_ids,
        group_codes=grouping_codes(specs, groupings),
        history=history(played, ids, index, len(ids) + len(sub_ids), dense),
    )
    if dense:
        problem.costs = dense_costs(problem)
    if request.method == "swiss":
        problem.order = standings(request.standings_order, ids)
    problem.plans = plans(problem)
    problem.new_byes, bye_count = new_byes(problem)
    problem.exact = exact_start(problem)
    if problem.exact is not None:
        problem.new_byes, bye_count = exact_byes(problem)
    problem.games = {index[p]: len(played) + problem.n_new - bye_count[p] for p in ids}
    problem.target = target(problem)
    if dense and played and problem.n_new == 1:
        penalise_wind_clashes(problem)
    return problem


def substitute_ids(request: SeatingRequest, n: int, played: list[list[Table]]) -> list[int]:
    """The substitutes' ids: those of the played and planned rounds first."""
    k_sub = (-n) % 4 if request.fill == "substitutes" else 0
    used = sorted(
        {p for r in (*played, *request.planned) for t in r for p in t if p < 0}, reverse=True
    )
    return (used + [x for x in range(-1, -10, -1) if x not in used])[:k_sub]


def dense_costs(problem: Problem) -> Costs:
    """A repeat of real players weighs 1, a meeting within a group its weight, two
    substitutes at a table ``SUBSTITUTE_PAIR_PENALTY``."""
    n, P = problem.n, problem.P
    W = np.zeros((P, P))
    W[:n, :n] = 1.0
    Pen = np.zeros((P, P))
    for codes, weight in problem.group_codes:
        same = (codes[:, None] == codes[None, :]) & (codes[:, None] >= 0)
        Pen[:n, :n] += weight * same
    Pen[n:, n:] = SUBSTITUTE_PAIR_PENALTY
    np.fill_diagonal(W, 0.0)
    np.fill_diagonal(Pen, 0.0)
    return Costs(W, Pen)


def history(
    played: list[list[Table]], ids: list[int], index: dict[int, int], P: int, dense: bool
) -> History:
    """Meetings, seats, winds, byes and games with a substitute of the played rounds."""
    n = len(ids)
    past = History(
        meetings=np.zeros((P, P) if dense else (1, 1), dtype=np.int64),
        slots=np.zeros(n, dtype=np.int64),
        winds={},
        byes=dict.fromkeys(ids, 0),
        games=np.zeros(P, dtype=np.int64),
        sub_games=np.zeros(n, dtype=np.int64),
    )
    for rnd in played:
        seated = set()
        for t in rnd:
            if any(p < 0 for p in t):
                for p in t:
                    if p >= 0 and p in index:
                        past.sub_games[index[p]] += 1
            for p in t:
                if p in index and p >= 0:
                    past.games[index[p]] += 1
            act = [index[p] for p in t if p in index and p >= 0]
            for a in act:
                past.slots[a] += len(act) - 1
                if dense:
                    for b in act:
                        if a != b:
                            past.meetings[a, b] += 1
            for w, p in enumerate(t):
                seated.add(p)
                if p in index:
                    past.winds.setdefault(index[p], [0, 0, 0, 0])[w] += 1
        for p in ids:
            if p not in seated:
                past.byes[p] += 1
    return past


def standings(order: Sequence[int] | None, ids: list[int]) -> list[int]:
    """The active players, best first: ``order`` first, then those it leaves out."""
    ranked = list(order) if order is not None else list(ids)
    known = set(ids)
    ranked = [p for p in ranked if p in known]
    ranked += [p for p in ids if p not in set(ranked)]
    return ranked


def plans(problem: Problem) -> list[list[list[int | None]] | None]:
    """Re-drafting: the published plan of each new round in internal indices (None: a
    seat whose player is gone), kept as far as possible."""
    request = problem.request
    out: list[list[list[int | None]] | None] = [None] * problem.n_new
    if problem.balanced and request.planned:
        index = problem.index
        for j in range(problem.n_new):
            a = len(problem.played) + j
            if a < len(request.planned) and request.planned[a]:
                out[j] = [[index.get(int(p)) for p in t] for t in request.planned[a]]
    return out


def new_byes(problem: Problem) -> tuple[list[list[int]], dict[int, int]]:
    """Who sits out each new round, and everybody's byes then: fewest byes first (ties:
    swiss the lowest standing; balanced the players the plan does not seat, then those of
    the tables it gives up, then at random)."""
    ids, n_bye, rng = problem.ids, problem.n_bye, problem.rng
    bye_count = dict(problem.history.byes)
    rank = {p: i for i, p in enumerate(problem.order or ())}
    index = problem.index
    out: list[list[int]] = []
    for j in range(problem.n_new):
        if n_bye == 0:
            out.append([])
            continue
        plan = problem.plans[j]
        if not problem.balanced:
            key = {p: (bye_count[p], -rank[p]) for p in ids}
        else:
            prefer = bye_preference(plan, problem.n - n_bye) if plan else {}
            tie = {p: rng.random() for p in ids}
            key = {p: (bye_count[p], prefer.get(index[p], -1), tie[p]) for p in ids}
        chosen = sorted(ids, key=lambda p: key[p])[:n_bye]
        for p in chosen:
            bye_count[p] += 1
        out.append(sorted(chosen))
    return out, bye_count


def exact_start(problem: Problem) -> tuple[Rounds, list[list[int]]] | None:
    """Fewer than four tables and nothing played: the stored schedule of
    small_bounds.json (exact but for the round counts past a search that stopped)."""
    request = problem.request
    if problem.played or request.planned or not problem.balanced or not problem.n_new:
        return None
    return small_exact_rounds(problem.n, problem.n_new, request.fill, problem.P, problem.rng)


def small_exact_rounds(
    n: int, n_new: int, fill: str, P: int, rng: random.Random
) -> tuple[Rounds, list[list[int]]] | None:
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
    rounds: Rounds = []
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


def exact_byes(problem: Problem) -> tuple[list[list[int]], dict[int, int]]:
    """The byes of the stored exact schedule (player ids), and everybody's byes then."""
    ids, (_rounds, byes) = problem.ids, problem.exact
    bye_count = dict.fromkeys(ids, 0)
    out = []
    for b in byes:
        out.append(sorted(ids[i] for i in b))
        for i in b:
            bye_count[ids[i]] += 1
    return out, bye_count


def target(problem: Problem) -> float:
    """The counting lower bound on the repeats of the whole schedule (fewer than four
    tables and nothing played: the exact one)."""
    past, games = problem.history, problem.games
    n_new = problem.n_new
    slots = {
        i: int(past.slots[i])
        + 3 * (games[i] - int(past.games[i]))
        - (n_new if problem.k_sub else 0)
        for i in games
    }
    bound = float(lower_bound_games(games, slots, problem.n))
    if not problem.played and problem.P <= 12 + 3:
        bound = max(bound, float(small_repeats(problem.n, n_new, problem.request.fill) or 0))
    return bound


def penalise_wind_clashes(problem: Problem) -> None:
    """Next round with fixed earlier winds: two players who both need the same wind cannot
    both get it at one table; such pairs get a penalty."""
    n, games, past = problem.n, problem.games, problem.history
    Pen = problem.costs.Pen
    allowed: list[set[int] | None] = []
    for i in range(n):
        g, prior = games[i], past.winds.get(i, [0, 0, 0, 0])
        if g == past.games[i]:  # bye this round
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
