"""Faults on the real stack: Redis stopped while referees submit, the database restarted in
the middle of a submission. Nothing is lost, nothing is doubled, standings converge."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token

from penalties.models import FoulReport
from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.compute import compute
from scoring.standings.services.reconcile import reconcile_event
from tests.integration.conftest import database_url, require_services
from tests.support.servers import celery_worker, free_port, gunicorn, server_env
from tournament.events.models import Event

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db(transaction=True)


def post(base: str, path: str, body: dict, token: str) -> tuple[int, dict]:
    host, port = base.replace("http://", "").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request(
        "POST",
        path,
        json.dumps(body),
        {"Content-Type": "application/json", "Authorization": f"Token {token}"},
    )
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, json.loads(data or b"{}")


def wait_until(condition, timeout: float, what: str) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if condition():
            return time.monotonic() - started
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {timeout} s")


def snapshot_current(event_id: int) -> bool:
    revision = Event.objects.values_list("revision", flat=True).get(pk=event_id)
    return StandingsSnapshot.objects.filter(event_id=event_id, revision=revision).exists()


class PrivateRedis:
    """A redis-server of this test's own, so stopping it disturbs nothing else."""

    def __init__(self):
        self.port = free_port()
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            [
                shutil.which("redis-server"),
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        wait_until(
            lambda: (
                subprocess.run(
                    ["redis-cli", "-p", str(self.port), "ping"], capture_output=True
                ).stdout.strip()
                == b"PONG"
            ),
            10,
            "redis start",
        )

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


def test_redis_down_while_referees_submit(make_hall):
    require_services()
    if not shutil.which("redis-server"):
        pytest.fail("redis-server is not installed")
    hall = make_hall("mcr")
    # The set-up's own writes queued reconciles on the session's broker, which no worker of
    # this test serves: settle them here and release their claim.
    reconcile_event(hall.event.pk)
    StandingsSnapshot.objects.filter(event=hall.event).update(enqueued_at=None)
    token = Token.objects.create(user=hall.floor).key
    url = f"/api/events/{hall.event.slug}/fouls/"
    redis = PrivateRedis()
    redis.start()
    env = server_env(database_url(connection.settings_dict), redis.url, STANDINGS_SWEEP_SECONDS="1")
    beat = None
    try:
        with celery_worker(env), gunicorn(env) as base:
            body = {"round": 1, "table": 1, "offender": hall.south.pk, "code": "short_hand"}
            assert post(base, url, body | {"idempotency_key": "up-1"}, token)[0] == 201
            wait_until(lambda: snapshot_current(hall.event.pk), 20, "the first reconcile")

            redis.stop()
            timings = []
            for n in range(3):
                started = time.monotonic()
                status, _ = post(base, url, body | {"idempotency_key": f"down-{n}"}, token)
                timings.append(time.monotonic() - started)
                assert status == 201
            assert FoulReport.objects.filter(event=hall.event).count() == 4
            assert not snapshot_current(hall.event.pk)  # stale, and shown as such
            assert max(timings) < 10

            redis.start()
            beat = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "beat",
                    "--loglevel=WARNING",
                    "--schedule",
                    str(ROOT / "var" / f"beat-{os.getpid()}"),
                ],
                cwd=ROOT,
                env=env,
            )
            waited = wait_until(lambda: snapshot_current(hall.event.pk), 60, "the sweep")
            print(f"standings current {waited:.1f} s after Redis came back")
        _revision, _method, rows = compute(hall.event.pk)
        assert StandingsSnapshot.objects.get(event=hall.event).rows == rows
    finally:
        if beat:
            beat.terminate()
            beat.wait(10)
        if redis.proc and redis.proc.poll() is None:
            redis.stop()


def _pg_cluster() -> list[str]:
    version = sorted(os.listdir("/etc/postgresql"))[0]
    return ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main"]


def test_database_restarted_during_a_submission(make_hall):
    """The database goes down after the report's rows are written and before the commit: the
    tablet sees an error and sends again with the same key; exactly one report is stored."""
    require_services()
    if not Path("/etc/postgresql").is_dir() or not shutil.which("pg_ctlcluster"):
        pytest.skip("needs a local PostgreSQL cluster to restart")
    from rest_framework.test import APIClient

    hall = make_hall("mcr")
    client = APIClient()
    client.force_authenticate(hall.floor)
    body = {
        "round": 1,
        "table": 1,
        "offender": hall.south.pk,
        "code": "short_hand",
        "idempotency_key": "restart-1",
    }
    restarted = []

    def restart_after_insert(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not restarted and sql.startswith('INSERT INTO "penalties_ledgerentry"'):
            restarted.append(True)
            subprocess.run(
                [*_pg_cluster(), "restart", "-m", "fast"], check=True, capture_output=True
            )
        return result

    with connection.execute_wrapper(restart_after_insert):
        try:
            response = client.post(f"/api/events/{hall.event.slug}/fouls/", body, format="json")
            first_status = response.status_code
        except Exception:  # the connection died under the request: the tablet sees no answer
            first_status = None
    assert restarted
    assert first_status != 201
    connection.close()
    wait_until(
        lambda: subprocess.run(["pg_isready", "-h", "127.0.0.1", "-q"]).returncode == 0,
        30,
        "PostgreSQL back",
    )
    assert FoulReport.objects.filter(event=hall.event).count() == 0  # rolled back with the crash
    response = client.post(f"/api/events/{hall.event.slug}/fouls/", body, format="json")
    assert response.status_code == 201
    again = client.post(f"/api/events/{hall.event.slug}/fouls/", body, format="json")
    assert again.status_code == 200 and again.json()["id"] == response.json()["id"]
    assert FoulReport.objects.filter(event=hall.event).count() == 1
    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
