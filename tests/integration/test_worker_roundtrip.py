"""A task enqueued through Redis runs in the separate worker process and reads our data."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from tournament.health.tasks import health_check


@pytest.mark.django_db(transaction=True)
def test_worker_reads_committed_data(celery_worker_process, make_event):
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    make_event("worker-open", players=4)
    make_event("worker-cup", players=4)
    result = health_check.delay()
    assert result.get(timeout=30) == {"events": 2}
    assert celery_worker_process.poll() is None


@pytest.mark.django_db(transaction=True)
def test_healthz_reports_worker(celery_worker_process):
    from django.core.cache import cache

    cache.clear()
    response = Client().get("/healthz?worker=1")
    assert response.status_code == 200
    assert response.json() == {"status": "up"}
