"""A worker SIGKILLed in the middle of a reconcile leaves the snapshot stale but never wrong;
once a worker runs again (and the periodic sweep re-queues stale events) the standings
converge. The workers here are our own processes on a queue of their own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.db import connection

from scoring import services, tasks
from scoring.models import StandingsSnapshot
from tests.integration.conftest import ROOT, _database_url, _require_services
from tests.integration.test_reconcile_convergence import wait_until_current
from tests.scoring.ledger import Ledger, seated_table
from tournament.models import Event
from tournament.roles import STAFF_GROUPS


def start_worker(app: str, queue: str, log: Path, **env: str) -> subprocess.Popen:
    environment = dict(os.environ, DATABASE_URL=_database_url(connection.settings_dict), **env)
    from config.celery import app as celery_app

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            app,
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "-Q",
            queue,
            "-n",
            f"{queue}-{uuid.uuid4().hex[:6]}@%h",
        ],
        cwd=ROOT,
        env=environment,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        replies = celery_app.control.ping(timeout=1.0) or []
        if any(name.startswith(queue) for reply in replies for name in reply):
            return proc
    proc.kill()
    pytest.fail(f"worker {app} did not start: {log.read_text()[-2000:]}")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
        "tests.scoring.slow_worker",
        queue,
        ROOT / "var" / "test-slow-worker.log",
        SLOW_WORKER_MARKER=str(marker),
        SLOW_WORKER_SECONDS="120",
    )
    try:
        event, table, (east, south, west, north) = seated_table(make_event, "mcr")
        services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
        deadline = time.monotonic() + 30
        while not marker.exists():
            assert time.monotonic() < deadline, "the slow worker never started the reconcile"
            time.sleep(0.05)
        # A write lands while the task is stuck; then the worker dies without acknowledging.
        Ledger(director).transfers(table, south, {east: 10, west: 10, north: 10})
        os.kill(slow.pid, signal.SIGKILL)
        slow.wait(timeout=10)
    finally:
        stop(slow)
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.revision < Event.objects.get(pk=event.pk).revision  # stale, not wrong

    worker = start_worker("config", queue, ROOT / "var" / "test-kill-worker.log")
    try:
        # What celery beat runs every STANDINGS_SWEEP_SECONDS. The task the killed worker held
        # stays unacknowledged until the broker's visibility timeout; the sweep re-queues the
        # event (unless the new worker already ran the task queued by the second write).
        tasks.sweep_stale.apply().get()
        snapshot = wait_until_current(event.pk, timeout=30)
        revision, _method, rows = services.compute(event.pk)
        assert (snapshot.revision, snapshot.rows) == (revision, rows)
        points = {row["player"]: row["table_points"] for row in snapshot.rows}
        assert points == {east.pk: "4", west.pk: "2", south.pk: "1", north.pk: "0"}
    finally:
        stop(worker)


@pytest.fixture
def settings_override(settings, django_db_setup):
    _require_services()
    settings.STANDINGS_QUEUE = f"scoring-kill-{os.getpid()}"
    return settings
