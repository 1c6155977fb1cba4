"""Event formats as pure functions: ranking by keys, team sums, the cut, the carry-over and
the final ranking (issue 20; docs/rules-decisions.md, section 5).

Every value is exact (ints and ``Fraction``s); nothing here is a float. Larger keys are
better; the keys of a method are its ranking order (docs/rules/standings.md#tie-breaks): mcr
table points then score, riichi the total, the score rulesets the score then table points.
Equal keys share a place.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from operator import itemgetter
from typing import NamedTuple

from rules.errors import RuleError

FULL, HALF, NONE, SEED = "full", "half", "none", "seed"
CARRY_MODES = (FULL, HALF, NONE, SEED)

Keys = tuple[Fraction, ...]


@dataclass(frozen=True)
class Ranked:
    """One ranked line: its place (shared by equals), who, and the keys it was ranked by."""

    place: int
    who: Hashable
    keys: Keys


def rank(entries: Sequence[tuple[Hashable, Keys]]) -> list[Ranked]:
    """Best keys first; equal keys share a place (1, 2, 2, 4); equals keep their given order
    (a stable sort, larger keys first)."""
    ordered = sorted(((who, tuple(keys)) for who, keys in entries), key=itemgetter(1), reverse=True)
    out: list[Ranked] = []
    for position, (who, keys) in enumerate(ordered, start=1):
        place = out[-1].place if out and out[-1].keys == keys else position
        out.append(Ranked(place, who, keys))
    return out


def exact_sum(values: Iterable[Fraction | int], start: Fraction | int = 0) -> Fraction:
    """``start`` plus the sum of ``values``, exact, made as one fraction over the values' least
    common denominator (adding fractions one by one reduces each partial sum)."""
    values = [start, *values]
    denominator = lcm(*(value.denominator for value in values))
    return Fraction(
        sum(value.numerator * (denominator // value.denominator) for value in values), denominator
    )


def team_keys(member_keys: Sequence[Keys], best: int | None = None) -> Keys:
    """A team's keys: the sum of its members' keys, or of its ``best`` members' keys (members
    given best first, as the standings rank them). A team with fewer members counts them all."""
    if best is not None and best < 1:
        raise RuleError("best", "count at least one member per team")
    counted = list(member_keys)[: best if best is not None else None]
    if not counted:
        return ()
    return tuple(exact_sum(column) for column in zip(*counted, strict=True))


@dataclass(frozen=True)
class CutLine:
    """Where a cut to ``size`` falls in a ranking: ``qualified`` are in whatever happens,
    ``tied`` share the place at the line and ``open_seats`` of them go on (0: no tie at the
    line, ``tied`` is empty)."""

    size: int
    qualified: tuple[Hashable, ...]
    tied: tuple[Hashable, ...]
    open_seats: int

    @property
    def needs_decision(self) -> bool:
        return self.open_seats > 0


def cut_line(ranking: Sequence[Ranked], size: int) -> CutLine:
    """The top ``size`` of ``ranking`` (whose keys already hold the ruleset's tiebreaks).
    Players still equal across the line are left for the director to choose from."""
    if size < 1 or size > len(ranking):
        raise RuleError("cut", f"a cut of {size} from {len(ranking)} players")
    if size == len(ranking) or ranking[size].place != ranking[size - 1].place:
        return CutLine(size, tuple(r.who for r in ranking[:size]), (), 0)
    line_place = ranking[size - 1].place
    above = tuple(r.who for r in ranking if r.place < line_place)
    tied = tuple(r.who for r in ranking if r.place == line_place)
    return CutLine(size, above, tied, size - len(above))


def decide_cut(line: CutLine, chosen: Sequence[Hashable]) -> tuple[Hashable, ...]:
    """The players who go on: the sure ones and the director's ``chosen`` among the tied."""
    chosen = tuple(chosen)
    if not line.needs_decision:
        if chosen:
            raise RuleError("chosen", "there is no tie at the cut line to decide")
        return line.qualified
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(line.tied):
        raise RuleError("chosen", "choose only among the players tied at the cut line")
    if len(chosen) != line.open_seats:
        raise RuleError("chosen", f"choose {line.open_seats} of the tied players")
    order = {who: i for i, who in enumerate(line.tied)}
    return line.qualified + tuple(sorted(chosen, key=order.__getitem__))


def carry(mode: str, keys: Keys, place: int, seeds: Sequence[Fraction] = ()) -> Keys:
    """What a player takes into the next stage: every key in full, half of it (exact), none,
    or fixed seed points by ``place`` (``seeds[place - 1]``, 0 beyond the list) in the first
    key and nothing in the others."""
    if mode == FULL:
        return tuple(keys)
    if mode == HALF:
        return tuple(Fraction(k) * Fraction(1, 2) for k in keys)
    if mode == NONE:
        return tuple(Fraction(0) for _k in keys)
    if mode == SEED:
        seed = Fraction(seeds[place - 1]) if 0 < place <= len(seeds) else Fraction(0)
        return (seed, *(Fraction(0) for _k in keys[1:]))
    raise RuleError("carry", f"unknown carry-over {mode!r}")


def final_ranking(
    last: Sequence[Ranked], cuts: Sequence[Sequence[tuple[Hashable, int]]]
) -> list[tuple[int, Hashable]]:
    """(place, who) for every player: the last stage's places first, then the players cut
    before it by their standing at that cut, then those cut at the cut before, and so on.

    ``cuts``: per cut, latest first, the players it left out with their place in the standing
    it was made from (equal places stay shared, counted on from the places above)."""
    out = [(r.place, r.who) for r in last]
    seen = {r.who for r in last}
    for left_out in cuts:
        base = len(out)
        players = sorted(
            ((place, i, who) for i, (who, place) in enumerate(left_out) if who not in seen)
        )
        previous = None
        for position, (place, _i, who) in enumerate(players, start=1):
            shown = out[-1][0] if previous == place else base + position
            out.append((shown, who))
            seen.add(who)
            previous = place
    return out


def carry_values(
    mode: str, primary: str, values: tuple[int, int, int], place: int, seeds: Sequence[int] = ()
) -> tuple[Fraction, Fraction, Fraction]:
    """``carry`` of a standings line (total, table points, score). Seed points go to the total
    and to the value ranked first besides it (``primary``: "table_points" for mcr, "score"
    otherwise); full, half and none treat the three alike."""
    if mode != SEED:
        return carry(mode, tuple(Fraction(v) for v in values), place)  # type: ignore[return-value]
    seed = carry(SEED, (Fraction(0),), place, [Fraction(s) for s in seeds])[0]
    if primary == "table_points":
        return (seed, seed, Fraction(0))
    return (seed, Fraction(0), seed)


# Standings lines as the formats read them ------------------------------------------------------

# The values of a standings line, in this order.
VALUES = ("total", "table_points", "score")
Values = tuple[Fraction, Fraction, Fraction]


def key_indices(method: str) -> tuple[int, ...]:
    """Which of ``VALUES`` a standings method ranks by, in order."""
    if method == "table_points":
        return (1, 2)
    if method == "riichi":
        return (0,)
    return (0, 1)


def primary(method: str) -> str:
    """The value ranked first besides the total (where seed points go)."""
    return "table_points" if method == "table_points" else "score"


class Line(NamedTuple):
    """One round of a standings row, as the formats count it (a named tuple: there is one per
    player and round)."""

    round: int
    units: Fraction
    table_points: Fraction
    score: int


@dataclass(frozen=True)
class Row:
    """A player's standings row: his overall values, whether he played a counting table, and
    his round lines (a stage sums the lines of its rounds; any named tuple with a ``Line``'s
    fields will do, such as the standings' ``RoundLine``)."""

    player: Hashable
    place: int | None
    values: Values
    lines: tuple[Line, ...]

    @property
    def played(self) -> bool:
        return bool(self.lines)


def rank_values(method: str, entries: Sequence[tuple[Hashable, Values]]) -> list[Ranked]:
    """``rank`` by the method's keys; each ``Ranked`` keeps all three values as its keys.
    For riichi the score shown is the total."""
    if method == "riichi":
        entries = [(who, (v[0], v[1], v[0])) for who, v in entries]
    keys = key_indices(method)
    order = rank([(i, tuple(v[k] for k in keys)) for i, (_who, v) in enumerate(entries)])
    return [Ranked(r.place, entries[r.who][0], entries[r.who][1]) for r in order]


def team_standings(
    method: str, rows: Sequence[Row], teams: Mapping[Hashable, Hashable], best: int | None
) -> list[tuple[Ranked, tuple[Hashable, ...], int]]:
    """Per team (``teams``: player -> team), best first: the team ranked by the sum of its
    counted members' values, its members in standings order, and how many count (the first
    ``best`` of them, or all)."""
    members: dict[Hashable, list[Row]] = {}
    for row in rows:
        if row.player in teams:
            members.setdefault(teams[row.player], []).append(row)
    sums = []
    for team, lines in members.items():
        counted = lines[:best] if best else lines
        total = team_keys([row.values for row in counted]) or (Fraction(0),) * 3
        sums.append((team, total))
    ranked = rank_values(method, sums)
    # A team's values as summed (``rank_values`` shows the total as a riichi score).
    own = dict(sums)
    return [
        (
            Ranked(r.place, r.who, own[r.who]),
            tuple(row.player for row in members[r.who]),
            min(len(members[r.who]), best) if best else len(members[r.who]),
        )
        for r in ranked
    ]


@dataclass(frozen=True)
class StageSpec:
    """A stage as the standings read it: its rounds, its cut (who went on, and the standing
    at the cut as (player, place) pairs; None while not confirmed) and what the players carry
    into it."""

    number: int
    first_round: int
    last_round: int
    cut_size: int = 0
    carry: str = FULL
    seed_points: tuple = ()
    consolation: bool = False
    qualified: tuple | None = None
    standing: tuple = ()


@dataclass
class StagePlan:
    """Each started stage's standings and its consolation group, and the first stage whose
    cut is not confirmed (``pending``)."""

    results: dict[int, list[Ranked]] = field(default_factory=dict)
    consolation: dict[int, list[Ranked]] = field(default_factory=dict)
    pending: int | None = None


def _in_stage(
    row: Row, stage: StageSpec, overall: Mapping[tuple[Hashable, int], int]
) -> tuple[Values, int]:
    """A row's values over the stage's rounds (overall deductions given in them count in the
    total and the score) and the tables it played there."""
    lines = [line for line in row.lines if stage.first_round <= line.round <= stage.last_round]
    extra = sum(
        points
        for number in range(stage.first_round, stage.last_round + 1)
        if (points := overall.get((row.player, number)))
    )
    total = exact_sum((line.units for line in lines), extra)
    points = exact_sum(line.table_points for line in lines)
    score = exact_sum((line.score for line in lines), extra)
    return (total, points, score), len(lines)


def stage_standings(
    method: str,
    rows: Sequence[Row],
    stages: Sequence[StageSpec],
    overall: Mapping[tuple[Hashable, int], int],
) -> StagePlan:
    """Each stage's standings in round order, as far as cuts are confirmed (docs/rules-decisions.md,
    section 5): the first stage ranks everyone who played; a later one its qualified players
    (or everyone of the stage before, without a cut) by their own values plus what they carry
    in. ``overall``: the overall deductions by (player, round)."""
    plan = StagePlan()
    own = {stage.number: {} for stage in stages}
    for stage in stages:
        for row in rows:
            own[stage.number][row.player] = _in_stage(row, stage, overall)
    previous: list[Ranked] | None = None
    for stage in stages:
        values = {who: v for who, (v, _tables) in own[stage.number].items()}
        if previous is None:
            entries = [(row.player, values[row.player]) for row in rows if row.played]
        else:
            if stage.cut_size and stage.qualified is None:
                plan.pending = stage.number
                break
            going = list(stage.qualified) if stage.qualified is not None else None
            if going is None:
                going = [r.who for r in previous]
            going = [who for who in going if who in values]
            seeds = [Fraction(s) for s in stage.seed_points or ()]
            carried = {
                r.who: carry_values(stage.carry, primary(method), r.keys, r.place, seeds)
                for r in previous
            }
            zero = (Fraction(0),) * 3
            entries = [(who, _add(values[who], carried.get(who, zero))) for who in going]
            if stage.qualified is not None and stage.consolation:
                going_set = set(going)
                # Only who plays in the group takes a place there: a player dropped before the
                # cut never does, and pushes nobody down.
                rest = [
                    (r.who, values[r.who])
                    for r in previous
                    if r.who not in going_set and own[stage.number][r.who][1] > 0
                ]
                plan.consolation[stage.number] = rank_values(method, rest)
        plan.results[stage.number] = rank_values(method, entries)
        previous = plan.results[stage.number]
    return plan


def _add(a: Sequence[Fraction], b: Sequence[Fraction]) -> Values:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def final_standing(
    rows: Sequence[Row], stages: Sequence[StageSpec], plan: StagePlan
) -> list[tuple[int, Hashable]]:
    """(place, player) of the final ranking: the last played stage's places, then the players
    cut before it by their standing at the cut, latest cut first (``final_ranking``). Without
    stages, the standings' own places."""
    if not plan.results:
        return [(row.place, row.player) for row in rows if row.played and row.place]
    last_number = max(plan.results)
    cuts = [
        [(who, place) for who, place in stage.standing]
        for stage in reversed(stages)
        if stage.number <= last_number and stage.cut_size and stage.qualified is not None
    ]
    return final_ranking(plan.results[last_number], cuts)
