"""Writing the stored ranking: the rows of the listed persons (``store``), their names, and
the places (``place``, after an incremental recompute). Each write leaves an equal row as it
is, so a recompute with nothing new rewrites nothing. ``follow_players`` keeps each result's
copy of its player's person."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import chain

from django.db import connection
from django.db.models import F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from rules import ranking as rk
from scoring.ranking.models import RankingEntry, RankingResult
from tournament.persons.models import Person
from tournament.players.models import Player

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


def store(family: str, columns: tuple[list, ...], persons: set[int] | None) -> None:
    """Write the rows (``columns``: ``ENTRY_COLUMNS`` after the family) of the listed persons
    (of ``persons``, if given) and delete the rows of those no longer listed. An upsert that
    leaves equal rows alone: a recompute with nothing new rewrites nothing, and one a day later
    rewrites the rows whose place moved (most do, since every result that ages moves the
    places below it)."""
    table = RankingEntry._meta.db_table
    listed = set(columns[0])
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
    _upsert(family, columns)
    _name(family, None if touched is None else listed)


BATCH = 500


def _upsert(family: str, columns: tuple[list, ...]) -> None:
    """The rows in one statement per batch (a whole recompute writes ten thousand; a model
    instance per row costs more than the arithmetic); a new row's country and name follow in
    ``_name``. A row equal to the stored one is left out by a join before the insert (the
    family's state row is locked, so nothing else writes the rows meanwhile): an insert that
    meets its conflict costs more, and on PostgreSQL locks the row even where nothing changes."""
    count = len(columns[0])
    if not count:
        return
    table = RankingEntry._meta.db_table
    values = ENTRY_COLUMNS[1:]
    differs = " OR ".join(f"e.{column} <> u.{column}" for column in values[1:])
    statement = (
        f"WITH u ({', '.join(values)}) AS ({{source}}) "
        f"INSERT INTO {table} ({', '.join(ENTRY_COLUMNS)}, country, name) "
        f"SELECT {{mark}}, u.*, '', '' FROM u LEFT JOIN {table} e "
        f"ON e.family = {{mark}} AND e.person_id = u.person_id WHERE e.id IS NULL OR {differs} "
        "ON CONFLICT (family, person_id) DO UPDATE SET "
        + ", ".join(f"{column} = excluded.{column}" for column in values[1:])
    )
    if connection.vendor == "postgresql":
        # each column as one comma-separated text, split into an array by the server:
        # psycopg binds parameters (and a list's items) one by one, in Python, and ten
        # thousand rows cost more that way than the upsert. No value holds a comma, and
        # str(float) is the shortest text that reads back as the same float.
        arrays = ", ".join(f"string_to_array(%s, ',')::{kind}[]" for kind in PG_TYPES)
        with connection.cursor() as cursor:
            cursor.execute(
                statement.format(source=f"SELECT * FROM unnest({arrays})", mark="%s"),
                [*(",".join(map(str, column)) for column in columns), family, family],
            )
        return
    # the rows' values in one flat list, sliced into whole batches that go by one
    # executemany, on the sqlite3 connection itself (in Django's transaction, with its errors):
    # Django's cursor rewrites the placeholders of each statement of thousands with a regular
    # expression, which costs a quarter of the upsert's own work
    width = len(values)
    flat = list(chain.from_iterable(zip(*columns, strict=True)))
    marks = "(" + ", ".join(["?"] * width) + ")"
    whole = count - count % BATCH
    step = BATCH * width
    connection.ensure_connection()
    with connection.wrap_database_errors:
        for start, stop in ((0, whole), (whole, count)):
            if start == stop:
                continue
            source = "VALUES " + ", ".join([marks] * min(BATCH, stop - start))
            batches = [
                [*flat[at : at + step], family, family]
                for at in range(start * width, stop * width, step)
            ]
            connection.connection.executemany(statement.format(source=source, mark="?"), batches)


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


def place(family: str) -> None:
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


def stale_copies(persons: Iterable[int] | None = None):
    """The results whose copy of the person differs from their player's (of the results of
    ``persons``, before or after a change; all, if None)."""
    rows = RankingResult.objects.annotate(
        copied=Coalesce("person_id", 0), current=Coalesce("player__person_id", 0)
    ).exclude(copied=F("current"))
    if persons is not None:
        ids = sorted(persons)
        rows = rows.filter(Q(person__in=ids) | Q(player__person__in=ids))
    return rows


def follow_players(persons: Iterable[int] | None = None) -> int:
    """Copy each result's player's person into the result where it differs (see
    ``stale_copies``); how many moved."""
    person = Player.objects.filter(pk=OuterRef("player_id")).values("person")[:1]
    return RankingResult.objects.filter(pk__in=stale_copies(persons).values("pk")).update(
        person=Subquery(person)
    )
