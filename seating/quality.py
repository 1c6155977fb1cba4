"""Quality of a schedule: repeats, the counting lower bound, winds, clubs; validation and
the director's manual swap."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .bounds import small_repeats, table_caps
from .types import PlayerSpec, Quality, Round, Schedule

# player counts for which zero repeats are impossible below the counting limit
# (20 players: 5 rounds at most, the social golfer instance 5-4-6 has no solution;
# 8 and 12 players: a second round must seat two players of one first-round table together)
_MAX_ZERO_REPEAT_ROUNDS = {4: 1, 8: 1, 12: 1, 20: 5}


def lower_bound(players: int, rounds: int, fill: str = "substitutes") -> int:
    """Fewest repeats for ``players`` over ``rounds`` rounds: exact for the small events
    of ``seating/data/small_bounds.json`` (fewer than four tables, substitutes
    and byes shared as ``generate`` shares them: fewest first; a bound only past the proven
    rounds of an entry marked ``partial``), else the counting bound for players who all play
    every round."""
    exact = small_repeats(players, rounds, fill)
    if exact is not None:
        return exact
    if 3 * rounds <= players - 1:
        return 1 if rounds > _MAX_ZERO_REPEAT_ROUNDS.get(players, rounds) else 0
    return max(1, math.ceil(players * (3 * rounds - players + 1) / 2))


def lower_bound_games(games: dict[int, int], slots: dict[int, int], n_real: int) -> int:
    total = sum(max(0, slots.get(p, 0) - (n_real - 1)) for p in games)
    lb = math.ceil(total / 2)
    if lb == 0 and games:
        rounds = max(games.values())
        if (
            all(g == rounds for g in games.values())
            and len(games) == n_real
            and lower_bound(n_real, rounds) > 0
            and all(slots.get(p, 0) == 3 * rounds for p in games)
        ):
            lb = 1
    return lb


def quality(
    rounds: Iterable[Round],
    players: Sequence[PlayerSpec | int] | None = None,
    *,
    substitutes: Iterable[int] | None = None,
    teams: Mapping[int, str] | None = None,
) -> Quality:
    """Quality report of a schedule (tables listed in wind order E, S, W, N).

    Substitutes (by default: negative ids) are ignored for repeats, winds and clubs.
    ``players`` supplies clubs/countries and players who have not played yet; ``teams``
    maps player ids to team names (``same_team``).
    """
    rounds = [list(r) for r in rounds]
    if substitutes is None:
        subs = {p for r in rounds for t in r for p in t if p < 0}
    else:
        subs = set(substitutes)
    specs: dict[int, PlayerSpec] = {}
    for p in players or ():
        spec = p if isinstance(p, PlayerSpec) else PlayerSpec(int(p))
        specs[spec.id] = spec
    meet: Counter[tuple[int, int]] = Counter()
    wind: dict[int, list[int]] = {}
    slots: Counter[int] = Counter()
    for p in specs:
        if p not in subs:
            wind.setdefault(p, [0, 0, 0, 0])
    for rnd in rounds:
        for table in rnd:
            real = [p for p in table if p not in subs]
            for w, p in enumerate(table):
                if p not in subs:
                    wind.setdefault(p, [0, 0, 0, 0])[w] += 1
                    slots[p] += len(real) - 1
            for i in range(len(real)):
                for j in range(i + 1, len(real)):
                    a, b = real[i], real[j]
                    meet[(a, b) if a < b else (b, a)] += 1
    repeats = sum(c - 1 for c in meet.values() if c > 1)
    max_meet = max(meet.values(), default=0)
    imbalance = max((max(c) - min(c) for c in wind.values()), default=0)
    ideal = 1 if any(sum(c) % 4 for c in wind.values()) else 0
    games = {p: sum(c) for p, c in wind.items()}
    lb = max(lower_bound_games(games, slots, len(wind)), _small_exact(rounds, set(wind), subs))
    same_club = same_country = same_team = 0
    teams = teams or {}
    for (a, b), c in meet.items():
        ta = teams.get(a)
        if ta is not None and ta == teams.get(b):
            same_team += c
        sa, sb = specs.get(a), specs.get(b)
        if sa is None or sb is None:
            continue
        if sa.club is not None and sa.club == sb.club:
            same_club += c
        if sa.country is not None and sa.country == sb.country:
            same_country += c
    return Quality(repeats, lb, max_meet, imbalance, ideal, same_club, same_country, same_team)


def validate(schedule_rounds: Iterable[Round], players: Iterable[int] | None = None) -> None:
    """Raise ValueError unless every table has 4 distinct players and nobody sits twice
    in a round (and, if ``players`` is given, every table player is known)."""
    known = None if players is None else set(players)
    for i, rnd in enumerate(schedule_rounds):
        seen: set[int] = set()
        for table in rnd:
            if len(table) != 4 or len(set(table)) != 4:
                raise ValueError(f"round {i + 1}: table {table!r} is not 4 distinct players")
            for p in table:
                if p in seen:
                    raise ValueError(f"round {i + 1}: player {p} seated twice")
                if known is not None and p >= 0 and p not in known:
                    raise ValueError(f"round {i + 1}: unknown player {p}")
                seen.add(p)


def swap(schedule: Schedule, round_index: int, a: int, b: int) -> Schedule:
    """Director's manual swap: players ``a`` and ``b`` exchange seats (or bye) in one round.

    Returns a new Schedule with an updated quality report."""
    rounds = [list(r) for r in schedule.rounds]
    byes = [list(x) for x in schedule.byes]
    rnd = [list(t) for t in rounds[round_index]]
    bye = byes[round_index] if round_index < len(byes) else []

    def locate(p: int) -> tuple[int, int] | None:
        for ti, t in enumerate(rnd):
            if p in t:
                return ti, t.index(p)
        if p in bye:
            return None
        raise ValueError(f"player {p} is not in round {round_index + 1}")

    la, lb_ = locate(a), locate(b)
    if la is not None:
        rnd[la[0]][la[1]] = b
    else:
        bye[bye.index(a)] = b
    if lb_ is not None:
        rnd[lb_[0]][lb_[1]] = a
    else:
        bye[bye.index(b)] = a
    rounds[round_index] = [tuple(t) for t in rnd]
    if round_index < len(byes):
        byes[round_index] = sorted(bye)
    new_rounds = tuple(tuple(tuple(t) for t in r) for r in rounds)
    q = quality(
        new_rounds, schedule.players, substitutes=schedule.substitutes, teams=schedule.teams
    )
    return dataclasses.replace(
        schedule, rounds=new_rounds, byes=tuple(tuple(x) for x in byes), quality=q
    )


def seats_changed(before: Round, after: Round) -> int:
    """Seats (table, wind) whose player differs between two seatings of one round."""
    changed = 0
    for t in range(max(len(before), len(after))):
        old = tuple(before[t]) if t < len(before) else (None,) * 4
        new = tuple(after[t]) if t < len(after) else (None,) * 4
        changed += sum(1 for x, y in zip(old, new, strict=True) if x != y)
    return changed


def _small_exact(rounds: list, real: set[int], subs: set[int]) -> int:
    """The exact bound of ``bounds`` when every round has the shape the generator gives
    fewer than four tables (the same real players per table, the rest on a bye); 0 else."""
    n = len(real)
    if not rounds or not 4 <= n <= 15:
        return 0
    fill = "substitutes" if any(p in subs for r in rounds for t in r for p in t) else "byes"
    if fill == "byes" and n % 4 == 0:
        fill = "substitutes"  # the same shape: full tables, nobody out
    caps, _byes = table_caps(n, fill)
    for rnd in rounds:
        shape = sorted((sum(1 for p in t if p not in subs) for t in rnd), reverse=True)
        if shape != sorted(caps, reverse=True):
            return 0
        if any(p not in real for t in rnd for p in t if p not in subs):
            return 0
    fair = _shared_fairly(rounds, real, subs)
    return small_repeats(n, len(rounds), fill, fair=fair) or 0


def _shared_fairly(rounds: list, real: set[int], subs: set[int]) -> bool:
    """Whether every round gives its substitutes' tablemates, and its byes, to players
    with the fewest such games so far (as ``generate`` does)."""
    with_sub = dict.fromkeys(real, 0)
    byes = dict.fromkeys(real, 0)
    for rnd in rounds:
        seated = {p for t in rnd for p in t}
        mates = {p for t in rnd if any(x in subs for x in t) for p in t if p in real}
        for counts, got in ((with_sub, mates), (byes, real - seated)):
            rest = [counts[p] for p in real if p not in got]
            if got and rest and max(counts[p] for p in got) > min(rest):
                return False
            for p in got:
                counts[p] += 1
    return True
