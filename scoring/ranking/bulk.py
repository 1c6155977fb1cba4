"""The whole ranking at once over arrays: ``rules.ranking.person_ranking`` for every person,
exact, with numpy doing the per-result work (no Django here; ``compute`` reads and writes).

``rules.ranking`` stays the reference (a person's page shows its lines); this module gives the
same values for a whole recompute, where a Python loop over a hundred thousand results costs
more than reading them. Why it is exact:

- **Base rank.** With p = place + (shared - 1) / 2, r = 1000 (n - p) / (n - 1) is
  500 R / d with the integers R = 2n - 2 place - shared + 1 (0 <= R <= 2n - 2) and d = n - 1.
- **Part B's order by r, in integers.** Distinct ranks differ by at least 500 / (d1 d2) >=
  500 / D^2 (D the largest d): 500 (R1 d2 - R2 d1) is a nonzero multiple of 500. With S a
  power of two >= D^2 / 500, the key floor(500 R S / d) (exact integer division) therefore
  orders r exactly: r1 > r2 gives r1 S >= r2 S + 1, so a larger key, and equal ranks give
  equal keys. While n < N_MAX = 10^6, 500 R S < 4 D^3 stays below 2^63. With the person and
  the rank of w a it makes one int64 sort key where the three fit (else ``np.lexsort``); a
  larger event goes to the reference.
- **w a** is an exact Fraction per distinct (weight, age step) pair (a handful, not one per
  result) and Part B's tie-break compares the exact rank of w a among the distinct values. The next
  tie-break (the more recent) does not change the sums: results equal in r and in w a add the
  same to them, whichever is taken.
- **The sums.** With Q the lcm of every event's w a denominator and U = w a Q (an integer),
  sum(w a r) / (sum(w a) + pad) = 500 sum(R U / d) / (sum(U) + Q pad), and sum(R U / d) over a
  person's results is X / L with L the lcm of their d. X, L and the sums of U are int64 where
  ``_mean`` proves they fit, else Python integers in numpy object arrays (the loops run in C
  either way; no Fraction is built), reduced by gcd at the end.

A place, n or weight outside what the reference accepts (or n >= N_MAX) makes ``rank`` return
None: the caller then uses the reference, which raises the reference's errors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rules import ranking as rk

N_MAX = 10**6
# int64 arithmetic is used where every value is proven below this
LIMIT = 2**62
# the last day of each age step, counted from the event's last day, and its factor
_STEP_ENDS = np.array([until for until, _factor in rk.AGE_STEPS], dtype=np.int64)
_STEP_FACTORS = [factor for _until, factor in rk.AGE_STEPS]
DEFAULT = rk.Options()


@dataclass(frozen=True)
class Ranked:
    """The listed persons (in no particular order) with their exact values as reduced
    (numerator, denominator) pairs of object arrays of Python ints, the value as a float
    (what ``float`` of the Fraction gives), the counting results and the place (equal values
    share it); ``considered``: how many persons have a counting result, listed or not."""

    person: np.ndarray
    place: np.ndarray
    value: tuple[np.ndarray, np.ndarray]
    part_a: tuple[np.ndarray, np.ndarray]
    part_b: tuple[np.ndarray, np.ndarray]
    score: np.ndarray
    counted: np.ndarray
    considered: int

    def __len__(self) -> int:
        return len(self.person)


def text(pair: tuple[np.ndarray, np.ndarray]) -> list[str]:
    """``str(Fraction)`` of reduced (numerator, denominator) pairs."""
    return [f"{n}/{d}" if d != 1 else str(n) for n, d in zip(*pair, strict=True)]


def rank(
    person: np.ndarray,
    event: np.ndarray,
    twice_place: np.ndarray,
    n: np.ndarray,
    last_day: np.ndarray,
    weight: np.ndarray,
    weights: Sequence[Fraction],
    on: int,
    options: rk.Options = DEFAULT,
) -> Ranked | None:
    """The ranking on the date ordinal ``on`` from one row per result (``person`` id,
    ``event`` index into the per-event arrays, ``twice_place`` = 2 p = 2 place + shared - 1
    for a standings place shared by ``shared`` players) and per event (``n`` players,
    ``last_day`` ordinal, ``weight`` index into the distinct ``weights``), or None where the
    reference must decide (see the module's docstring)."""
    person, event = np.asarray(person, np.int64), np.asarray(event, np.intp)
    twice_place = np.asarray(twice_place, np.int64)
    n, last_day = np.asarray(n, np.int64), np.asarray(last_day, np.int64)
    # the reference's checks: every result's shared place p within 1..n, n from 2 to N_MAX
    if len(n) and not (n.min() >= 2 and n.max() < N_MAX):
        return None
    if len(event) and not (twice_place.min() >= 2 and (twice_place <= 2 * n[event]).all()):
        return None
    weighed = _weights(on - last_day, np.asarray(weight, np.intp), weights)
    if weighed is None:
        return None
    counting, wa_rank, u, q = weighed

    keep = counting[event]
    person, event = person[keep], event[keep]
    big_r = 2 * n[event] - twice_place[keep]
    d = n[event] - 1
    order = _order(person, big_r, d, wa_rank[event])
    person, event, big_r, d = person[order], event[order], big_r[order], d[order]
    new_person = np.r_[True, person[1:] != person[:-1]] if len(person) else np.zeros(0, bool)
    counts = np.diff(np.r_[np.flatnonzero(new_person), len(person)])
    considered = len(counts)
    listed = counts >= options.min_results
    rows = np.repeat(listed, counts)
    person, event, big_r, d = person[rows], event[rows], big_r[rows], d[rows]
    counts = counts[listed]
    starts = _starts(counts)

    part_a = _mean(big_r, d, u[event], counts, options.part_a_min, q)
    in_b = np.arange(len(person)) - np.repeat(starts, counts) < options.part_b_count
    counts_b = np.minimum(counts, options.part_b_count)
    part_b = _mean(big_r[in_b], d[in_b], u[event[in_b]], counts_b, options.part_b_count, q)
    value = _half_sum(part_a, part_b)
    score = np.array([num / den for num, den in zip(*value, strict=True)], np.float64)
    return Ranked(
        person=person[starts],
        place=_places(score, *value),
        value=value,
        part_a=part_a,
        part_b=part_b,
        score=score,
        counted=counts,
        considered=considered,
    )


def _order(person: np.ndarray, big_r: np.ndarray, d: np.ndarray, wa_rank: np.ndarray):
    """The rows by person, then Part B's order: larger r, then larger w a (exact integer keys,
    see the module's docstring)."""
    if not len(person):
        return np.zeros(0, np.intp)
    squared = int(d.max()) ** 2
    scale = 1 << (-(-squared // 500) - 1).bit_length()  # the least power of two >= D^2 / 500
    key_r = 500 * scale * big_r // d
    top, kinds = 1000 * scale + 1, int(wa_rank.max()) + 1
    if person.min() >= 0 and (int(person.max()) + 1) * top * kinds < 2**63:
        return np.argsort((person * top + (top - 1 - key_r)) * kinds + (kinds - 1 - wa_rank))
    return np.lexsort((-wa_rank, -key_r, person))


def _weights(days: np.ndarray, weight: np.ndarray, weights: Sequence[Fraction]):
    """Per event: whether its results count (their age on the day), the exact rank of its
    w a among the distinct values, U = w a Q (int64 while small, else Python ints) and Q;
    None for a weight the reference would have to judge (not above 0)."""
    step = np.searchsorted(_STEP_ENDS, days, side="left")
    step[days < 0] = len(_STEP_ENDS)
    counting = step < len(_STEP_ENDS)
    # the distinct (weight, age step) pairs of the counting events: a few, whatever the events
    pairs, pair_of = np.unique(
        np.where(counting, weight * len(_STEP_FACTORS) + step, -1), return_inverse=True
    )
    wa = []
    for pair in pairs.tolist():
        w = weights[pair // len(_STEP_FACTORS)] if pair >= 0 else Fraction(0)
        if pair >= 0 and w <= 0:
            return None
        wa.append(w * _STEP_FACTORS[pair % len(_STEP_FACTORS)] if pair >= 0 else w)
    q = math.lcm(*(value.denominator for value in wa))
    ranks = {value: index for index, value in enumerate(sorted(set(wa)))}
    u = [value.numerator * (q // value.denominator) for value in wa]
    wa_rank = np.array([ranks[value] for value in wa], np.int64)[pair_of.ravel()]
    # then R U < 2^52 (exact in the float64 shadows too) and Q pad stays far below 2^62
    small = max(wa, default=0) * q < 2**31 and q < 2**31
    u = np.array(u, np.int64 if small else object)[pair_of.ravel()]
    return counting, wa_rank, u, q


def _mean(
    big_r: np.ndarray, d: np.ndarray, u: np.ndarray, counts: np.ndarray, at_least: int, q: int
) -> tuple[np.ndarray, np.ndarray]:
    """Per person (consecutive rows, ``counts`` each): sum(w a r) / (sum(w a) + padding) as
    reduced (numerator, denominator) object arrays, padding with zero results of w a = 1 up
    to ``at_least`` results.

    Persons whose integers provably fit int64 are summed in fixed width, the others in Python
    integers (the same arithmetic). The proof: the lcm of their d, computed in uint64 (it
    wraps where too large), is kept only where every d divides it and the quotients have no
    common factor, which makes it the lcm however it was computed; the sums are bounded under
    2^62 by float64 shadows, whose relative error (at most (results + 2) x 2^-53) is far from
    the factor 2 left to int64's 2^63."""
    starts = _starts(counts)
    padding = np.maximum(0, at_least - counts)
    num, den = np.empty(len(counts), object), np.empty(len(counts), object)
    fits = np.zeros(len(counts), bool)
    if u.dtype != object and len(counts):
        d64 = d.astype(np.uint64)
        lcm = np.lcm.reduceat(d64, starts)
        lcm_rows = np.repeat(lcm, counts)
        divides = lcm_rows % d64 == 0
        quotient = np.where(divides, lcm_rows // d64, 0)
        weighted = big_r * u  # below 2^52 (``_weights``)
        bottom = np.add.reduceat(u, starts) + q * padding
        fits = (
            np.logical_and.reduceat(divides, starts)
            & (np.gcd.reduceat(quotient, starts) == 1)
            & (500.0 * np.add.reduceat(weighted * quotient.astype(np.float64), starts) < LIMIT)
            & (lcm.astype(np.float64) * bottom.astype(np.float64) < LIMIT)
        )
        # uint64 wraps (defined) for the persons that do not fit; only the others are kept
        top = 500 * np.add.reduceat(weighted.astype(np.uint64) * quotient, starts)
        num[fits], den[fits] = _reduced(
            top[fits].astype(np.int64),
            (lcm[fits] * bottom[fits].astype(np.uint64)).astype(np.int64),
        )
    rest = ~fits
    if rest.any():
        rows = np.repeat(rest, counts)
        top, bottom = _sums(
            big_r[rows].astype(object),
            d[rows].astype(object),
            u[rows].astype(object),
            counts[rest],
            padding[rest].astype(object),
            q,
        )
        num[rest], den[rest] = _reduced(top, bottom)
    return num, den


def _sums(big_r, d, u, counts, padding, q):
    """(500 X, L (sum(U) + Q pad)) per person in Python integers: X / L = sum(R U / d), L the
    lcm of the d."""
    starts = _starts(counts)
    lcm = np.lcm.reduceat(d, starts)
    top = np.add.reduceat(big_r * u * (np.repeat(lcm, counts) // d), starts)
    return 500 * top, lcm * (np.add.reduceat(u, starts) + q * padding)


def _starts(counts: np.ndarray) -> np.ndarray:
    """Where each person's consecutive rows start."""
    starts = np.zeros(len(counts), np.intp)
    np.cumsum(counts[:-1], out=starts[1:])
    return starts


def _half_sum(
    a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """(A + B) / 2 reduced, in int64 where float64 shadows bound every product under 2^62."""
    (a_num, a_den), (b_num, b_den) = a, b
    num, den = np.empty(len(a_num), object), np.empty(len(a_num), object)
    try:
        shadow = [x.astype(np.float64) for x in (a_num, a_den, b_num, b_den)]
        fits = (shadow[0] * shadow[3] + shadow[2] * shadow[1] < LIMIT) & (
            2.0 * shadow[1] * shadow[3] < LIMIT
        )
    except OverflowError:  # an integer beyond float64: Python integers for everybody
        fits = np.zeros(len(a_num), bool)
    for chosen, kind in ((fits, np.int64), (~fits, object)):
        if chosen.any():
            an, ad, bn, bd = (x[chosen].astype(kind) for x in (a_num, a_den, b_num, b_den))
            num[chosen], den[chosen] = _reduced(an * bd + bn * ad, 2 * ad * bd)
    return num, den


def _reduced(num: np.ndarray, den: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    g = np.gcd(num, den)
    return num // g, den // g


def _places(score: np.ndarray, num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """Places by exact value, larger first, equal values sharing (1, 2, 2, 4): the floats
    order the values (rounding keeps x > y as fl(x) >= fl(y)), and where floats are equal the
    exact values decide, order and ties alike."""
    order = np.argsort(-score, kind="stable")
    ordered = score[order]
    new_float = np.r_[True, ordered[1:] != ordered[:-1]] if len(order) else ordered.astype(bool)
    places = np.empty(len(order), np.int64)
    positions = np.arange(1, len(order) + 1)
    places[order] = np.maximum.accumulate(np.where(new_float, positions, 0)) if len(order) else 0
    starts = np.flatnonzero(new_float)
    ends = np.r_[starts[1:], len(order)]
    runs = ends - starts > 1
    for start, end in zip(starts[runs].tolist(), ends[runs].tolist(), strict=True):
        run = order[start:end].tolist()
        exact = sorted(((Fraction(num[i], den[i]), i) for i in run), reverse=True)
        previous, at = None, start
        for offset, (value, i) in enumerate(exact):
            if value != previous:
                previous, at = value, start + offset + 1
            places[i] = at
    return places
