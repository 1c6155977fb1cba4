"""A real Celery worker process, started by the test run against the test database.

These tests run under ``make test-services`` (PostgreSQL + Redis). Without a broker they skip,
unless ``REQUIRE_SERVICES=1`` says the services must be there, in which case they fail.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from scoring.standings.models import StandingsSnapshot
from tests.support.servers import start_celery_worker, stop_process
from tournament.events.models import Event

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/integration/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.services)


@pytest.fixture(autouse=True)
def tasks_go_to_the_worker(settings):
    """The real worker runs the tasks: whatever an earlier test's fixture left in the Celery
    app's own configuration, nothing runs in-process here."""
    from config.celery import app

    before = app.conf.task_always_eager
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = before


def require_services() -> None:
    if settings.CELERY_BROKER_URL and settings.DATABASES["default"]["ENGINE"].endswith(
        "postgresql"
    ):
        return
    message = "needs PostgreSQL (DATABASE_URL) and Redis (CELERY_BROKER_URL)"
    if os.environ.get("REQUIRE_SERVICES"):
        pytest.fail(message)
    pytest.skip(message)


def database_url(settings_dict) -> str:
    user = settings_dict.get("USER") or ""
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    require_services()
    from django.db import connection

    from config.celery import app

    app.control.purge()
    env = dict(os.environ, DATABASE_URL=database_url(connection.settings_dict))
    try:
        proc = start_celery_worker(env, ROOT / "var" / "test-worker.log", name="test")
    except RuntimeError as error:
        pytest.fail(str(error))
    yield proc
    stop_process(proc)


def wait_until_idle(app, seconds: float = 60) -> None:
    """Until the worker runs and holds no task and nothing waits in the queue: a task a test
    queued must not write while the next test's database is being flushed."""
    import time

    deadline = time.monotonic() + seconds
    with app.connection_for_write() as conn:
        while time.monotonic() < deadline:
            inspect = app.control.inspect(timeout=0.5)
            busy = [t for tasks in (inspect.active() or {}).values() for t in tasks]
            busy += [t for tasks in (inspect.reserved() or {}).values() for t in tasks]
            queued = conn.default_channel.client.llen(app.conf.task_default_queue or "celery")
            if not busy and not queued:
                return
            time.sleep(0.2)


def wait_until_current(event_id: int, timeout: float = 60.0) -> StandingsSnapshot:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        revision = Event.objects.values_list("revision", flat=True).get(pk=event_id)
        snapshot = StandingsSnapshot.objects.filter(event_id=event_id).first()
        if snapshot and snapshot.revision == revision:
            return snapshot
        time.sleep(0.1)
    raise AssertionError(f"standings of event {event_id} did not converge in {timeout} s")


@pytest.fixture
def riichi(make_hall):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    cache.clear()
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall
