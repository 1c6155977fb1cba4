"""Real processes for the HTTP benchmarks: gunicorn serving the app and a Celery worker, both
against a given database and Redis, on the loopback interface only."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(database_url: str, broker_url: str | None, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url,
            "DEBUG": "0",
            "HTTPS": "0",
            "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DB_CONN_MAX_AGE": "60",
            "LOG_LEVEL": "ERROR",
        }
    )
    if broker_url:
        env["CELERY_BROKER_URL"] = broker_url
        env["REDIS_URL"] = broker_url
    else:
        env.pop("CELERY_BROKER_URL", None)
        env.pop("REDIS_URL", None)
    env.update(extra)
    return env


def wait_http(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


@contextmanager
def gunicorn(env: dict[str, str], workers: int = 2, threads: int = 1):
    """Serve the app on a free loopback port; yields the base URL."""
    static_root = tempfile.mkdtemp(prefix="bench-static-")
    env = dict(env, STATIC_ROOT=static_root)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    port = free_port()
    proc = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--log-level",
            "warning",
            "--worker-class",
            "gthread" if threads > 1 else "sync",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/healthz")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@contextmanager
def celery_worker(env: dict[str, str]):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"bench-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        time.sleep(2)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
