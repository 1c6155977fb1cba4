"""Public reads of a big event, in one process: player pages against the ``/ping`` view, and the
size of the standings API's answer.

    .venv/bin/python bench/public_reads.py [--players 1000] [--rounds 12] [--fouls 5000]
    .venv/bin/python bench/public_reads.py --players 10000
    .venv/bin/python bench/public_reads.py --database-url postgres://postgres@127.0.0.1:5432/bench_public

Builds the event in a fresh database (a temporary SQLite file by default; the PostgreSQL
database named in the URL is created and dropped), reconciles it, then times with Django's test
client (no server, no network): ``/ping``, and the pages of ``--samples`` different players:
first each opened once (``first_open_ms``: rendered, as after a round when every player opens
his own page), then each again (``player_page_ms``: as when players reload or come back, served
from the kept page after at most one small query). The very first player page is left out: it
decodes the snapshot once for the process. ``api_bytes`` is the
body of ``GET /api/events/<event>/standings/`` (its first page). Last line:
``player_page_ms=<median> ping_ms=<median> ratio=<page/ping> api_bytes=<n>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from _build import build_event, fresh_database, setup_django


def timed(client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url, secure=True)
    elapsed = time.perf_counter() - start
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code}")
    return elapsed * 1000


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

        from scoring.services import reconcile_event
        from tournament.models import Event, Player

        event_id = build_event(args.players, args.rounds, fouls=args.fouls, slug="bench")
        Event.objects.filter(pk=event_id).update(is_public=True)
        reconcile_event(event_id, force=True)
        ids = list(Player.objects.filter(event_id=event_id).values_list("pk", flat=True))
        sample = random.Random(1).sample(ids, min(args.samples, len(ids)))

        client = Client()
        timed(client, f"/e/bench/players/{ids[0]}/")  # decodes the snapshot for the process
        ping = [timed(client, "/ping") for _ in range(max(len(sample), 200))]
        first = [timed(client, f"/e/bench/players/{pk}/") for pk in sample]
        again = []
        # Past the second in which a page is served without asking the database.
        settings.PUBLIC_PAGE_SECONDS = 0
        for pk in sample:
            again.append(timed(client, f"/e/bench/players/{pk}/"))
        ping_ms = statistics.median(ping)
        first_ms, page_ms = statistics.median(first), statistics.median(again)
        api_bytes = len(client.get("/api/events/bench/standings/", secure=True).content)
        print(f"players={args.players} rounds={args.rounds} fouls={args.fouls} pages={len(sample)}")
        print(f"first_open_ms={first_ms:.2f} first_open_ratio={first_ms / ping_ms:.1f}")
        print(
            f"player_page_ms={page_ms:.2f} ping_ms={ping_ms:.3f} "
            f"ratio={page_ms / ping_ms:.1f} api_bytes={api_bytes}"
        )
    finally:
        drop()


if __name__ == "__main__":
    main()
