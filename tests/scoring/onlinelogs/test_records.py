"""An imported log is a record: the model and the database (SQLite and PostgreSQL triggers)
refuse to change or delete it."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from integrity.models import AppendOnlyError
from scoring.onlinelogs import services
from scoring.onlinelogs.models import LogImport
from scoring.sheets import services as sheets
from tests.scoring.onlinelogs.conftest import given, name_table, table


@pytest.fixture
def record(online_event) -> LogImport:
    hall = online_event()
    name_table(hall.event, "pao_tsumo.xml")
    done = services.import_table_log(
        table(hall.event), given("pao_tsumo.xml"), author=sheets.Author(user=hall.director)
    )
    return done.record


def refused(sql: str, params=()) -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params)
    except (DatabaseError, IntegrityError) as exc:
        assert "append-only" in str(exc)
        return True
    return False


def test_an_imported_log_is_never_changed_or_deleted(record):
    record.hands = 99
    with pytest.raises(AppendOnlyError):
        record.save()
    with pytest.raises(AppendOnlyError):
        record.delete()
    assert refused("UPDATE scoring_logimport SET hands = 0 WHERE id = %s", [record.pk])
    assert refused("DELETE FROM scoring_logimport WHERE id = %s", [record.pk])
    assert LogImport.objects.get(pk=record.pk).hands == 2
