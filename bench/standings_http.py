"""Public standings under load, held to the hall's budget: gunicorn (4 workers, preloaded) on
PostgreSQL with Redis as the cache and a 1000-player event, ``wrk`` for 20 s at the standings
page and at a constant view (``/ping``) of the same server, each request saying what a phone's
browser accepts (gzip).

    python bench/standings_http.py [--players 1000] [--rounds 12] [--seconds 20] [--connections 50]

The budget: the standings page's p99 within 100 ms at 50 connections (a hall's phones and
the projector reloading at once). Last line: ``standings_rps=<> baseline_rps=<>
p99_ms=<> budget_p99_ms=100 budget_ok=True|False``; the exit status is 1 over budget.
Loopback only.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import build_event, fresh_database, setup_django  # noqa: E402
from tests.support.servers import gunicorn, server_env  # noqa: E402

P99_BUDGET_MS = 100
# What every phone's browser says it accepts.
BROWSER = "Accept-Encoding: gzip, deflate, br"


def wrk(url: str, seconds: int, connections: int) -> tuple[float, float]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", BROWSER, url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    match = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    value, unit = float(match.group(1)), match.group(2)
    p99 = value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise SystemExit(f"{url}: {errors.group(1)} error responses\n{out}")
    return rps, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_http")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk")

    url, drop = fresh_database(args.database_url, "bench_http")
    try:
        setup_django(url)
        event_id = build_event(args.players, args.rounds, fouls=args.players, slug="bench")
        from scoring.standings.services.reconcile import reconcile_event
        from tournament.events.models import Event

        Event.objects.filter(pk=event_id).update(is_public=True)
        reconcile_event(event_id, force=True)
        # The cache is Redis (as in production); the broker stays unset: nothing is written.
        env = server_env(url, None, REDIS_URL=args.redis_url)
        with gunicorn(env, workers=4, preload=True) as base:
            page = f"{base}/e/bench/"
            subprocess.run(["wrk", "-t1", "-c4", "-d2s", page], capture_output=True, check=True)
            standings_rps, p99 = wrk(page, args.seconds, args.connections)
            baseline_rps, _ = wrk(f"{base}/ping", args.seconds, args.connections)
        print(f"players={args.players} rounds={args.rounds} connections={args.connections}")
        ok = p99 <= P99_BUDGET_MS
        print(
            f"standings_rps={standings_rps:.0f} baseline_rps={baseline_rps:.0f} "
            f"p99_ms={p99:.1f} budget_p99_ms={P99_BUDGET_MS} budget_ok={ok}"
        )
        if not ok:
            sys.exit(1)
    finally:
        drop()


if __name__ == "__main__":
    main()
