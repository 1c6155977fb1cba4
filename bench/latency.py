"""Latency of live standings while the hall enters hands, held to the hall's budget: gunicorn
(4 workers, preloaded), a real Celery worker, PostgreSQL and Redis.

.venv/bin/python bench/latency.py [--players 500 --rounds 12 --entering 125] \
    [--database-url postgres://postgres@127.0.0.1:5432/bench_latency] \
    [--broker redis://127.0.0.1:6379/6]

Builds an event (every table's result entered, the last round live) in a fresh PostgreSQL
database, and beside it a riichi event of ``--entering`` live tables whose scorekeepers' tablets
enter their hanchans hand by hand (``bench/hands.py``'s tablets, ``--hand-pause`` seconds
between two hands: many times a real hall's pace). After a warm-up (a few requests from each
connection, not measured), while the tablets enter hands, the director's API client POSTs
MCR false wins one after another (up to ``--fouls``) to ``/api/events/<event>/fouls/`` and
after each polls ``GET /api/events/<event>/standings/`` until it shows the foul: ``current``
at a newer event revision than before the POST, with the offender's penalty total changed.
Then POSTs ``--burst`` as fast as it can from ``--clients`` connections at once (tablets
reconnecting together) and counts the full recomputes the worker made for them (from its
task log): a burst costs about one recompute per coalescing window
(``STANDINGS_COALESCE_SECONDS``) it lasts.

The budget: a foul visible in the standings within 1 s at the 95th percentile. Last line:
``p50_s=<> p95_s=<> budget_p95_s=1.0 fouls=<n> tables_entering=<n> hands=<n>
burst_writes=<n> burst_recomputes=<n> budget_ok=True|False``; the exit status is 1 over
budget, or when a report or a hand is lost or doubled.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hands import Tablet  # noqa: E402
from bench.hands import build as build_hands  # noqa: E402
from tests.support.build import build_event, fresh_database, setup_django  # noqa: E402
from tests.support.servers import celery_worker, gunicorn, server_env  # noqa: E402

POLL_SECONDS = 0.01
P95_BUDGET_S = 1.0


class Client:
    """One keep-alive HTTP connection with the director's token."""

    def __init__(self, base: str, token: str, slug: str):
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.slug = slug

    def _call(self, method: str, path: str, body: dict | None = None) -> dict:
        self.conn.request(method, path, json.dumps(body) if body else None, self.headers)
        response = self.conn.getresponse()
        data = response.read()
        if response.status >= 300:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:500]!r}")
        return json.loads(data)

    def post_foul(self, round_: int, table: int, offender: int) -> None:
        self._call(
            "POST",
            f"/api/events/{self.slug}/fouls/",
            {
                "round": round_,
                "table": table,
                "offender": offender,
                "code": "false_win",
                "details": {"revealed": True},
                "idempotency_key": uuid.uuid4().hex,
            },
        )

    def standings(self) -> dict:
        # Every row on one page (the API pages by 100 unless asked).
        return self._call("GET", f"/api/events/{self.slug}/standings/?page_size=1000")


def penalties(body: dict) -> dict[int, int]:
    return {row["player"]["id"]: row["penalties"] for row in body["rows"]}


def prepare(players: int, rounds: int) -> tuple[str, str, int, list[tuple[int, list[int]]]]:
    """The event: its slug, the director's API token, the live round's number and its tables
    as (number, seated player ids)."""
    from rest_framework.authtoken.models import Token

    from scoring.standings.services.reconcile import reconcile_event
    from tournament.events.models import Event
    from tournament.rounds.models import Round, Seat

    event = Event.objects.select_related("director").get(
        pk=build_event(players, rounds, 0, slug="latency")
    )
    Event.objects.filter(pk=event.pk).update(is_public=True)
    Round.objects.filter(event=event, number=rounds).update(status=Round.Status.LIVE)
    reconcile_event(event.pk)
    tables: dict[int, list[int]] = {}
    for number, player in (
        Seat.objects.filter(round__event=event, round__number=rounds)
        .order_by("table__number", "wind")
        .values_list("table__number", "player_id")
    ):
        tables.setdefault(number, []).append(player)
    token = Token.objects.create(user=event.director).key
    return event.slug, token, rounds, sorted(tables.items())


def hand_entry(base: str, slug: str, keepers: list[tuple[str, int]], pause: tuple) -> list:
    """The scorekeepers' tablets, started: each enters its table's hanchan hand by hand."""
    latencies: list[float] = []
    lock = threading.Lock()
    tablets = [
        Tablet(base, slug, token, table, pause, seed, latencies, lock)
        for seed, (token, table) in enumerate(keepers)
    ]
    for tablet in tablets:
        tablet.start()
    return tablets


