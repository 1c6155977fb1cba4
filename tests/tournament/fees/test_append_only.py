"""Nothing recorded about money can be changed or deleted: the model layer refuses it, and
below it the database's triggers (SQLite and PostgreSQL; TRUNCATE too on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from integrity.models import AppendOnlyError
from tournament.fees import reading, services
from tournament.fees.models import Fee, FeeChoice, Payment

pytestmark = pytest.mark.django_db

TABLES = ("tournament_payment", "tournament_feechoice")


@pytest.fixture
def recorded(fee_event, director):
    event = fee_event(registrants=2)
    key = reading.lines(event)[0].key
    services.record_payment(event, key, amount=4000, method="cash", by=director, key="p")
    services.choose_fee(event, key, Fee.objects.get(event=event, name="Reduced"), director)
    return event


def refused(sql: str) -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    except (DatabaseError, IntegrityError) as exc:
        assert "append-only" in str(exc)
        return True
    return False


def test_the_model_layer_refuses_changes(recorded):
    payment = Payment.objects.get()
    payment.amount = 1
    with pytest.raises(AppendOnlyError):
        payment.save()
    with pytest.raises(AppendOnlyError):
        payment.delete()
    with pytest.raises(AppendOnlyError):
        Payment.objects.update(amount=1)
    with pytest.raises(AppendOnlyError):
        Payment.objects.all().delete()
    with pytest.raises(AppendOnlyError):
        FeeChoice.objects.all().delete()
    assert Payment.objects.get().amount == 4000


@pytest.mark.parametrize("table", TABLES)
def test_the_database_refuses_changes(recorded, table):
    assert refused(f"DELETE FROM {table}")
    column = "amount = amount + 1" if table == "tournament_payment" else "reason = 'rewritten'"
    assert refused(f"UPDATE {table} SET {column}")
    assert Payment.objects.get().amount == 4000 and FeeChoice.objects.get().reason == ""


@pytest.mark.skipif(connection.vendor != "postgresql", reason="TRUNCATE is PostgreSQL's")
@pytest.mark.parametrize("table", TABLES)
def test_truncate_is_refused_on_postgresql(recorded, table):
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert refused(f"TRUNCATE {table} CASCADE")


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's triggers")
def test_migrate_creates_again_the_triggers_a_table_rebuild_dropped(db):
    from integrity.triggers import ensure_append_only

    expected = {f"{t}_no_{op}" for t in TABLES for op in ("update", "delete")}
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER tournament_payment_no_delete")
    ensure_append_only()
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        assert expected <= {row[0] for row in cursor.fetchall()}
