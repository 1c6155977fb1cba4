"""Reading the ranking's inputs from the database, and writing the stored ranking.

``results_by_person`` reads a family's published results in a constant number of queries and
hands ``rules.ranking`` its ``Result``s (a person's page, ``verify``); ``recompute`` stores the
ranking as of a date, either whole (``persons=None``) or for the persons a change touched
(their rows, then every place, since places are relative). It reads the counting results as
arrays (``counting_arrays``) for ``bulk``, which computes what ``rules.ranking`` would, exactly,
and falls back to ``rules.ranking`` where ``bulk`` declines. Each recompute locks the family's
``RankingState`` row, so two never interleave; ``verify`` compares the stored rows with a fresh
computation by ``rules.ranking``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction

import numpy as np
from django.db import connection, transaction
from django.db.models import BigIntegerField, F
from django.db.models.functions import Cast
from django.utils import timezone

from rules import ranking as rk
from scoring.ranking import bulk
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
        rows, considered = _rows(family, on, None if full else persons)
        _store(family, rows, None if full else persons)
        if not full:
            _place(family)
        RankingState.objects.filter(family=family).update(
            as_of=on, computed_at=timezone.now(), computed_revision=state.revision
        )
    return Outcome(family, on, full, considered, len(rows))


def _rows(family: str, on: date, persons: set[int] | None) -> tuple[list[tuple], int]:
    """The stored rows (``ENTRY_COLUMNS``) of the listed persons (of ``persons``, if given;
    their place then 0 until ``_place``), and how many persons have a counting result: the
    arrays path (``bulk``), or ``rules.ranking`` where that path declines."""
    options = options_of(family)
    data = counting_arrays(family, on, persons)
    ranked = bulk.rank(*data, on.toordinal(), options)
    if ranked is None:
        return _reference_rows(family, on, persons, options)
    ids = ranked.person.tolist()
    rows = zip(
        [family] * len(ids),
        ids,
        ranked.place.tolist() if persons is None else [0] * len(ids),
        bulk.text(ranked.value),
        bulk.text(ranked.part_a),
        bulk.text(ranked.part_b),
        ranked.score.tolist(),
        ranked.counted.tolist(),
        strict=True,
    )
    return list(rows), len(np.unique(data[0]))


def _reference_rows(
    family: str, on: date, persons: set[int] | None, options: rk.Options
) -> tuple[list[tuple], int]:
    by_person = results_by_person(family, persons, until=on)
    computed = {}
    for person, results in by_person.items():
        outcome = rk.person_ranking(results, on, options, detail=False)
        if outcome is not None:
            computed[person] = outcome
    where = (
        exact_places(
            [(outcome.value, float(outcome.value), person) for person, outcome in computed.items()]
        )
        if persons is None
        else {}
    )
    rows = [
        (
            family,
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
    return rows, sum(1 for results in by_person.values() if any(_counts(r, on) for r in results))


def _counts(result: rk.Result, on: date) -> bool:
    return bool(rk.age_factor(result.last_day, on))


def counting_arrays(family: str, on: date, persons: Iterable[int] | None = None) -> tuple:
    """``bulk.rank``'s inputs: the family's published results that count on ``on`` (of
    ``persons``, if given): the results in one query, the events in a second, small one,
    both by the cursor (the ORM's rows cost more than the arithmetic)."""
    oldest = on - timedelta(days=rk.AGE_STEPS[-1][0])
    events = _counted(family).filter(last_day__lte=on, last_day__gte=oldest)
    sql, params = (
        events.order_by().values_list("event_id", "last_day", "players", "weight").query
    ).sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        facts = cursor.fetchall()
    rows = RankingResult.objects.filter(event__in=events.values("pk"), player__person__isnull=False)
    if persons is not None:
        rows = rows.filter(player__person__in=sorted(persons))
    # 2 p = 2 place + shared - 1 (tied players share the mean of their places): one column
    twice = Cast("place", BigIntegerField()) * 2 + F("shared") - 1
    sql, params = (
        rows.order_by()
        .annotate(twice=twice)
        .values_list("player__person_id", "event_id", "twice")
        .query.sql_with_params()
    )
    # each column as one comma-separated text that numpy parses: the database module builds
    # a Python tuple per row, which costs more than the query (and the arithmetic)
    concat = "group_concat({})" if connection.vendor == "sqlite" else "string_agg({}::text, ',')"
    names = ("player__person_id", "event_id", "twice")
    texts = ", ".join(concat.format(f"x.{connection.ops.quote_name(name)}") for name in names)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*), {texts} FROM ({sql}) x", params)
        count, *found = cursor.fetchone()
    person, event_id, twice_place = (np.fromstring(t or "", np.int64, sep=",") for t in found)
    if not len(person) == len(event_id) == len(twice_place) == count:
        raise RuntimeError(f"{count} results, but {len(person)} read")
    event_ids = np.array([fact[0] for fact in facts], np.int64)
    by_id = np.argsort(event_ids)
    event = by_id[np.searchsorted(event_ids, event_id, sorter=by_id)]
    texts = sorted({fact[3] for fact in facts})
    index = {text: i for i, text in enumerate(texts)}
    return (
        person,
        event,
        twice_place,
        np.array([fact[2] for fact in facts], np.int64),
        np.array([fact[1].toordinal() for fact in facts], np.int64),
        np.array([index[fact[3]] for fact in facts], np.intp),
        [Fraction(text) for text in texts],
    )


