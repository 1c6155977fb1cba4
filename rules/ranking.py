"""The ranking across events (docs/rules/ranking.md), pure and exact.

A result is a person's final place at one ranking event. Its base rank is
``r = 1000 (n - p) / (n - 1)``; tied players take the mean of the places they share. The event
weighs ``w`` (days, players, countries, qualification; a director may override it) and a
result ages: ``a`` is 1 in the 365 days after the event's last day, then 2/3, 1/3 and 0.
Part A is the weighted mean of every counting result, padded with zero results of weight 1
up to five; Part B the same over the best three (the count is an option), padded up to three.
The ranking is the mean of A and B; a person needs two counting results to be listed.

Everything is ``Fraction`` or ``int``: a ranking is compared and stored exactly and rounded
only where it is shown. Nothing here knows about a database: callers hand in ``Result``s.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from fractions import Fraction
from typing import NamedTuple

from rules.errors import RuleError
from rules.i18n import gettext_noop as _

FAMILIES = ("mcr", "riichi", "wsom", "classical", "french")
FAMILY_OF_RULESET = {
    "mcr": "mcr",
    "riichi_ema": "riichi",
    "riichi_wrc": "riichi",
    "wsom": "wsom",
    "classical": "classical",
    "french": "french",
}
BASE = 1000
PART_A_MIN = 5
PART_B_COUNT = 3
MIN_RESULTS = 2
SUBSTITUTES_COUNTED = 3
COUNTRY_BEST = 3
YEAR_DAYS = 365
# (last day on which the factor holds, counted from the event's last day; the factor)
AGE_STEPS = ((365, Fraction(1)), (730, Fraction(2, 3)), (1095, Fraction(1, 3)))
ZERO = Fraction(0)
ONE = Fraction(1)


def family_of(ruleset: str) -> str:
    """The ranking a ruleset's events count in: riichi_ema and riichi_wrc share one."""
    try:
        return FAMILY_OF_RULESET[ruleset]
    except KeyError:
        raise RuleError("ruleset", _("Unknown ruleset %(key)s."), {"key": ruleset}) from None


# --- base rank ---------------------------------------------------------------------------


def base_rank(n: int, place: Fraction | int) -> Fraction:
    """r = 1000 (n - p) / (n - 1); an event of fewer than two players does not count."""
    if n < 2:
        raise RuleError("n", _("An event with fewer than 2 players does not count."))
    if not isinstance(place, Fraction):
        place = Fraction(place)
    num, den = place.numerator, place.denominator
    if not den <= num <= n * den:
        raise RuleError(
            "place", _("Place %(place)s is outside 1 to %(n)s."), {"place": place, "n": n}
        )
    return Fraction(BASE * (n * den - num), (n - 1) * den)


