"""Reading the ranking's inputs from the database, and writing the stored ranking.

``results_by_person`` reads a family's published results in a constant number of queries and
hands ``rules.ranking`` its ``Result``s; ``recompute`` stores the ranking as of a date, either
whole (``persons=None``) or for the persons a change touched (their rows, then every place,
since places are relative). Each recompute locks the family's ``RankingState`` row, so two
never interleave; ``verify`` compares the stored rows with a fresh computation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import lru_cache

from django.db import connection, transaction
from django.utils import timezone

from rules import ranking as rk
from scoring.ranking.models import (
    RankingEntry,
    RankingEvent,
    RankingResult,
    RankingSetting,
    RankingState,
)
from tournament.persons.models import Person


@lru_cache(maxsize=65536)
def _shared(n: int, place: int, tied: int) -> Fraction:
    return Fraction(place) + Fraction(tied - 1, 2)


def options_of(family: str) -> rk.Options:
    found = RankingSetting.objects.filter(family=family).values_list("part_b_count", flat=True)
    return rk.Options(part_b_count=found[0]) if found else rk.Options()


def counted_events(family: str) -> dict[int, tuple[date, int, Fraction]]:
    """{event id: (last day, n, weight)} of the family's published ranking events."""
    return {
        pk: (last_day, n, Fraction(weight))
        for pk, last_day, n, weight in RankingEvent.objects.filter(
            family=family, is_ranking=True, published_at__isnull=False, last_day__isnull=False
        ).values_list("event_id", "last_day", "players", "weight")
        if n >= 2
    }


def results_by_person(
    family: str, persons: Iterable[int] | None = None, *, until: date | None = None
) -> dict[int, list[rk.Result]]:
    """Every published result of the family (of ``persons`` only, if given), by person: two
    queries, plus one for the ties of the events involved when ``persons`` is given."""
    events = counted_events(family)
    if until is not None:
        events = {k: v for k, v in events.items() if v[0] <= until}
    rows = RankingResult.objects.filter(event__in=list(events), player__person__isnull=False)
    if persons is not None:
        rows = rows.filter(player__person__in=list(persons))
    rows = list(rows.values_list("event_id", "place", "player__person_id"))
    if persons is None:
        ties = Counter((event, place) for event, place, _person in rows)
    else:
        involved = {event for event, _place, _person in rows}
        ties = Counter(
            RankingResult.objects.filter(event__in=involved).values_list("event_id", "place")
        )
    out: dict[int, list[rk.Result]] = {}
    for event, place, person in rows:
        last_day, n, weight = events[event]
        shared = _shared(n, place, ties[(event, place)])
        out.setdefault(person, []).append(rk.Result(event, last_day, n, shared, weight))
    return out


def fresh(family: str, on: date) -> list[rk.Entry]:
    return rk.ranking(results_by_person(family, until=on), on, options_of(family))


@dataclass(frozen=True)
class Outcome:
    family: str
    as_of: date
    full: bool
    persons: int
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
        options = options_of(family)
        if full:
            by_person = results_by_person(family, until=on)
        else:
            persons = set(persons)
            by_person = results_by_person(family, persons, until=on)
        computed = {}
        for person, results in by_person.items():
            outcome = rk.person_ranking(results, on, options)
            if outcome is not None:
                computed[person] = outcome
        people = {
            p["pk"]: p
            for p in Person.objects.filter(pk__in=list(computed)).values("pk", "name", "country")
        }
        new = [
            RankingEntry(
                family=family,
                person_id=person,
                place=0,
                value=str(outcome.value),
                part_a=str(outcome.part_a),
                part_b=str(outcome.part_b),
                score=float(outcome.value),
                results=len(outcome.lines),
                country=str(people[person]["country"] or ""),
                name=people[person]["name"],
            )
            for person, outcome in computed.items()
        ]
        stale = RankingEntry.objects.filter(family=family)
        if not full:
            stale = stale.filter(person__in=persons)
        stale.delete()
        RankingEntry.objects.bulk_create(new, batch_size=2000)
        _place(family)
        RankingState.objects.filter(family=family).update(
            as_of=on, computed_at=timezone.now(), computed_revision=state.revision
        )
    return Outcome(family, on, full, len(by_person), len(computed))


def _place(family: str) -> None:
    """Every listed person's place from the exact values (equal values share a place); only
    the places that moved are written."""
    rows = list(RankingEntry.objects.filter(family=family).values_list("pk", "value", "place"))
    where = rk.places({pk: Fraction(value) for pk, value, _place in rows})
    moved = [(where[pk], pk) for pk, _value, place in rows if where[pk] != place]
    if not moved:
        return
    table = RankingEntry._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"UPDATE {table} SET place = m.place FROM "
                "(SELECT unnest(%s::int[]) AS place, unnest(%s::bigint[]) AS id) AS m "
                f"WHERE {table}.id = m.id",
                [[p for p, _ in moved], [pk for _, pk in moved]],
            )
        else:
            cursor.executemany(f"UPDATE {table} SET place = %s WHERE id = %s", moved)


def verify(family: str) -> list[str]:
    """Differences between the stored ranking and a fresh computation as of the same date
    (empty: they agree)."""
    state = RankingState.objects.filter(family=family).first()
    if state is None or state.as_of is None:
        return []
    expected = {e.person: e for e in fresh(family, state.as_of)}
    stored = {
        e.person_id: e
        for e in RankingEntry.objects.filter(family=family).only(
            "person_id", "place", "value", "part_a", "part_b"
        )
    }
    problems = []
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
