"""Settings come from the environment: the embedded defaults and a production-like setup."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "REDIS_URL",
            "DEBUG",
            "SECRET_KEY",
            "SECRET_KEY_FILE",
            "CACHE_KEY_PREFIX",
            "HTTPS",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-key-0123456789",
        ALLOWED_HOSTS="mahjong.example.org",
        REDIS_URL="redis://r.invalid:6379/1",
        SITE_URL="https://mahjong.example.org",
        VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_warns_of_mail_links_to_another_host(tmp_path):
    """The embedded default SITE_URL (127.0.0.1) in production: every mail's links would
    lead there."""
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-key-0123456789",
        ALLOWED_HOSTS="mahjong.example.org",
        REDIS_URL="redis://r.invalid:6379/1",
        VAR_DIR=str(tmp_path),
    )
    assert result.returncode != 0
    assert "tournament.W003" in result.stdout + result.stderr


def test_check_deploy_warns_of_a_cache_in_process_memory(tmp_path):
    """Without REDIS_URL every web process would brake logins and PINs on its own."""
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-key-0123456789",
        ALLOWED_HOSTS="mahjong.example.org",
        VAR_DIR=str(tmp_path),
    )
    assert result.returncode != 0
    assert "tournament.W001" in result.stdout + result.stderr


def test_secret_key_required_in_production(tmp_path):
    result = run_manage("check", DEBUG="0", VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY (or SECRET_KEY_FILE) must be set" in result.stderr


PRINT_KEY = "from django.conf import settings as s; print(s.SECRET_KEY, s.SECRET_KEY_SOURCE)"


def test_each_var_dir_generates_its_own_secret_key(tmp_path):
    """Why several machines need SECRET_KEY or SECRET_KEY_FILE: left alone, each generates one."""
    keys = [
        run_manage(
            "shell", "--no-imports", "-c", PRINT_KEY, VAR_DIR=str(tmp_path / node)
        ).stdout.split()
        for node in ("a", "b")
    ]
    assert keys[0][1] == keys[1][1] == "generated"
    assert keys[0][0] != keys[1][0]


def test_nodes_with_their_own_var_dirs_share_the_key_file(tmp_path):
    key_file = tmp_path / "secret"
    key_file.write_text("shared-secret-key-" + "k" * 40 + "\n")
    keys = {
        tuple(
            run_manage(
                "shell",
                "--no-imports",
                "-c",
                PRINT_KEY,
                DEBUG="0",
                ALLOWED_HOSTS="node.example.org",
                SECRET_KEY_FILE=str(key_file),
                VAR_DIR=str(tmp_path / node),
            ).stdout.split()
        )
        for node in ("a", "b")
    }
    assert keys == {("shared-secret-key-" + "k" * 40, "file")}
    assert not (tmp_path / "a" / "secret_key").exists()


def test_an_unreadable_key_file_is_refused(tmp_path):
    result = run_manage("check", SECRET_KEY_FILE=str(tmp_path / "missing"), VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY_FILE cannot be read" in result.stderr


def test_check_warns_of_a_generated_key_with_a_shared_database(tmp_path):
    result = run_manage(
        "check",
        "--fail-level",
        "WARNING",
        DATABASE_URL="postgres://u@db.invalid:5432/x",
        VAR_DIR=str(tmp_path),
    )
    assert result.returncode != 0
    assert "tournament.W002" in result.stdout + result.stderr
    with_key = run_manage(
        "check",
        "--fail-level",
        "WARNING",
        DATABASE_URL="postgres://u@db.invalid:5432/x",
        SECRET_KEY="shared-secret-key-" + "k" * 40,
        VAR_DIR=str(tmp_path),
    )
    assert with_key.returncode == 0, with_key.stdout + with_key.stderr


def test_embedded_defaults(tmp_path):
    code = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER,"
        " s.CACHES['default']['BACKEND'].rsplit('.', 1)[1],"
        " s.DATABASES['default']['OPTIONS']['transaction_mode'])"
    )
    result = run_manage("shell", "--no-imports", "-c", code, VAR_DIR=str(tmp_path))
    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "True",
        "LocMemCache",
        "IMMEDIATE",
    ]


def test_services_from_environment(tmp_path):
    code = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER,"
        " s.CACHES['default']['BACKEND'].rsplit('.', 1)[1])"
    )
    result = run_manage(
        "shell",
        "--no-imports",
        "-c",
        code,
        VAR_DIR=str(tmp_path),
        DATABASE_URL="postgres://u@db.invalid:5432/x",
        CELERY_BROKER_URL="redis://r.invalid:6379/0",
        REDIS_URL="redis://r.invalid:6379/1",
    )
    assert result.stdout.split() == ["django.db.backends.postgresql", "False", "RedisCache"], (
        result.stderr
    )


def test_sqlite_file_database_uses_wal_and_busy_timeout(tmp_path):
    code = (
        "from django.db import connection as c;"
        "cur = c.cursor(); cur.execute('PRAGMA journal_mode'); mode = cur.fetchone()[0];"
        "cur.execute('PRAGMA busy_timeout'); print(mode, cur.fetchone()[0])"
    )
    result = run_manage("shell", "--no-imports", "-c", code, VAR_DIR=str(tmp_path))
    assert result.stdout.split() == ["wal", "20000"], result.stderr