def hands_stored_once(tablets: list) -> str | None:
    """What went wrong with the hands the tablets entered, if anything."""
    from django.db.models import Count

    from scoring.sheets.models import SheetHand

    errors = [error for tablet in tablets for error in tablet.errors]
    if errors:
        return f"hand entry: {errors[:3]}"
    entered, stored = sum(t.numbers for t in tablets), SheetHand.objects.count()
    doubled = SheetHand.objects.values("sheet_id", "number").annotate(n=Count("pk"))
    if stored != entered or doubled.filter(n__gt=1).exists():
        return f"{stored} hands stored for {entered} entered"
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--fouls", type=int, default=200, help="the most fouls awaited one by one")
    ap.add_argument("--entering", type=int, default=125, help="tables entering hands meanwhile")
    ap.add_argument("--hand-pause", default="3,9", help="seconds between two hands, 'min,max'")
    ap.add_argument("--burst", type=int, default=100)
    ap.add_argument("--clients", type=int, default=8, help="connections sending the burst")
    ap.add_argument("--web-workers", type=int, default=4)
    ap.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_latency")
    ap.add_argument("--broker", default="redis://127.0.0.1:6379/6")
    args = ap.parse_args()
    low, _, high = args.hand_pause.partition(",")
    hand_pause = (float(low), float(high or low))

    url, drop = fresh_database(args.database_url, "bench_latency")
    handle, name = tempfile.mkstemp(prefix="bench-latency-worker-", suffix=".log")
    os.close(handle)
    log = Path(name)
    try:
        setup_django(url)
        slug, token, round_, tables = prepare(args.players, args.rounds)
        hands_slug, keepers = build_hands(args.entering)
        keepers.pop()  # the spare table of ``build``: nobody plays there
        env = server_env(url, args.broker)
        rng = random.Random(5)
        with (
            celery_worker(env, log, name="bench-latency"),
            gunicorn(env, workers=args.web_workers, preload=True) as base,
        ):
            client = Client(base, token, slug)

            def post_random_foul(sender: Client = client, picker: random.Random = rng) -> int:
                table, seats = picker.choice(tables)
                offender = picker.choice(seats)
                sender.post_foul(round_, table, offender)
                return offender

            def send(count: int, seed: int, reads: int = 0) -> None:
                sender, picker = Client(base, token, slug), random.Random(seed)
                for _ in range(reads):
                    sender.standings()
                for _ in range(count):
                    post_random_foul(sender, picker)

            def from_all_clients(total: int, reads: int = 0) -> None:
                share, extra = divmod(total, args.clients)
                with ThreadPoolExecutor(args.clients) as pool:
                    sent = [
                        pool.submit(send, share + (i < extra), 1000 * total + i, reads)
                        for i in range(args.clients)
                    ]
                for future in sent:
                    future.result()  # a POST that failed in a sending thread fails the run

            def wait_current(newer_than: int = -1) -> dict:
                """The standings once current at an event revision above ``newer_than``."""
                deadline = time.monotonic() + 30
                while True:
                    body = client.standings()
                    if body["current"] and body["event_revision"] > newer_than:
                        return body
                    if time.monotonic() > deadline:
                        raise SystemExit("the standings did not catch up in 30 s")
                    time.sleep(POLL_SECONDS)

            # Warm-up, not measured: a gunicorn worker's first requests (imports, database
            # connection) take most of a second.
            warm_up = args.clients
            from_all_clients(warm_up, reads=2)
            last = wait_current()
            tablets = hand_entry(base, hands_slug, keepers, hand_pause)
            time.sleep(2 * hand_pause[1])  # every tablet has sent a hand or two

            latencies = []
            for _ in range(args.fouls):
                if sum(t.is_alive() for t in tablets) < len(tablets) // 2:
                    break  # most games are over: the hall is no longer entering hands
                before = penalties(last)
                t0 = time.perf_counter()
                offender = post_random_foul()
                body = wait_current(newer_than=last["event_revision"])
                latencies.append(time.perf_counter() - t0)
                if penalties(body)[offender] == before[offender]:
                    raise SystemExit(f"current standings without the foul of player {offender}")
                last = body
            entering = sum(t.is_alive() for t in tablets)
            for t in tablets:
                t.pause = (0.0, 0.0)  # the games end at once, unwatched
            for t in tablets:
                t.join()  # bounded: a tablet stops at MAX_HANDS
            print(
                f"{len(latencies)} fouls POSTed one after another through gunicorn "
                f"({args.players} players x {args.rounds} rounds), each awaited in the API, "
                f"while {len(tablets)} tables entered hands ({entering} still at the end)"
            )

            def recomputes() -> int:
                return len(re.findall(r"'status': '(?:written|superseded)'", log.read_text()))

            time.sleep(1.0)
            before_burst = recomputes()

            t0 = time.perf_counter()
            from_all_clients(args.burst)
            burst_seconds = time.perf_counter() - t0
            wait_current()
            time.sleep(1.5)  # let any queued task finish and log
            burst_recomputes = recomputes() - before_burst

        from penalties.models import FoulReport

        stored = FoulReport.objects.count()
        posted = warm_up + len(latencies) + args.burst
        if stored != posted:
            raise SystemExit(f"{stored} reports stored for {posted} POSTs")
        wrong = hands_stored_once(tablets)
        if wrong:
            raise SystemExit(wrong)
        if len(latencies) < 20:
            raise SystemExit(f"only {len(latencies)} fouls measured while the tables entered hands")

        latencies.sort()
        p50 = statistics.median(latencies)
        p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
        ok = p95 <= P95_BUDGET_S
        print(
            f"burst of {args.burst} POSTs from {args.clients} connections took "
            f"{burst_seconds:.2f} s ({args.burst / burst_seconds:.0f}/s); "
            f"max latency {latencies[-1]:.3f} s"
        )
        print(
            f"p50_s={p50:.3f} p95_s={p95:.3f} budget_p95_s={P95_BUDGET_S} "
            f"fouls={len(latencies)} tables_entering={len(tablets)} "
            f"hands={sum(t.numbers for t in tablets)} burst_writes={args.burst} "
            f"burst_recomputes={burst_recomputes} budget_ok={ok}"
        )
        if not ok:
            sys.exit(1)
    finally:
        drop()
        log.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