def shared_places(places: Sequence[int]) -> list[Fraction]:
    """Standings places (equal players share the first: 1, 2, 2, 4) to the places a result
    counts with: the mean of the places tied players share (2, 2 -> 2.5 each). The input must
    be consistent: k players sharing place q means the next place is q + k."""
    check_places(places)
    counts: dict[int, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    return [place + Fraction(counts[place] - 1, 2) for place in places]


def check_places(places: Sequence[int]) -> None:
    """Places in a final ranking, in any order, must read 1, then each place q shared by k
    players followed by q + k: no gap, no repeat beyond the tie (1, 2, 2, 4 is right;
    1, 2, 2, 3 or 1, 3 are not)."""
    if not places:
        return
    counts: dict[int, int] = {}
    for place in places:
        if not isinstance(place, int) or place < 1:
            raise RuleError(
                "place", _("Place %(place)s is not a whole number from 1."), {"place": place}
            )
        counts[place] = counts.get(place, 0) + 1
    expected = 1
    for place in sorted(counts):
        if place != expected:
            raise RuleError(
                "place",
                _("The places skip or repeat: place %(place)s comes where %(expected)s should."),
                {"place": place, "expected": expected},
            )
        expected = place + counts[place]


# --- event weight ------------------------------------------------------------------------


@dataclass(frozen=True)
class EventFacts:
    """What an event's weight is made of: its number of days with rounds (local dates), its
    players in the final ranking (with how many of them are substitutes), its distinct
    countries, and whether it needed qualification."""

    days: int
    players: int
    countries: int
    qualification: bool = False
    substitutes: int = 0


@dataclass(frozen=True)
class Weight:
    duration: Fraction
    players: Fraction
    countries: Fraction
    qualification: Fraction

    @property
    def total(self) -> Fraction:
        return self.duration + self.players + self.countries + self.qualification


def counted_players(players: int, substitutes: int) -> int:
    """Players counted for the weight: at most three substitutes."""
    return players - substitutes + min(substitutes, SUBSTITUTES_COUNTED)


def event_weight(facts: EventFacts) -> Weight:
    duration = Fraction(min(max(facts.days, 1), 3))
    players = counted_players(facts.players, facts.substitutes)
    player_part = ONE if players > 80 else Fraction(1, 2) if players > 40 else ZERO
    country_part = (
        ONE if facts.countries >= 10 else Fraction(1, 2) if facts.countries >= 6 else ZERO
    )
    return Weight(duration, player_part, country_part, ONE if facts.qualification else ZERO)


# --- age ---------------------------------------------------------------------------------


def age_factor(last_day: date, on: date) -> Fraction:
    """1 on the event's last day and the 365 days after it, 2/3 in days 366-730, 1/3 in days
    731-1095, 0 after; 0 before the last day (the result does not count yet)."""
    days = (on - last_day).days
    if days < 0:
        return ZERO
    for until, factor in AGE_STEPS:
        if days <= until:
            return factor
    return ZERO


def change_dates(last_day: date) -> tuple[date, ...]:
    """The dates on which a result's age factor changes (it starts counting, then steps)."""
    return (last_day, *(last_day + timedelta(days=until + 1) for until, _ in AGE_STEPS))


# --- one person's ranking ----------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """The ranking's settings: Part B's count is the one docs/rules/ranking.md#part-b names a
    setting."""

    part_b_count: int = PART_B_COUNT
    part_a_min: int = PART_A_MIN
    min_results: int = MIN_RESULTS

    def __post_init__(self) -> None:
        if not 1 <= self.part_b_count <= 20:
            raise RuleError("part_b_count", _("Part B counts between 1 and 20 results."))


class Result(NamedTuple):
    """A person's result at one event: ``key`` names the event for the caller. ``rank`` may
    carry the base rank already computed (a caller reading many results caches it per event
    and place)."""

    key: Hashable
    last_day: date
    n: int
    place: Fraction
    weight: Fraction
    rank: Fraction | None = None

    @property
    def r(self) -> Fraction:
        return self.rank if self.rank is not None else base_rank(self.n, self.place)


@dataclass(frozen=True)
class Line:
    """A counting result as the ranking used it: r, w, a, and whether Part B took it."""

    result: Result
    r: Fraction
    w: Fraction
    a: Fraction
    in_b: bool


@dataclass(frozen=True)
class PersonRanking:
    value: Fraction
    part_a: Fraction
    part_b: Fraction
    lines: tuple[Line, ...]
    padding_a: int
    padding_b: int
    counted: int = 0
    listed: bool = field(default=True)


def _sums(counted: Iterable[_Counted], padding: int) -> tuple[int, int]:
    """sum(wa r) / sum(wa) with ``padding`` results of r = 0, wa = 1, as an unreduced
    (numerator, denominator) of integers: a recompute of every person does this a hundred
    thousand times, and Fraction arithmetic reduces at every step."""
    top, top_den = 0, 1
    bottom, bottom_den = padding, 1
    for c in counted:
        num, den = c.wn * c.rn, c.wd * c.rd
        if den == top_den:
            top += num
        else:
            top, top_den = top * den + num * top_den, top_den * den
        if c.wd == bottom_den:
            bottom += c.wn
        else:
            bottom, bottom_den = bottom * c.wd + c.wn * bottom_den, bottom_den * c.wd
    if not bottom:
        return 0, 1
    return top * bottom_den, top_den * bottom


class _Counted:
    """A counting result with r and w a as integers, ordered as Part B takes them (larger r,
    then larger w a, then the more recent) by integer cross-multiplication: cheaper than
    comparing Fractions, and as exact."""

    __slots__ = ("a", "day", "r", "rd", "rn", "result", "wa", "wd", "wn")

    def __init__(self, result: Result, r: Fraction, wa: Fraction, a: Fraction) -> None:
        self.result, self.r, self.wa, self.a, self.day = result, r, wa, a, result.last_day
        self.rn, self.rd, self.wn, self.wd = (
            r.numerator,
            r.denominator,
            wa.numerator,
            wa.denominator,
        )

    def __lt__(self, other: _Counted) -> bool:
        left, right = self.rn * other.rd, other.rn * self.rd
        if left != right:
            return left < right
        left, right = self.wn * other.wd, other.wn * self.wd
        if left != right:
            return left < right
        return self.day < other.day

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Counted)
            and self.rn * other.rd == other.rn * self.rd
            and self.wn * other.wd == other.wn * self.wd
            and self.day == other.day
        )

    __hash__ = None  # type: ignore[assignment]


def person_ranking(
    results: Iterable[Result], on: date, options: Options = Options(), *, detail: bool = True
) -> PersonRanking | None:
    """A person's ranking on ``on``, or None with fewer than ``min_results`` counting
    results. ``detail=False`` leaves out the lines (a whole recompute needs only the
    values)."""
    counting = []
    for result in results:
        a = age_factor(result.last_day, on)
        if a:
            counting.append(_Counted(result, result.r, result.weight * a, a))
    if len(counting) < options.min_results:
        return None
    # best first: larger r, then larger w a, then the more recent
    if len(counting) <= options.part_b_count:
        best = counting  # all of them: their order does not change the sums
    else:
        best = heapq.nlargest(options.part_b_count, counting)
    padding_a = max(0, options.part_a_min - len(counting))
    padding_b = options.part_b_count - len(best)
    a_num, a_den = _sums(counting, padding_a)
    b_num, b_den = _sums(best, padding_b)
    lines = ()
    if detail:
        chosen = {id(c) for c in best}
        counting.sort(reverse=True)
        lines = tuple(Line(c.result, c.r, c.result.weight, c.a, id(c) in chosen) for c in counting)
    return PersonRanking(
        value=Fraction(a_num * b_den + b_num * a_den, 2 * a_den * b_den),
        part_a=Fraction(a_num, a_den),
        part_b=Fraction(b_num, b_den),
        lines=lines,
        padding_a=padding_a,
        padding_b=padding_b,
        counted=len(counting),
    )


# --- everybody ---------------------------------------------------------------------------


def places(values: Mapping[Hashable, Fraction]) -> dict[Hashable, int]:
    """Places by value, larger first; equal values share a place (1, 2, 2, 4)."""
    ordered = sorted(values.items(), key=lambda item: item[1], reverse=True)
    out: dict[Hashable, int] = {}
    previous = None
    place = 0
    for index, (key, value) in enumerate(ordered, start=1):
        if value != previous:
            place = index
            previous = value
        out[key] = place
    return out


@dataclass(frozen=True)
class Entry:
    person: Hashable
    place: int
    ranking: PersonRanking


def ranking(
    results_by_person: Mapping[Hashable, Sequence[Result]],
    on: date,
    options: Options = Options(),
) -> list[Entry]:
    """The whole ranking on ``on``: listed persons, best first, with shared places."""
    computed = {}
    for person, results in results_by_person.items():
        outcome = person_ranking(results, on, options, detail=False)
        if outcome is not None:
            computed[person] = outcome
    where = places({person: outcome.value for person, outcome in computed.items()})
    entries = [Entry(person, where[person], computed[person]) for person in computed]
    entries.sort(key=lambda entry: (entry.place, str(entry.person)))
    return entries


def country_ranking(
    values: Iterable[tuple[str, Fraction]], best: int = COUNTRY_BEST
) -> list[tuple[int, str, Fraction, int]]:
    """(place, country, value, persons counted): each country's best ``best`` rankings
    averaged, a country with fewer ranked persons counting the missing ones as 0
    **[default]**. Persons without a country are left out."""
    by_country: dict[str, list[Fraction]] = {}
    for country, value in values:
        if country:
            by_country.setdefault(country, []).append(value)
    averaged = {}
    counted = {}
    for country, found in by_country.items():
        top = sorted(found, reverse=True)[:best]
        averaged[country] = sum(top, ZERO) * Fraction(1, best)
        counted[country] = len(top)
    where = places(averaged)
    rows = [(where[c], c, averaged[c], counted[c]) for c in averaged]
    rows.sort(key=lambda row: (row[0], row[1]))
    return rows


def history(
    results: Sequence[Result], until: date, options: Options = Options()
) -> list[tuple[date, Fraction | None]]:
    """A person's ranking on every date it changed, up to ``until``: the dates results start
    counting or age (None where the person was not listed)."""
    dates = sorted({d for result in results for d in change_dates(result.last_day) if d <= until})
    out: list[tuple[date, Fraction | None]] = []
    for day in dates:
        outcome = person_ranking(results, day, options, detail=False)
        value = outcome.value if outcome else None
        if not out or out[-1][1] != value:
            out.append((day, value))
    return out
