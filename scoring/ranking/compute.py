"""Reading the ranking's inputs from the database, and writing the stored ranking.

``results_by_person`` reads a family's published results in a constant number of queries and
hands ``rules.ranking`` its ``Result``s; ``recompute`` stores the ranking as of a date, either
whole (``persons=None``) or for the persons a change touched (their rows, then every place,
since places are relative). Each recompute locks the family's ``RankingState`` row, so two
never interleave; ``verify`` compares the stored rows with a fresh computation.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

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


def options_of(family: str) -> rk.Options:
    found = RankingSetting.objects.filter(family=family).values_list("part_b_count", flat=True)
    return rk.Options(part_b_count=found[0]) if found else rk.Options()


def _counted(family: str):
    return RankingEvent.objects.filter(
        family=family,
        is_ranking=True,
        published_at__isnull=False,
        last_day__isnull=False,
        players__gte=2,
    )


def counted_events(family: str) -> dict[int, tuple[date, int, Fraction]]:
    """{event id: (last day, n, weight)} of the family's published ranking events."""
    return {
        pk: (last_day, n, Fraction(weight))
        for pk, last_day, n, weight in _counted(family).values_list(
            "event_id", "last_day", "players", "weight"
        )
    }


def results_by_person(
    family: str, persons: Iterable[int] | None = None, *, until: date | None = None
) -> dict[int, list[rk.Result]]:
    """Every published result of the family (of ``persons`` only, if given), by person, with
    its base rank (tied players share the mean of their places, ``RankingResult.shared``):
    two queries whatever the number of results (the results, their events)."""
    events = _counted(family)
    if until is not None:
        events = events.filter(last_day__lte=until)
    rows = RankingResult.objects.filter(event__in=events.values("pk"), player__person__isnull=False)
    if persons is not None:
        rows = rows.filter(player__person__in=list(persons))
    rows = list(rows.values_list("event_id", "place", "shared", "player__person_id"))
    if persons is not None:
        events = events.filter(pk__in=sorted({row[0] for row in rows}))
    facts = {
        pk: (last_day, n, Fraction(weight))
        for pk, last_day, n, weight in events.values_list(
            "event_id", "last_day", "players", "weight"
        )
    }
    ranks: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
    out: dict[int, list[rk.Result]] = {}
    for event, place, tied, person in rows:
        last_day, n, weight = facts[event]
        key = (event, place)
        found = ranks.get(key)
        if found is None:
            shared = Fraction(2 * place + tied - 1, 2)
            found = ranks[key] = (shared, rk.base_rank(n, shared))
        out.setdefault(person, []).append(rk.Result(event, last_day, n, found[0], weight, found[1]))
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
            outcome = rk.person_ranking(results, on, options, detail=False)
            if outcome is not None:
                computed[person] = outcome
        people = {
            p["pk"]: p
            for p in Person.objects.filter(pk__in=list(computed)).values("pk", "name", "country")
        }
        where = (
            exact_places(
                [
                    (outcome.value, float(outcome.value), person)
                    for person, outcome in computed.items()
                ]
            )
            if full
            else {}
        )
        new = [
            (
                family,
                person,
                where.get(person, 0),
                str(outcome.value),
                str(outcome.part_a),
                str(outcome.part_b),
                float(outcome.value),
                outcome.counted,
                str(people[person]["country"] or ""),
                people[person]["name"],
            )
            for person, outcome in computed.items()
        ]
        stale = RankingEntry.objects.filter(family=family)
        if not full:
            stale = stale.filter(person__in=persons)
        stale._raw_delete(stale.db)
        _insert(new)
        if not full:
            _place(family)
        RankingState.objects.filter(family=family).update(
            as_of=on, computed_at=timezone.now(), computed_revision=state.revision
        )
    return Outcome(family, on, full, len(by_person), len(computed))


ENTRY_COLUMNS = (
    "family",
    "person_id",
    "place",
    "value",
    "part_a",
    "part_b",
    "score",
    "results",
    "country",
    "name",
)


def _insert(rows: list[tuple]) -> None:
    """The new rows in one statement per batch: a whole recompute writes ten thousand, and a
    model instance per row costs more than the arithmetic."""
    table = RankingEntry._meta.db_table
    columns = ", ".join(ENTRY_COLUMNS)
    marks = "(" + ", ".join(["%s"] * len(ENTRY_COLUMNS)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 500):
            batch = rows[start : start + 500]
            cursor.execute(
                f"INSERT INTO {table} ({columns}) VALUES " + ", ".join([marks] * len(batch)),
                [value for row in batch for value in row],
            )


def exact_places(rows: list[tuple[Fraction | str, float, int]]) -> dict[int, int]:
    """{key: place} from (exact value, the value as a float, key), larger first, equal values
    sharing a place (``rules.ranking.places``, faster): rounding to a float keeps the order
    (x > y gives float(x) >= float(y)), so the floats sort, and only where two floats are
    equal do the exact values decide, order and ties alike."""
    rows = sorted(rows, key=lambda row: row[1], reverse=True)
    out: dict[int, int] = {}
    index = 0
    while index < len(rows):
        end = index + 1
        while end < len(rows) and rows[end][1] == rows[index][1]:
            end += 1
        run = rows[index:end]
        if len(run) > 1:
            exact = {row[2]: Fraction(row[0]) for row in run}
            for key, place in rk.places(exact).items():
                out[key] = index + place
        else:
            out[run[0][2]] = index + 1
        index = end
    return out


def _place(family: str) -> None:
    """Every listed person's place from the exact values (equal values share a place); only
    the places that moved are written."""
    rows = list(
        RankingEntry.objects.filter(family=family).values_list("pk", "value", "score", "place")
    )
    where = exact_places([(value, score, pk) for pk, value, score, _place in rows])
    moved = [(where[pk], pk) for pk, _value, _score, place in rows if where[pk] != place]
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
