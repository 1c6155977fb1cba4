"""The deployment's PostgreSQL roles (deploy/postgres/): the role script makes an owner and an
application role, the owner migrates and grants, and the application, connected as its own
role, serves real requests through gunicorn: a foul and its void, a result corrected and
confirmed, a hand on a score sheet, the public pages, a backup. That role cannot disable a
trigger, truncate, update or delete the ledger, nor become the owner.

A database and two roles of their own, named after the test database (roles belong to the
whole cluster), are made for this test and dropped after it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from tests.integration.conftest import require_services
from tests.support.servers import gunicorn, server_env

ROOT = Path(__file__).resolve().parents[2]
SLUG = "prague-open-2026"
pytestmark = pytest.mark.django_db


def url(settings_dict, user: str, password: str | None, name: str) -> str:
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    auth = f"{user}:{password}@" if password else f"{user}@"
    return f"postgres://{auth}{host}:{port}/{name}"


def psql(dsn: str, *args: str) -> None:
    done = subprocess.run(
        ["psql", dsn, "-q", "-v", "ON_ERROR_STOP=1", *args], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def post(base: str, path: str, body: dict, token: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def get(base: str, path: str) -> int:
    with urllib.request.urlopen(base + path, timeout=30) as response:
        return response.status


@pytest.fixture
def deployment(tmp_path):
    require_services()
    settings_dict = connection.settings_dict
    superuser = settings_dict.get("USER") or "postgres"
    password = settings_dict.get("PASSWORD")
    base = settings_dict["NAME"]
    names = {"db": f"{base}_deploy", "owner": f"{base}_owner", "app": f"{base}_app"}
    maintenance = url(settings_dict, superuser, password, "postgres")

    def drop() -> None:
        psql(
            maintenance,
            "-c",
            f'DROP DATABASE IF EXISTS "{names["db"]}" WITH (FORCE)',
            "-c",
            f'DROP ROLE IF EXISTS "{names["owner"]}"',
            "-c",
            f'DROP ROLE IF EXISTS "{names["app"]}"',
        )

    drop()
    variables = [f"{k}={v}" for k, v in names.items()]
    variables += ["owner_password=owner-secret", "app_password=app-secret"]
    for _ in range(2):  # the script may run again: it changes nothing
        psql(
            maintenance,
            *[a for v in variables for a in ("-v", v)],
            "-f",
            "deploy/postgres/roles.sql",
        )
    owner = url(settings_dict, names["owner"], "owner-secret", names["db"])
    app = url(settings_dict, names["app"], "app-secret", names["db"])
    var = tmp_path / "var"
    common = {"VAR_DIR": str(var), "STATIC_ROOT": str(var / "static")}
    owner_env = server_env(owner, None, **common)
    app_env = server_env(app, None, **common)
    manage(owner_env, "migrate", "--noinput", "-v0")
    psql(
        owner,
        "-v",
        f"app={names['app']}",
        "--single-transaction",
        "-f",
        "deploy/postgres/grants.sql",
    )
    yield names, app, app_env
    drop()


def test_the_application_role_serves_the_event_and_cannot_touch_the_ledger(deployment, tmp_path):
    names, app, app_env = deployment
    # The demo event, written by the application's role: players, rounds, seats, results,
    # fouls and a void, a score sheet.
    manage(app_env, "load_demo")
    tokens = {
        user: manage(app_env, "drf_create_token", user).split()[2]
        for user in ("director", "headref")
    }
    with psycopg.connect(app) as db:
        offender, table_pk = db.execute(
            "SELECT s.player_id, t.id FROM tournament_seat s JOIN tournament_table t"
            " ON t.id = s.table_id JOIN tournament_round r ON r.id = t.round_id"
            " WHERE r.number = 3 AND t.number = 2 AND s.wind = 'S'"
        ).fetchone()
        tables = db.execute(
            "SELECT max(t.number) FROM tournament_table t JOIN tournament_round r"
            " ON r.id = t.round_id WHERE r.number = 3"
        ).fetchone()[0]
    with gunicorn(app_env, workers=1) as base:
        events = f"/api/events/{SLUG}"
        status, foul = post(
            base,
            f"{events}/fouls/",
            {
                "round": 3,
                "table": 2,
                "offender": offender,
                "code": "short_hand",
                "idempotency_key": "deploy-foul",
            },
            tokens["headref"],
        )
        assert status == 201, foul
        status, void = post(
            base, f"{events}/fouls/{foul['id']}/void/", {"reason": "Wrong seat"}, tokens["headref"]
        )
        assert status == 201, void
        status, result = post(
            base,
            f"{events}/rounds/3/tables/2/result/",
            {
                "scores": {"E": 40, "S": 5, "W": 0, "N": -45},
                "based_on_version": 1,
                "reason": "South and North swapped",
                "idempotency_key": "deploy-result",
            },
            tokens["director"],
        )
        assert status == 201 and result["version"] == 2, result
        status, confirmed = post(
            base, f"{events}/rounds/3/tables/2/result/confirm/", {"version": 2}, tokens["headref"]
        )
        assert status == 200 and confirmed["confirmed_by"], confirmed
        status, hand = post(
            base,
            f"{events}/rounds/3/tables/{tables}/sheet/hands/",
            {"number": 7, "hand": {"kind": "draw"}, "idempotency_key": "deploy-hand"},
            tokens["director"],
        )
        assert status == 201, hand
        for path in (f"/e/{SLUG}/", f"/e/{SLUG}/penalties/", f"{events}/standings/", "/healthz"):
            assert get(base, path) == 200, path
    backup = tmp_path / "backup.pgdump"
    manage(app_env, "backup", "-o", str(backup))
    assert backup.stat().st_size > 10_000

    with psycopg.connect(app, autocommit=True) as db:
        assert (
            db.execute(
                "SELECT count(*) FROM scoring_tableresult WHERE table_id = %s", [table_pk]
            ).fetchone()[0]
            == 2
        )
        refused = {
            "ALTER TABLE penalties_ledgerentry DISABLE TRIGGER ALL": "must be owner",
            "ALTER TABLE penalties_ledgerentry DISABLE TRIGGER penalties_ledgerentry_append_only": (
                "must be owner"
            ),
            "TRUNCATE penalties_ledgerentry CASCADE": "permission denied",
            "UPDATE penalties_ledgerentry SET points = points + 1": "permission denied",
            "DELETE FROM penalties_ledgerentry": "permission denied",
            "UPDATE penalties_foulreport SET code = 'warning'": "permission denied",
            "UPDATE scoring_tableresult SET reason = 'rewritten'": "permission denied",
            "UPDATE scoring_sheethand SET number = number": "permission denied",
            "SET session_replication_role = replica": "permission denied",
            f'SET ROLE "{names["owner"]}"': "permission denied",
            "CREATE TABLE intruder (id int)": "permission denied",
        }
        for sql, message in refused.items():
            with pytest.raises(psycopg.Error) as error:
                db.execute(sql)
            assert message in str(error.value), (sql, str(error.value))
        assert db.execute("SELECT count(*) FROM penalties_ledgerentry").fetchone()[0] > 0
    # What the role may do to a result, the trigger still polices: it moves `counts` only.
    with psycopg.connect(app, autocommit=True) as db, pytest.raises(psycopg.Error, match="append"):
        db.execute(
            "UPDATE scoring_tableresult SET confirmed_at = now() WHERE confirmed_at IS NOT NULL"
        )
