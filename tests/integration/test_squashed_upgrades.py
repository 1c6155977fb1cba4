"""The squashed migrations upgrade the two databases they promise to: one made by the release
of ``2fa290b`` (each app's first squash is recorded, the rest runs whole) and one made by
``4067fef``, the last main that landed (the squashes up to it are recorded, the rest runs, data
steps included: persons' match keys, registrations' and players' addresses into contacts). Each
database is
made by that commit's own ``manage.py migrate`` (a ``git archive`` of it, run with this
project's Python), given an event, players, a table result and a foul with its ledger entries,
then migrated by today's tree: the rows are there, and the append-only tables refuse an UPDATE
through the one trigger function of ``integrity``, the older functions gone.

On PostgreSQL and SQLite, in ``make test-services`` (each case takes minutes)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import uuid
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
RELEASE = "2fa290b"  # each app's first squash ends at this commit's last migration
BEFORE_SQUASH = "4067fef"  # the last main that landed, before the squash
POSTGRES = "django.db.backends.postgresql"
# What a database of the last landed main holds besides: a person, a registration that became
# a player, another player's notification address.
SEED_LANDED = """
from django.apps import apps

M = lambda name: apps.get_model("tournament", name)
event = M("Event").objects.get(slug="upgrade")
ania, piotr = M("Player").objects.filter(event=event).order_by("pk")[:2]
person = M("Person").objects.create(name="Łucja Ania", name_key="łucja ania")
M("Player").objects.filter(pk=ania.pk).update(person=person)
M("Registration").objects.create(
    event=event, name="Ania", name_key="ania", email="Ania@example.org", language="pl",
    status="accepted", player=ania, link_nonce="n1",
)
M("Recipient").objects.create(
    player=piotr, email="piotr@example.org", language="cs", email_on=False
)
"""
SEED = """
from django.contrib.auth import get_user_model
from django.apps import apps

M = lambda name: apps.get_model("tournament", name)
director = get_user_model().objects.create(username="upgrade-director")
event = M("Event").objects.create(name="Upgrade", slug="upgrade", ruleset="mcr", director=director)
players = [
    M("Player").objects.create(event=event, name=name, name_key=name.lower())
    for name in ("Ania", "Piotr", "Ewa", "Jan")
]
round_ = M("Round").objects.create(event=event, number=1)
table = M("Table").objects.create(round=round_, number=1)
for player, wind in zip(players, "ESWN"):
    M("Seat").objects.create(round=round_, table=table, player=player, wind=wind)
Result = apps.get_model("scoring", "TableResult")
result = Result.objects.create(
    event=event, round=round_, table=table, version=1, entered_by=director, counts=True,
    ruleset_key="mcr", ruleset_version="1",
)
for player, wind, score in zip(players, "ESWN", (30, 10, -10, -30)):
    apps.get_model("scoring", "SeatScore").objects.create(
        result=result, player=player, wind=wind, score=score
    )
