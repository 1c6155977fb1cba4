"""Event formats as pure functions: ranking by keys, team sums, the cut, the carry-over and
the final ranking (issue 20; docs/rules-decisions.md, section 5).

Every value is exact: ranking keys are integers counted in twelfths (as in
``rules.standings``) or ``Fraction``s; nothing here is a float. Larger keys are better; the
keys of a method are its ranking order (RULES.md section 5): mcr table points then score,
riichi the total, the score rulesets the score then table points. Equal keys share a place.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

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
    """Best keys first; equal keys share a place (1, 2, 2, 4); equals keep their given order."""
    order = sorted(range(len(entries)), key=lambda i: tuple(-k for k in entries[i][1]))
    out: list[Ranked] = []
    for position, i in enumerate(order, start=1):
        who, keys = entries[i]
        place = out[-1].place if out and out[-1].keys == tuple(keys) else position
        out.append(Ranked(place, who, tuple(keys)))
    return out


def team_keys(member_keys: Sequence[Keys], best: int | None = None) -> Keys:
    """A team's keys: the sum of its members' keys, or of its ``best`` members' keys (members
    given best first, as the standings rank them). A team with fewer members counts them all."""
    if best is not None and best < 1:
        raise RuleError("best", "count at least one member per team")
    counted = list(member_keys)[: best if best is not None else None]
    if not counted:
        return ()
    return tuple(sum(column, Fraction(0)) for column in zip(*counted, strict=True))


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
        return tuple(Fraction(k) / 2 for k in keys)
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


def rank_arrays(keys: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """``rank`` over integer arrays (one per key, same length, larger is better): the order
    (indices, best first; equals keep index order) and each position's shared place."""
    count = len(keys[0]) if keys else 0
    if not count:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    order = np.lexsort(tuple(-k for k in reversed(keys)))
    first = np.ones(count, dtype=bool)
    if count > 1:
        equal = np.ones(count - 1, dtype=bool)
        for key in keys:
            ranked = key[order]
            equal &= ranked[1:] == ranked[:-1]
        first[1:] = ~equal
    place = np.maximum.accumulate(np.where(first, np.arange(1, count + 1), 0))
    return order, place


def carry_arrays(
    mode: str,
    primary: str,
    values: np.ndarray,
    place: np.ndarray,
    seeds: Sequence[int] = (),
) -> np.ndarray:
    """``carry_values`` for many lines at once: ``values`` (n, 3) integers in a unit in which
    halving is exact (the caller scales: an even count of the unit), ``place`` (n,), ``seeds``
    in the same unit."""
    if mode == FULL:
        return values.copy()
    if mode == HALF:
        if (values % 2).any():
            raise RuleError("carry", "halving needs values in an even unit")
        return values // 2
    if mode == NONE:
        return np.zeros_like(values)
    if mode == SEED:
        table = np.zeros(max(len(seeds), int(place.max(initial=0))) + 1, dtype=np.int64)
        table[1 : len(seeds) + 1] = seeds
        seed = table[place]
        out = np.zeros_like(values)
        out[:, 0] = seed
        out[:, 1 if primary == "table_points" else 2] = seed
        return out
    raise RuleError("carry", f"unknown carry-over {mode!r}")