ENTRY_COLUMNS = (
    "family",
    "person_id",
    "place",
    "value",
    "part_a",
    "part_b",
    "score",
    "results",
)


def _store(family: str, rows: list[tuple], persons: set[int] | None) -> None:
    """Write the rows of the listed persons (of ``persons``, if given) and delete the rows of
    those no longer listed. An upsert that leaves equal rows alone: a recompute with nothing
    new rewrites nothing, and one a day later rewrites the rows whose place moved (most do,
    since every result that ages moves the places below it)."""
    table = RankingEntry._meta.db_table
    listed = {row[1] for row in rows}
    touched = persons
    if persons is None:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT person_id FROM {table} WHERE family = %s", [family])
            persons = {person for (person,) in cursor.fetchall()}
    gone = sorted(persons - listed)
    with connection.cursor() as cursor:
        for start in range(0, len(gone), BATCH):
            batch = gone[start : start + BATCH]
            cursor.execute(
                f"DELETE FROM {table} WHERE family = %s AND person_id IN ("
                + ", ".join(["%s"] * len(batch))
                + ")",
                [family, *batch],
            )
    _upsert(rows)
    _name(family, None if touched is None else listed)


BATCH = 500


def _upsert(rows: list[tuple]) -> None:
    """The rows (``ENTRY_COLUMNS``) in one statement per batch (a whole recompute writes ten
    thousand; a model instance per row costs more than the arithmetic); a new row's country
    and name follow in ``_name``, a row equal to the stored one is left as it is."""
    table = RankingEntry._meta.db_table
    columns = ", ".join(ENTRY_COLUMNS)
    values = ENTRY_COLUMNS[2:]
    marks = "(" + ", ".join(["%s"] * len(ENTRY_COLUMNS)) + ", '', '')"
    on_conflict = (
        " ON CONFLICT (family, person_id) DO UPDATE SET "
        + ", ".join(f"{column} = excluded.{column}" for column in values)
        + " WHERE "
        + " OR ".join(f"{table}.{column} <> excluded.{column}" for column in values)
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and rows:
            # each column as one comma-separated text, split into an array by the server:
            # psycopg binds parameters (and a list's items) one by one, in Python, and ten
            # thousand rows cost more that way than the upsert. No value holds a comma, and
            # str(float) is the shortest text that reads back as the same float.
            family, *columns_of = zip(*rows, strict=True)
            arrays = ", ".join(f"string_to_array(%s, ',')::{kind}[]" for kind in PG_TYPES)
            cursor.execute(
                f"INSERT INTO {table} ({columns}, country, name) SELECT %s, u.*, '', '' "
                f"FROM unnest({arrays}) AS u" + on_conflict,
                [family[0], *(",".join(map(str, column)) for column in columns_of)],
            )
            return
        # whole batches by one executemany: Django rewrites a statement's placeholders with a
        # regular expression, once per call, which on ten thousand rows costs more than the
        # upsert's own work when done for every batch
        whole = len(rows) - len(rows) % BATCH
        for start, stop, many in ((0, whole, True), (whole, len(rows), False)):
            if start == stop:
                continue
            sql = (
                f"INSERT INTO {table} ({columns}, country, name) VALUES "
                + ", ".join([marks] * min(BATCH, stop - start))
                + on_conflict
            )
            batches = [
                [value for row in rows[at : at + BATCH] for value in row]
                for at in range(start, stop, BATCH)
            ]
            if many:
                cursor.executemany(sql, batches)
            else:
                cursor.execute(sql, batches[0])


# the PostgreSQL types of ENTRY_COLUMNS after the family, for ``unnest``
PG_TYPES = ("bigint", "int", "text", "text", "text", "float8", "int")


def _name(family: str, persons: set[int] | None = None) -> None:
    """Copy the persons' country and name into the family's rows (of ``persons``, if given)
    where they differ (new rows, a renamed person), in one statement: cheaper than reading ten
    thousand persons. PostgreSQL joins (a correlated subquery per row is costed high enough
    to be compiled first, which takes longer than the update); SQLite before 3.33 has no
    UPDATE ... FROM."""
    if persons is not None and not persons:
        return
    table, people = RankingEntry._meta.db_table, Person._meta.db_table
    differs = f"(p.name <> {table}.name OR COALESCE(p.country, '') <> {table}.country)"
    if connection.vendor == "postgresql":
        sql = (
            f"UPDATE {table} SET country = COALESCE(p.country, ''), name = p.name "
            f"FROM {people} p WHERE p.id = {table}.person_id AND {table}.family = %s "
            f"AND {differs}"
        )
    else:
        person = f"FROM {people} p WHERE p.id = {table}.person_id"
        sql = (
            f"UPDATE {table} SET (country, name) = (SELECT COALESCE(p.country, ''), p.name "
            f"{person}) WHERE family = %s AND EXISTS (SELECT 1 {person} AND {differs})"
        )
    params: list = [family]
    if persons is not None:
        sql += f" AND {table}.person_id IN (" + ", ".join(["%s"] * len(persons)) + ")"
        params.extend(sorted(persons))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


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
