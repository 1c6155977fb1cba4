"""A real Celery worker process, started by the test run against the test database.

These tests run under ``make test-services`` (PostgreSQL + Redis). Without a broker they skip,
unless ``REQUIRE_SERVICES=1`` says the services must be there, in which case they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings

from bench._servers import start_celery_worker, stop_process

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/integration/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.services)


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
