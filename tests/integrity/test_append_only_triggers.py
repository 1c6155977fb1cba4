"""The database itself keeps the ledger, the reports, their co-offenders, voids, re-pricing
links, table results and seat scores append-only, on SQLite and PostgreSQL: raw UPDATE and
DELETE are refused, and on PostgreSQL TRUNCATE too. A result version may only move ``counts``
and be confirmed once."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from integrity.triggers import ensure_append_only, registered_tables
from penalties.repricing.services import reprice_event
from scoring.results import services as result_services
from scoring.results.models import TableResult
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db

CLOSED = [
    "penalties_ledgerentry",
    "penalties_foulreport",
    "penalties_void",
    "penalties_foulreport_co_offenders",
    "penalties_replacement",
    "scoring_seatscore",
    "scoring_tableresult",
]


@pytest.fixture
def played(make_hall):
    hall = make_hall("classical")
    first = hall.foul(
        hall.floor,
        "false_win",
        hall.south,
        {"others_exposed": True, "co_offenders": [hall.west.pk]},
    )
    assert first.status_code == 201, first.content
    assert hall.void(hall.director, first.json()["id"]).status_code == 201
    second = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True})
    assert second.status_code == 201, second.content
    repriced = reprice_event(
        hall.event, hall.director, ruleset="classical", options={"false_win_amount": 600},
        reason="The rule sheet said 600",
    )  # fmt: skip
    assert repriced.repriced  # a replacement link
    table = Table.objects.get(round__event=hall.event, round__number=1, number=1)
    result_services.enter_result(table, hall.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    return hall


def refused(sql: str, params=()) -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params)
    except (DatabaseError, IntegrityError) as exc:
        assert "append-only" in str(exc)
        return True
    return False


@pytest.mark.parametrize("table", CLOSED)
def test_raw_delete_is_refused(played, table):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        count = cursor.fetchone()[0]
    assert count > 0
    assert refused(f"DELETE FROM {table}")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        assert cursor.fetchone()[0] == count


@pytest.mark.parametrize(
    "table,assignment",
    [
        ("penalties_ledgerentry", "points = points + 5"),
        ("penalties_foulreport", "code = 'warning'"),
        ("penalties_void", "reason = 'changed'"),
        ("penalties_foulreport_co_offenders", "player_id = player_id"),
        ("penalties_replacement", "replacement_id = replacement_id"),
        ("scoring_seatscore", "score = score + 1"),
        ("scoring_tableresult", "reason = 'rewritten'"),
        ("scoring_tableresult", "version = version + 10"),
    ],
)
def test_raw_update_is_refused(played, table, assignment):
    assert refused(f"UPDATE {table} SET {assignment}")


def test_a_result_may_move_counts_and_be_confirmed_once(played):
    result = TableResult.objects.get(event=played.event)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE scoring_tableresult SET counts = %s WHERE id = %s", [False, result.pk]
        )
        cursor.execute(
            "UPDATE scoring_tableresult SET confirmed_by_id = %s, confirmed_at = %s WHERE id = %s",
            [played.head.pk, "2026-01-01 10:00:00", result.pk],
        )
    assert refused(
        "UPDATE scoring_tableresult SET confirmed_by_id = %s WHERE id = %s",
        [played.floor.pk, result.pk],
    )


@pytest.mark.skipif(connection.vendor != "postgresql", reason="TRUNCATE is PostgreSQL's")
@pytest.mark.parametrize("table", CLOSED)
def test_truncate_is_refused_on_postgresql(played, table):
    with connection.cursor() as cursor:
        # The fixture's inserts left deferred foreign key checks, which TRUNCATE waits for.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert refused(f"TRUNCATE {table} CASCADE")


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's triggers")
def test_every_sqlite_trigger_is_there():
    """SQLite drops a table's triggers when a migration rebuilds the table: ``migrate`` ends
    with ``integrity.triggers.ensure_append_only``, which creates them again."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        names = {row[0] for row in cursor.fetchall()}
    expected = {f"{t}_no_{op}" for t in registered_tables() for op in ("update", "delete")}
    assert set(CLOSED) <= set(registered_tables())
    assert expected <= names, sorted(expected - names)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's triggers")
def test_every_postgresql_trigger_is_there():
    """One function behind every append-only table's triggers; the older ones are gone."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, t.tgname, p.proname FROM pg_trigger t "
            "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid "
            "WHERE NOT t.tgisinternal AND p.proname LIKE %s",
            ["%append_only%"],
        )
        rows = cursor.fetchall()
    assert {function for _, _, function in rows} == {"integrity_append_only"}
    expected = {
        (table, f"{table}_{kind}")
        for table in registered_tables()
        for kind in ("append_only", "no_truncate")
    }
    assert expected <= {(table, name) for table, name, _ in rows}


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's triggers")
def test_migrate_creates_again_the_triggers_a_table_rebuild_dropped():
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER penalties_ledgerentry_no_update")
        cursor.execute("DROP TRIGGER scoring_tableresult_no_update")
    ensure_append_only()
    test_every_sqlite_trigger_is_there()


def test_every_append_only_model_is_registered():
    """The tables the model layer closes are the tables the database closes, and more: the
    ones whose rows a few columns may still move declare their rule."""
    from django.apps import apps

    from integrity.models import AppendOnlyModel

    for model in apps.get_models():
        if issubclass(model, AppendOnlyModel):
            assert model._meta.db_table in registered_tables()
