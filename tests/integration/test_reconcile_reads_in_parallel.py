"""On PostgreSQL, outside a transaction, the reconcile reads the ledger on a helper thread's
connection while it reads the seats: same standings, every query still counted, and a broken
helper connection is replaced without failing the reconcile."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from bench._build import build_event
from scoring.standings import reconcile as standings_reconcile
from scoring.standings import snapshot
from scoring.standings.models import StandingsSnapshot
from tournament.events.models import Event

from .conftest import require_services

pytestmark = pytest.mark.django_db(transaction=True)


def test_parallel_reads_give_the_standings_of_one_connection(director):
    require_services()
    event_id = build_event(80, 4, 120, slug="parallel")
    standings_reconcile.reconcile_event(event_id)
    Event.objects.filter(pk=event_id).update(revision=10)
    assert not connection.in_atomic_block
    with CaptureQueriesContext(connection) as captured:
        assert standings_reconcile.reconcile_event(event_id)["status"] == "written"
    sql = [q["sql"] for q in captured.captured_queries]
    # Event, players, seats with their tables, the ledger (read on the helper's connection),
    # the write.
    assert len(sql) == 5 and any("penalties_ledgerentry" in q for q in sql), sql
    stored = StandingsSnapshot.objects.get(event_id=event_id).rows
    with transaction.atomic():  # inside a transaction every read is on this connection
        _revision, _method, rows = standings_reconcile.compute(event_id)
    assert stored == rows and len(rows) == 80


def test_a_broken_helper_connection_is_replaced(director):
    require_services()
    event_id = build_event(16, 2, 10, slug="parallel-broken")
    standings_reconcile.reconcile_event(event_id)

    def break_helper_connection():
        connection.ensure_connection()
        connection.connection.close()  # behind Django's back, as a server restart would

    snapshot.reader_thread().submit(break_helper_connection).result()
    assert standings_reconcile.reconcile_event(event_id, force=True)["status"] == "written"
