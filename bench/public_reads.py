"""Public reads of a big event, in one process: player pages against the ``/ping`` view, and the
size of the standings API's answer.

    .venv/bin/python bench/public_reads.py [--players 1000] [--rounds 12] [--fouls 5000]
    .venv/bin/python bench/public_reads.py --players 10000
    .venv/bin/python bench/public_reads.py --database-url postgres://postgres@127.0.0.1:5432/bench_public

Builds the event in a fresh database (a temporary SQLite file by default; the PostgreSQL
database named in the URL is created and dropped), reconciles it, then times with Django's test
client (no server, no network) ``/ping`` and the pages of ``--samples`` different players, a
``/ping`` before each page so that both see the same load of the machine:

- first each page opened once: rendered, as after a round when every player opens his own
  page and none is kept yet (``first_open_ms``, ``first_open_ratio``);
- then each page again, past the second in which a page is served without asking the database
  (``kept_page_ms``, ``kept_ratio``): the rendered copy kept for the next visitor, after one
  small query.

The very first player page is left out: it decodes the snapshot once for the process.

Wall time on a shared machine counts the time a request waits while other processes run: a
request of a few milliseconds is interrupted far more often than a ``/ping`` of a quarter of
one, so under load the wall-time ratio grows with the load, not with the page's cost. Each
figure is therefore also given as the CPU time of the thread (``*_cpu_*``), which on SQLite
includes the database's work (done in this thread); on PostgreSQL the server's share is not in
it. Quote the wall-time ratio from a quiet machine, with the load average.

``api_bytes`` is the body of ``GET /api/events/<event>/standings/`` (its first page). Last line,
the issue's figure, for the first render of each page (the honest cost after a round):
``player_page_ms=<median> ping_ms=<median> ratio=<page/ping> api_bytes=<n>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import build_event, fresh_database, setup_django  # noqa: E402


def timed(client, url: str) -> tuple[float, float]:
    """Wall and thread CPU milliseconds of one GET."""
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.get(url, secure=True)
    elapsed, used = time.perf_counter() - start, time.thread_time() - cpu
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code}")
    return elapsed * 1000, used * 1000


def medians(timings: list[tuple[float, float]]) -> tuple[float, float]:
    return (
        statistics.median(t[0] for t in timings),
        statistics.median(t[1] for t in timings),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--fouls", type=int, default=5000)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()

    url, drop = fresh_database(args.database_url, "bench_public")
    try:
        setup_django(url)
        from django.conf import settings
        from django.test import Client

        settings.DEBUG = False  # no query log, as in production (static files stay plain)

        from scoring.standings.services.reconcile import reconcile_event
        from tournament.events.models import Event
        from tournament.players.models import Player

        event_id = build_event(args.players, args.rounds, fouls=args.fouls, slug="bench")
        Event.objects.filter(pk=event_id).update(is_public=True)
        reconcile_event(event_id, force=True)
        ids = list(Player.objects.filter(event_id=event_id).values_list("pk", flat=True))
        sample = random.Random(1).sample(ids, min(args.samples, len(ids)))

        client = Client()
        timed(client, f"/e/bench/players/{ids[0]}/")  # decodes the snapshot for the process
        first_ping, first, kept_ping, kept = [], [], [], []
        for pk in sample:
            first_ping.append(timed(client, "/ping"))
            first.append(timed(client, f"/e/bench/players/{pk}/"))
        # Past the second in which a page is served without asking the database.
        settings.PUBLIC_PAGE_SECONDS = 0
        for pk in sample:
            kept_ping.append(timed(client, "/ping"))
            kept.append(timed(client, f"/e/bench/players/{pk}/"))
        ping_ms, ping_cpu = medians(first_ping)
        first_ms, first_cpu = medians(first)
        kept_ping_ms, _cpu = medians(kept_ping)
        kept_ms, _cpu = medians(kept)
        api_bytes = len(client.get("/api/events/bench/standings/", secure=True).content)
        print(f"players={args.players} rounds={args.rounds} fouls={args.fouls} pages={len(sample)}")
        print(
            f"first_open_ms={first_ms:.2f} first_open_ratio={first_ms / ping_ms:.1f} "
            f"first_open_cpu_ms={first_cpu:.2f} ping_cpu_ms={ping_cpu:.3f} "
            f"first_open_cpu_ratio={first_cpu / ping_cpu:.1f}"
        )
        print(f"kept_page_ms={kept_ms:.2f} kept_ratio={kept_ms / kept_ping_ms:.1f}")
        print(
            f"player_page_ms={first_ms:.2f} ping_ms={ping_ms:.3f} "
            f"ratio={first_ms / ping_ms:.1f} api_bytes={api_bytes}"
        )
    finally:
        drop()


if __name__ == "__main__":
    main()
