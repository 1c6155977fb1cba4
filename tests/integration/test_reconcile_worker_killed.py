"""A worker SIGKILLed in the middle of a reconcile leaves the snapshot stale but never wrong;
once a worker runs again (and the periodic sweep re-queues stale events) the standings
converge. The workers here are our own processes on a queue of their own."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.db import connection

from scoring.results import services as result_services
from scoring.standings import tasks
from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.compute import compute
from tests.integration.conftest import ROOT, database_url, require_services, wait_until_current
from tests.support.ledger import Ledger, seated_table
from tests.support.servers import start_celery_worker, stop_process
from tournament.access.roles import STAFF_GROUPS
from tournament.events.models import Event


def start_worker(app: str, queue: str, log: Path, **env: str) -> subprocess.Popen:
    environment = dict(os.environ, DATABASE_URL=database_url(connection.settings_dict), **env)
    try:
        return start_celery_worker(environment, log, app=app, queue=queue, name=queue)
    except RuntimeError as error:
        pytest.fail(str(error))


@pytest.fixture(autouse=True)
def staff_groups(transactional_db):
    """Transactional tests flush the database, data-migration groups included: restore them."""
    for name in STAFF_GROUPS:
        Group.objects.get_or_create(name=name)


@pytest.mark.django_db(transaction=True)
def test_sigkill_mid_task_then_converge(settings_override, make_event, director, tmp_path):
    queue = settings.STANDINGS_QUEUE
    marker = tmp_path / "computing"
    slow = start_worker(
        "tests.support.slow_worker",
        queue,
        ROOT / "var" / "test-slow-worker.log",
        SLOW_WORKER_MARKER=str(marker),
        SLOW_WORKER_SECONDS="120",
    )
    try:
        event, table, (east, south, west, north) = seated_table(make_event, "mcr")
        result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
        deadline = time.monotonic() + 30
        while not marker.exists():
            assert time.monotonic() < deadline, "the slow worker never started the reconcile"
            time.sleep(0.05)
        # A write lands while the task is stuck; then the worker dies without acknowledging.
        Ledger(director).transfers(table, south, {east: 10, west: 10, north: 10})
        os.kill(slow.pid, signal.SIGKILL)
        slow.wait(timeout=10)
    finally:
        stop_process(slow)
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.revision < Event.objects.get(pk=event.pk).revision  # stale, not wrong

    worker = start_worker("config", queue, ROOT / "var" / "test-kill-worker.log")
    try:
        # What celery beat runs every STANDINGS_SWEEP_SECONDS. The task the killed worker held
        # stays unacknowledged until the broker's visibility timeout; the sweep re-queues the
        # event (unless the new worker already ran the task queued by the second write).
        tasks.sweep_stale.apply().get()
        snapshot = wait_until_current(event.pk, timeout=30)
        revision, _method, rows = compute(event.pk)
        assert (snapshot.revision, snapshot.rows) == (revision, rows)
        points = {row["player"]: row["table_points"] for row in snapshot.rows}
        assert points == {east.pk: "4", west.pk: "2", south.pk: "1", north.pk: "0"}
    finally:
        stop_process(worker)


@pytest.fixture
def settings_override(settings, django_db_setup):
    require_services()
    settings.STANDINGS_QUEUE = f"scoring-kill-{os.getpid()}"
    return settings
