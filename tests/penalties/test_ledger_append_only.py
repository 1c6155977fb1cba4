"""The ledger, reports and voids are append-only in the model layer and, on PostgreSQL, in the
database itself."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from integrity.models import AppendOnlyError
from penalties.models import FoulReport, LedgerEntry, Void

pytestmark = pytest.mark.django_db


@pytest.fixture
def recorded(hall):
    report = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}).json()
    hall.void(hall.head, report["id"])
    return hall


@pytest.mark.parametrize("model", [LedgerEntry, FoulReport, Void])
def test_model_layer_refuses_update_and_delete(recorded, model):
    row = model.objects.first()
    with pytest.raises(AppendOnlyError):
        row.save()
    with pytest.raises(AppendOnlyError):
        row.delete()
    with pytest.raises(AppendOnlyError):
        model.objects.all().update(created_at=row.created_at)
    with pytest.raises(AppendOnlyError):
        model.objects.all().delete()
    with pytest.raises(AppendOnlyError):
        model.objects.bulk_update([row], ["created_at"])


def test_an_entry_is_reversed_at_most_once(recorded):
    reversal = LedgerEntry.objects.filter(reverses__isnull=False).first()
    original = reversal.reverses
    with pytest.raises(DatabaseError), transaction.atomic():
        LedgerEntry.objects.create(
            event=original.event,
            round=original.round,
            table=original.table,
            player=original.player,
            kind=original.kind,
            points=-original.points,
            scope=original.scope,
            counterpart=original.counterpart,
            report=original.report,
            void=reversal.void,
            reverses=original,
            ruleset_key="classical",
            ruleset_version="x",
            created_by=reversal.created_by,
        )


def test_admin_is_read_only(recorded, director, client):
    from django.contrib.admin.sites import site
    from django.test import RequestFactory

    director.is_staff = True
    director.is_superuser = True
    director.save()
    request = RequestFactory().get("/")
    request.user = director
    for model in (LedgerEntry, FoulReport, Void):
        admin = site._registry[model]
        assert not admin.has_add_permission(request)
        assert not admin.has_change_permission(request)
        assert not admin.has_delete_permission(request)
        assert admin.has_view_permission(request)
    client.force_login(director)
    entry = LedgerEntry.objects.first()
    assert client.get(f"/admin/penalties/ledgerentry/{entry.pk}/change/").status_code == 200
    assert client.post(f"/admin/penalties/ledgerentry/{entry.pk}/delete/").status_code == 403


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
@pytest.mark.parametrize(
    "table", ["penalties_ledgerentry", "penalties_foulreport", "penalties_void"]
)
def test_postgresql_trigger_refuses_raw_update_and_delete(recorded, table):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        count = cursor.fetchone()[0]
        assert count > 0
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            cursor.execute(f"UPDATE {table} SET created_at = now()")
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            cursor.execute(f"DELETE FROM {table}")
        cursor.execute(f"SELECT count(*) FROM {table}")
        assert cursor.fetchone()[0] == count