report = apps.get_model("penalties", "FoulReport").objects.create(
    event=event, round=round_, table=table, offender=players[1], code="false_win",
    ruleset_key="mcr", ruleset_version="1", referee=director, idempotency_key="k1",
)
apps.get_model("penalties", "LedgerEntry").objects.create(
    event=event, round=round_, table=table, player=players[1], kind="deduct", points=-30,
    report=report, ruleset_key="mcr", ruleset_version="1", created_by=director,
)
"""
COUNT = {
    "tournament_player": 4,
    "scoring_tableresult": 1,
    "scoring_seatscore": 4,
    "penalties_foulreport": 1,
    "penalties_ledgerentry": 1,
}
REFUSED = (
    "UPDATE penalties_ledgerentry SET points = points + 5",
    "DELETE FROM penalties_foulreport",
    "UPDATE scoring_seatscore SET score = score + 1",
    "UPDATE scoring_tableresult SET reason = 'rewritten'",
)


def tree_of(commit: str, into: Path) -> Path:
    found = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True
    )
    if found.returncode != 0:
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail(f"commit {commit} is not in this checkout's history")
        pytest.skip(f"commit {commit} is not in this checkout's history")
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
        capture_output=True,
        check=True,
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def manage(tree: Path, url: str, var: Path, *args: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "PYTHONPATH": str(tree),
        "VAR_DIR": str(var),
        "CELERY_BROKER_URL": "",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.pop("REQUIRE_SERVICES", None)
    answer = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    return answer


def postgres_database():
    """A fresh database beside the test database; dropped afterwards."""
    import psycopg

    base = settings.DATABASES["default"]
    name = f"upgrade_{uuid.uuid4().hex[:10]}"
    params = {
        "host": base["HOST"] or None,
        "port": base["PORT"] or None,
        "user": base["USER"],
        "password": base["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**params) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    auth = base["USER"] + (f":{base['PASSWORD']}" if base["PASSWORD"] else "")
    url = f"postgres://{auth}@{base['HOST'] or '127.0.0.1'}:{base['PORT'] or 5432}/{name}"

    def connect():
        return psycopg.connect(**{**params, "dbname": name})

    def drop():
        with psycopg.connect(**params) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return url, connect, drop


def check_upgraded(connect, vendor: str) -> None:
    with connect() as db:
        for table, count in COUNT.items():
            assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == count, table
        for sql in REFUSED:
            try:
                db.execute(sql)
            except Exception as exc:  # the driver's own error class
                assert "append-only" in str(exc), exc
                db.rollback()
            else:
                pytest.fail(f"not refused: {sql}")
        # a result version may still move ``counts``
        db.execute("UPDATE scoring_tableresult SET counts = false")
        db.rollback()
        if vendor == "postgresql":
            functions = {
                row[0]
                for row in db.execute(
                    "SELECT p.proname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid "
                    "WHERE NOT t.tgisinternal AND (p.proname LIKE '%append_only%' "
                    "OR p.proname LIKE 'scoring_result%')"
                )
            }
            assert functions == {"integrity_append_only"}
            legacy = db.execute(
                "SELECT count(*) FROM pg_proc WHERE proname IN "
                "('penalties_append_only', 'scoring_hands_append_only', 'scoring_result_versions')"
            ).fetchone()[0]
            assert legacy == 0


def check_contacts(connect) -> None:
    """The landed main's addresses, languages and choices, one contact per person; the
    person's match key filled."""
    with connect() as db:
        rows = db.execute(
            "SELECT c.email, c.language, c.email_on, p.name FROM tournament_contact c "
            "JOIN tournament_player p ON p.id = c.player_id ORDER BY p.name"
        ).fetchall()
        assert [(e, lang, bool(on), name) for e, lang, on, name in rows] == [
            ("Ania@example.org", "pl", True, "Ania"),
            ("piotr@example.org", "cs", False, "Piotr"),
        ]
        linked = db.execute(
            "SELECT count(*) FROM tournament_registration r JOIN tournament_contact c "
            "ON c.id = r.contact_id WHERE c.email = 'Ania@example.org'"
        ).fetchone()[0]
        assert linked == 1
        assert db.execute("SELECT match_key FROM tournament_person").fetchone()[0] != ""


def sqlite_database(tmp_path: Path):
    import sqlite3

    path = tmp_path / "upgrade.sqlite3"

    def connect():
        return sqlite3.connect(path)

    return f"sqlite:///{path}", connect, lambda: None


@pytest.mark.parametrize("commit", [RELEASE, BEFORE_SQUASH])
@pytest.mark.parametrize(
    "vendor",
    # each case migrates twice from scratch (about two minutes): both run in make test-services
    [
        pytest.param("postgresql", marks=pytest.mark.services),
        pytest.param("sqlite", marks=pytest.mark.services),
    ],
)
def test_an_older_database_migrates_with_its_data(tmp_path, commit, vendor):
    if vendor == "postgresql" and settings.DATABASES["default"]["ENGINE"] != POSTGRES:
        pytest.skip("PostgreSQL's case runs with make test-services")
    url, connect, drop = (
        postgres_database() if vendor == "postgresql" else sqlite_database(tmp_path)
    )
    try:
        old = tree_of(commit, tmp_path / "old")
        var = tmp_path / "var"
        manage(old, url, var, "migrate", "--noinput", "-v0")
        manage(old, url, var, "shell", "-c", SEED)
        if commit == BEFORE_SQUASH:
            manage(old, url, var, "shell", "-c", SEED_LANDED)
        manage(ROOT, url, var, "migrate", "--noinput", "-v0")
        manage(ROOT, url, var, "migrate", "--check", "-v0")  # nothing left to apply
        check_upgraded(connect, vendor)
        if commit == BEFORE_SQUASH:
            check_contacts(connect)
    finally:
        drop()
