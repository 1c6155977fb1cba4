"""The stored ranking: ``recompute`` stores it as of a date, either whole (``persons=None``)
or for the persons a change touched (their rows, then every place, since places are
relative). It reads the counting results as arrays (``inputs.counting_arrays``) for ``bulk``,
which computes what ``rules.ranking`` would, exactly, and falls back to ``rules.ranking``
where ``bulk`` declines; ``storing`` writes what changed. Each recompute locks the family's
``RankingState`` row, so two never interleave; ``verify`` compares the stored rows with a
fresh computation by ``rules.ranking``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from rules import ranking as rk
from scoring.ranking import bulk, storing
from scoring.ranking.inputs import counting_arrays, options_of, results_by_person
from scoring.ranking.models import RankingEntry, RankingState


def fresh(family: str, on: date) -> list[rk.Entry]:
    return rk.ranking(results_by_person(family, until=on), on, options_of(family))


@dataclass(frozen=True)
class Outcome:
    family: str
    as_of: date
    full: bool
    persons: int  # persons with a counting result (of ``persons``, for an incremental one)
    listed: int


def recompute(family: str, persons: Iterable[int] | None = None, on: date | None = None) -> Outcome:
    """Store the family's ranking as of ``on`` (today): whole, or for ``persons`` only when
    the stored ranking is already as of that date (otherwise every person's age moved, and
    the whole ranking is computed)."""
    on = on or timezone.localdate()
    with transaction.atomic():
        RankingState.objects.get_or_create(family=family)
        state = RankingState.objects.select_for_update().get(family=family)
        full = persons is None or state.as_of != on or state.computed_revision < 0
        if not full:
            persons = set(persons)
        columns, considered = _columns(family, on, None if full else persons)
        storing.store(family, columns, None if full else persons)
        if not full:
            storing.place(family)
        RankingState.objects.filter(family=family).update(
            as_of=on, computed_at=timezone.now(), computed_revision=state.revision
        )
    return Outcome(family, on, full, considered, len(columns[0]))


def _columns(family: str, on: date, persons: set[int] | None) -> tuple[tuple[list, ...], int]:
    """The stored columns (``storing.ENTRY_COLUMNS`` after the family) of the listed persons
    (of ``persons``, if given; their place then 0 until ``storing.place``), and how many
    persons have a counting result: the arrays path (``bulk``), or ``rules.ranking`` where
    that path declines."""
    options = options_of(family)
    ranked = bulk.rank(*counting_arrays(family, on, persons), on.toordinal(), options)
    if ranked is None:
        return _reference_columns(family, on, persons, options)
    columns = (
        ranked.person.tolist(),
        ranked.place.tolist() if persons is None else [0] * len(ranked),
        bulk.text(ranked.value),
        bulk.text(ranked.part_a),
        bulk.text(ranked.part_b),
        ranked.score.tolist(),
        ranked.counted.tolist(),
    )
    return columns, ranked.considered


def _reference_columns(
    family: str, on: date, persons: set[int] | None, options: rk.Options
) -> tuple[tuple[list, ...], int]:
    by_person = results_by_person(family, persons, until=on)
    computed = {}
    for person, results in by_person.items():
        outcome = rk.person_ranking(results, on, options, detail=False)
        if outcome is not None:
            computed[person] = outcome
    where = (
        storing.exact_places(
            [(outcome.value, float(outcome.value), person) for person, outcome in computed.items()]
        )
        if persons is None
        else {}
    )
    rows = [
        (
            person,
            where.get(person, 0),
            str(outcome.value),
            str(outcome.part_a),
            str(outcome.part_b),
            float(outcome.value),
            outcome.counted,
        )
        for person, outcome in computed.items()
    ]
    empty = tuple([] for _column in storing.ENTRY_COLUMNS[1:])
    columns = tuple(map(list, zip(*rows, strict=True))) if rows else empty
    considered = sum(1 for results in by_person.values() if any(_counts(r, on) for r in results))
    return columns, considered


def _counts(result: rk.Result, on: date) -> bool:
    return bool(rk.age_factor(result.last_day, on))


def verify(family: str) -> list[str]:
    """Differences between the stored ranking and a fresh computation as of the same date
    (empty: they agree)."""
    stale = storing.stale_copies().filter(event__family=family).count()
    problems = []
    if stale:
        problems.append(f"{family}: {stale} result(s) name another person than their player")
    state = RankingState.objects.filter(family=family).first()
    if state is None or state.as_of is None:
        return problems
    expected = {e.person: e for e in fresh(family, state.as_of)}
    stored = {
        e.person_id: e
        for e in RankingEntry.objects.filter(family=family).only(
            "person_id", "place", "value", "part_a", "part_b"
        )
    }
    for person in sorted(set(expected) | set(stored)):
        want, have = expected.get(person), stored.get(person)
        if want is None or have is None:
            what = "stored but not listed" if want is None else "listed but not stored"
            problems.append(f"{family}: person {person} is {what}")
            continue
        if (Fraction(have.value), have.place, Fraction(have.part_a), Fraction(have.part_b)) != (
            want.ranking.value,
            want.place,
            want.ranking.part_a,
            want.ranking.part_b,
        ):
            problems.append(
                f"{family}: person {person} stored {have.value} (place {have.place}), "
                f"computed {want.ranking.value} (place {want.place})"
            )
    return problems
