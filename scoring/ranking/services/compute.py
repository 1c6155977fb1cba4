"""The stored ranking: ``recompute`` stores it as of a date, either whole (``persons=None``)
or for the persons a change touched (their rows, then every place, since places are
relative). Both read the published results with the ORM and compute with ``rules.ranking``,
exactly; ``storing`` writes what changed. Each recompute locks the family's ``RankingState``
row, so two never interleave; ``verify`` compares the stored rows with a fresh computation."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from rules import ranking as rk
from scoring.ranking.models import RankingEntry, RankingState
from scoring.ranking.reading.inputs import options_of, results_by_person
from scoring.ranking.services import storing


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
        chosen = None if full else set(persons)
        by_person = results_by_person(family, chosen, until=on)
        options = options_of(family)
        computed = {}
        for person, results in by_person.items():
            outcome = rk.person_ranking(results, on, options, detail=False)
            if outcome is not None:
                computed[person] = outcome
        storing.store(family, computed, chosen)
        RankingState.objects.filter(family=family).update(
            as_of=on, computed_at=timezone.now(), computed_revision=state.revision
        )
    considered = sum(
        1 for results in by_person.values() if any(rk.age_factor(r.last_day, on) for r in results)
    )
    return Outcome(family, on, full, considered, len(computed))


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
