"""Player statistics on a big event, in one process: the player's page with its statistics
include against the same page without it, the statistics pages cold (nothing kept) and warm
(the reading kept in the cache), against the ``/ping`` view.

    .venv/bin/python bench/stats.py [--players 500] [--rounds 12] [--hands 16] [--samples 100]
    .venv/bin/python bench/stats.py --database-url postgres://postgres@127.0.0.1:5432/bench_stats

Builds ``tests/support/build.py``'s event (MCR, every table's result) in a fresh database, gives
every table a closed score sheet of ``--hands`` hands (wins by discard and self-drawn, draws), all
by bulk inserts, and reconciles it. Then, with Django's test client (no server), for ``--samples``
players, each time after emptying the cache and the pages kept in the process (the honest cost
of a first open after a hand moved the sheets):

- ``player_page_ms``: the player's page (``/e/<event>/players/<id>/``) with its statistics, and
  ``plain_page_ms``: the same page of the same event without sheets (no statistics);
- ``stats_cold_ms`` / ``stats_warm_ms``: the player's statistics page, nothing kept / the
  reading kept;
- ``event_cold_ms`` / ``event_warm_ms``: the event's statistics page (every player), once each;
- the queries of each (they do not depend on the number of hands).

Wall time on a shared machine counts the time a request waits while other processes run;
each figure is also given as the thread's CPU time (on SQLite the database's work is in it,
on PostgreSQL the server's share is not). Quote both, with the load average.

Last line: ``players=<n> hands=<n> ping_ms=<ms> player_page_ms=<ms> plain_page_ms=<ms>
ratio=<page/ping> stats_cold_ms=<ms> stats_warm_ms=<ms> event_cold_ms=<ms> event_warm_ms=<ms>``.
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


def add_sheets(event_id: int, hands: int, seed: int = 2) -> int:
    """A closed sheet of ``hands`` MCR hands at every table. Returns the number of hands."""
    from django.db import transaction

    from scoring.sheets.models import ScoreSheet, SheetHand
    from tournament.events.models import Event
    from tournament.rounds.models import Table

    rng = random.Random(seed)
    with transaction.atomic():
        Event.objects.filter(pk=event_id).update(keeps_score_sheets=True)
        tables = list(Table.objects.filter(round__event_id=event_id).order_by("pk"))
        sheets = ScoreSheet.objects.bulk_create(
            [
                ScoreSheet(event_id=event_id, round_id=t.round_id, table=t, status="closed")
                for t in tables
            ],
            batch_size=2000,
        )
        rows = []
        for sheet in sheets:
            for number in range(1, hands + 1):
                kind = rng.random()
                winner = rng.randrange(4)
                if kind < 0.15:
                    data = {"kind": "draw"}
                else:
                    discarder = None if kind < 0.4 else (winner + rng.randrange(1, 4)) % 4
                    win = {"winner": winner, "fan": rng.randrange(8, 30)}
                    data = {"kind": "win", "wins": [win], "discarder": discarder}
                rows.append(
                    SheetHand(
                        sheet=sheet,
                        number=number,
                        kind=data["kind"],
                        data=data,
                        idempotency_key=f"{sheet.pk}-{number}",
                    )
                )
        SheetHand.objects.bulk_create(rows, batch_size=5000)
    return len(rows)


def timed(client, url: str, forget) -> tuple[float, float, int]:
    """Wall and thread CPU milliseconds and the queries of one GET, after ``forget()``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    forget()
    with CaptureQueriesContext(connection) as captured:
        start, cpu = time.perf_counter(), time.thread_time()
        response = client.get(url, secure=True)
        elapsed, used = (time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code}")
    return elapsed, used, len(captured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()

    url, drop = fresh_database(args.database_url, "bench_stats")
    try:
        setup_django(url)
        from django.conf import settings
        from django.core.cache import cache
        from django.test import Client

        from scoring.standings.services.reconcile import reconcile_event
        from tournament.events.models import Event
        from tournament.players.models import Player

        settings.PUBLIC_PAGE_SECONDS = 0
        event_id = build_event(args.players, args.rounds, fouls=0, slug="bench")
        Event.objects.filter(pk=event_id).update(is_public=True)
        hands = add_sheets(event_id, args.hands)
        reconcile_event(event_id, force=True)
        ids = list(Player.objects.filter(event_id=event_id).values_list("pk", flat=True))
        sample = random.Random(1).sample(ids, min(args.samples, len(ids)))

        def forget() -> None:
            cache.clear()

        def nothing() -> None:
            pass

        client = Client()
        client.get(f"/e/bench/players/{ids[0]}/", secure=True)  # what a process decodes once
        figures: dict[str, list[tuple[float, float, int]]] = {}

        def run(name: str, path: str, before) -> None:
            figures.setdefault(name, []).append(timed(client, path, before))

        for pk in sample:
            run("ping", "/ping", nothing)
            run("player_page", f"/e/bench/players/{pk}/", forget)
            run("stats_cold", f"/e/bench/players/{pk}/stats/", forget)
            run("stats_warm", f"/e/bench/players/{pk}/stats/", nothing)
        for _ in range(3):
            run("event_cold", "/e/bench/stats/", forget)
            run("event_warm", "/e/bench/stats/", nothing)
        Event.objects.filter(pk=event_id).update(keeps_score_sheets=False)
        for pk in sample:
            run("plain_page", f"/e/bench/players/{pk}/", forget)

        def ms(name: str, cpu: bool = False) -> float:
            return statistics.median(v[1] if cpu else v[0] for v in figures[name])

        for name, values in figures.items():
            print(
                f"{name}: median {ms(name):.2f} ms, cpu {ms(name, True):.2f} ms, "
                f"queries {max(v[2] for v in values)}"
            )
        print(
            f"players={len(ids)} hands={hands} ping_ms={ms('ping'):.3f} "
            f"player_page_ms={ms('player_page'):.2f} plain_page_ms={ms('plain_page'):.2f} "
            f"ratio={ms('player_page') / ms('ping'):.1f} "
            f"stats_cold_ms={ms('stats_cold'):.2f} stats_warm_ms={ms('stats_warm'):.2f} "
            f"event_cold_ms={ms('event_cold'):.1f} event_warm_ms={ms('event_warm'):.1f}"
        )
    finally:
        drop()


if __name__ == "__main__":
    main()
