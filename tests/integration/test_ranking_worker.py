"""With a broker, a publish (here: an import of a past event) queues the ranking's recompute
after commit; the worker process computes it, and ``verify`` agrees with it."""

from __future__ import annotations

import time

import pytest
from django.conf import settings

from config.celery import app
from scoring.ranking.models import RankingEntry
from scoring.ranking.services import compute
from tests.integration.conftest import wait_until_idle
from tests.support.ranking import EXPECTED, eight_events


@pytest.mark.django_db(transaction=True)
def test_worker_recomputes_the_ranking(celery_worker_process, director):
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    eight_events(director)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        values = sorted(RankingEntry.objects.values_list("place", flat=True))
        if values == [1, 2, 3, 4, 5] and not compute.verify("mcr"):
            break
        time.sleep(0.5)
    assert sorted(e.place for e in RankingEntry.objects.all()) == sorted(
        place for *_, place in EXPECTED.values()
    )
    assert compute.verify("mcr") == []
    assert celery_worker_process.poll() is None
    wait_until_idle(app)  # the other publishes' recomputes, before the database is flushed
