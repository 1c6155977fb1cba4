"""Twenty tablets (threads, each with its own PostgreSQL connection) send the same report with
the same idempotency key at once: exactly one report and one set of entries is stored."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from penalties.models import FoulReport, LedgerEntry

pytestmark = pytest.mark.django_db(transaction=True)


def test_twenty_concurrent_posts_with_one_key_store_one_report(make_hall):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    h = make_hall("classical")
    body = {
        "round": 1,
        "table": 1,
        "offender": h.south.pk,
        "code": "false_win",
        "details": {"others_exposed": True},
        "idempotency_key": "tablet-7-0001",
    }
    barrier = threading.Barrier(20)
    statuses: list[int] = []
    ids: list[int] = []
    lock = threading.Lock()

    def send():
        client = APIClient()
        client.force_authenticate(h.floor)
        try:
            barrier.wait()
            response = client.post(h.url + "fouls/", body, format="json")
            with lock:
                statuses.append(response.status_code)
                ids.append(response.json().get("id"))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(statuses) == [200] * 19 + [201]
    assert len(set(ids)) == 1
    assert FoulReport.objects.filter(event=h.event).count() == 1
    assert LedgerEntry.objects.filter(event=h.event).count() == 4  # 3 transfers + hand ends
