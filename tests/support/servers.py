"""Real processes for the benchmarks and the integration tests: gunicorn serving the app and
Celery workers, against a given database and Redis, on the loopback interface only."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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
def gunicorn(env: dict[str, str], workers: int = 2, threads: int = 1, preload: bool = False):
    """Serve the app on a free loopback port; yields the base URL. ``preload``: load (and warm
    up, see ``config.wsgi``) the app once in the master, so that every worker is ready when the
    first one answers. Static files are collected into ``env``'s STATIC_ROOT, if it names
    one, else into a new temporary folder."""
    static_root = env.get("STATIC_ROOT") or tempfile.mkdtemp(prefix="bench-static-")
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
            *(["--preload"] if preload else []),
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,  # its own process group: stop_process can kill the workers too
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/healthz")
        yield base
    finally:
        stop_process(proc, timeout=30)


def start_celery_worker(
    env: dict[str, str],
    log: Path,
    *,
    app: str = "config",
    queue: str | None = None,
    name: str = "worker",
    timeout: float = 60.0,
) -> subprocess.Popen:
    """A Celery worker process (solo pool) logging at INFO level to ``log``; returns once the
    worker has logged that it is ready, so that it takes a task sent afterwards at once."""
    command = [
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
        "-n",
        f"{name}-{uuid.uuid4().hex[:8]}@%h",
    ]
    if queue:
        command += ["-Q", queue]
    with log.open("w") as output:
        proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        if " ready." in log.read_text(errors="replace"):
            return proc
        time.sleep(0.1)
    stop_process(proc)
    raise RuntimeError(f"the Celery worker did not start:\n{log.read_text()[-2000:]}")


def stop_process(proc: subprocess.Popen, timeout: float = 20.0) -> None:
    """SIGTERM, then SIGKILL if it has not exited within ``timeout`` seconds: to its whole
    process group when it leads one (gunicorn's workers with their master), else to it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill(proc)
            proc.wait()


def _kill(proc: subprocess.Popen) -> None:
    """SIGKILL, while ``proc`` is not yet reaped (so its id cannot name another process)."""
    try:
        if os.getpgid(proc.pid) == proc.pid:
            os.killpg(proc.pid, signal.SIGKILL)
            return
    except ProcessLookupError:
        return
    proc.kill()


@contextmanager
def celery_worker(env: dict[str, str], log: Path | None = None, **options):
    """A started worker (see ``start_celery_worker``) for the ``with`` block; its log goes to a
    temporary file, removed afterwards, unless ``log`` is given."""
    temporary = log is None
    if log is None:
        handle, name = tempfile.mkstemp(prefix="celery-worker-", suffix=".log")
        os.close(handle)
        log = Path(name)
    try:
        proc = start_celery_worker(env, log, **options)
        try:
            yield proc
        finally:
            stop_process(proc)
    finally:
        if temporary:
            log.unlink(missing_ok=True)
