"""A deployment with a broker whose worker is not there (yet): importing an archive computes the
imported event's standings in the same step, so ``verify`` passes at once (issue 31, item 29).
A fresh SQLite database in another process, with Redis as the broker and no worker listening."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import redis

from scoring import exports
from tests.support.archive_event import build_archive_event

ROOT = Path(__file__).resolve().parents[2]
BROKER = "redis://127.0.0.1:6379/14"  # no worker consumes this database


def manage(var_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL"}
    }
    env.update(VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="config.settings")
    env["CELERY_BROKER_URL"] = BROKER
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.django_db
def test_an_imported_event_verifies_without_a_worker(make_hall, tmp_path):
    try:
        redis.Redis.from_url(BROKER).ping()
    except redis.RedisError:
        pytest.skip("needs Redis")
    hall = make_hall("mcr")
    build_archive_event(hall)
    event = hall.event
    archive = tmp_path / "archive.json"
    archive.write_text(exports.archive_json(event), encoding="utf-8")
    fresh = tmp_path / "fresh"
    try:
        assert manage(fresh, "migrate", "--no-input", "-v", "0").returncode == 0
        imported = manage(fresh, "import_event", "--create-users", str(archive))
        assert imported.returncode == 0, imported.stderr
        checked = manage(fresh, "verify", event.slug)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    finally:
        redis.Redis.from_url(BROKER).flushdb()
