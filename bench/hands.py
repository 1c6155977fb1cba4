"""Score sheet load test (loopback only, bounded): one scorekeeper tablet per table enters a
riichi hanchan hand by hand against gunicorn + PostgreSQL + Redis + a Celery worker, with lost
answers resent (same idempotency key) and a second device sending the same hand number (must
get 409 with the stored hand). The sheets close themselves at the end of the game and write
their table results; the worker reconciles the standings.

    python bench/hands.py [--tables 50] [--pause 1,3] [--database-url postgres://...]

The server is what README's deployment runs on a machine of this size: four sync gunicorn
workers (two per core on a two-core machine, which the workers, PostgreSQL, the Celery worker
and this load generator all share), ``--preload`` so that the app is loaded and warmed up once
(``config/wsgi.py``) and the workers are ready when the first tablet sends, and one Celery
worker. Each tablet opens a connection per request, as a phone on the venue Wi-Fi would.

``queries_per_hand`` is measured in this process after the run, on the same PostgreSQL
database: the queries of one hand POSTed through the API (token auth, DRF, the service), for
hand 2 and for hand 12 of a sheet; the run fails if the two differ.

The budget: a hand's answer p95 within 150 ms. Last line: ``hands=<n> stored=<n>
duplicates=0 p95_ms=<ms> budget_p95_ms=150 queries_per_hand=<n> budget_ok=True|False``; the
exit status is 1 over budget or when a hand is lost or doubled.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import fresh_database, setup_django  # noqa: E402
from tests.support.servers import celery_worker, gunicorn, server_env  # noqa: E402

P95_BUDGET_MS = 150
MAX_HANDS = 40  # a hanchan ends long before; bounds a tablet whatever the answers
VALUES = [(1, 30), (2, 30), (3, 30), (2, 40), (4, 30), (1, 40), (2, 25), (3, 60)]


def build(tables: int) -> tuple[str, list[tuple[str, int]]]:
    """A riichi_ema event keeping score sheets, one live table per tablet and a scorekeeper
    (with an API token) per table. Returns the slug and, per tablet, (token, table number)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournament.events import services as event_services
    from tournament.events.models import Event
    from tournament.players.services import importing as player_import
    from tournament.rounds import services as round_services
    from tournament.rounds.models import Round
    from tournament.rounds.services import seats
    from tournament.staff import services as staff_services
    from tournament.staff.models import RefereeAssignment

    User = get_user_model()
    director = User.objects.create(username="hands-director")
    event = event_services.save_event(
        Event(
            name="Hands",
            slug="hands",
            ruleset="riichi_ema",
            director=director,
            is_public=True,
            keeps_score_sheets=True,
        )
    )
    players = player_import.import_players_csv(
        event,
        "name,country,club,ema_number\n" + "\n".join(f"P{i},,," for i in range(4 * tables + 4)),
    )
    round_ = round_services.create_round(event, number=1)
    ids = [p.pk for p in players]
    seats.seat_round(round_, [ids[i : i + 4] for i in range(0, len(ids), 4)])
    round_services.update_round(round_, status=Round.Status.LIVE)
    result = []
    for number in range(1, tables + 2):
        keeper = User.objects.create(username=f"keeper{number}")
        staff_services.assign_referee(
            event, keeper, role=RefereeAssignment.Role.SCOREKEEPER, table_numbers=[number]
        )
        result.append((Token.objects.create(user=keeper).key, number))
    return event.slug, result


def random_hand(rng: random.Random) -> dict:
    roll = rng.random()
    if roll < 0.15:
        tenpai = sorted(rng.sample(range(4), rng.randrange(0, 5)))
        return {"kind": "draw", "tenpai": tenpai}
    winner = rng.randrange(4)
    han, fu = rng.choice(VALUES)
    hand = {"kind": "win", "winner": winner, "han": han, "fu": fu, "discarder": None}
    if roll < 0.70:
        hand["discarder"] = rng.choice([s for s in range(4) if s != winner])
    if rng.random() < 0.3:
        hand["riichi"] = [winner]
    return hand


class Tablet(threading.Thread):
    def __init__(self, base, slug, token, table, pause, seed, latencies, lock):
        super().__init__()
        self.host, self.port = base.replace("http://", "").split(":")
        self.slug, self.token, self.table = slug, token, table
        self.pause, self.rng = pause, random.Random(seed)
        self.latencies, self.lock = latencies, lock
        self.sent = 0
        self.numbers = 0
        self.conflicts = 0
        self.replays = 0
        self.finished = False
        self.errors: list[str] = []

    def post(self, body: dict) -> tuple[int | None, dict]:
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=10)
        started = time.perf_counter()
        try:
            conn.request(
                "POST",
                f"/api/events/{self.slug}/rounds/1/tables/{self.table}/sheet/hands/",
                json.dumps(body),
                {"Content-Type": "application/json", "Authorization": f"Token {self.token}"},
            )
            response = conn.getresponse()
            status, payload = response.status, response.read()
        except OSError:
            status, payload = None, b""
        finally:
            conn.close()
        with self.lock:
            self.latencies.append((time.perf_counter() - started) * 1000)
        self.sent += 1
        try:
            data = json.loads(payload or b"{}")
        except ValueError:
            data = {}
        return status, data

    def run(self) -> None:
        for number in range(1, MAX_HANDS + 1):
            if self.pause[1] > 0:
                time.sleep(self.rng.uniform(*self.pause))
            body = {
                "number": number,
                "hand": random_hand(self.rng),
                "idempotency_key": f"t{self.table}-h{number}",
                # Random hands repeat now and then: the tablet means it.
                "same_again": True,
            }
            roll = self.rng.random()
            if roll < 0.15:
                self.post(body)  # the answer was lost: the resend below is a replay
            elif roll < 0.25:
                # A second device sends its own idea of the same hand at the same moment.
                other = dict(body, idempotency_key=f"t{self.table}-h{number}-other")
                twin = threading.Thread(target=self._second_device, args=(other,))
                twin.start()
                twin.join()
            for attempt in range(5):
                status, data = self.post(body)
                if status in (200, 201):
                    self.replays += status == 200
                    break
                if status == 409:
                    # The other device won: the stored hand is in the answer; go on from it.
                    self.conflicts += 1
                    if data.get("hand", {}).get("number") != number:
                        self.errors.append(f"table {self.table} hand {number}: 409 without it")
                    status, data = 201, self._sheet()
                    break
                time.sleep(0.2 * (attempt + 1))
            else:
                self.errors.append(f"table {self.table} hand {number}: last status {status}")
                return
            self.numbers = number
            if data.get("finished"):
                self.finished = True
                return

    def _second_device(self, body: dict) -> None:
        status, data = self.post(body)
        if status == 409 and data.get("hand", {}).get("number") != body["number"]:
            self.errors.append(f"table {self.table}: a 409 without the stored hand")

    def _sheet(self) -> dict:
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=10)
        try:
            conn.request(
                "GET",
                f"/api/events/{self.slug}/rounds/1/tables/{self.table}/sheet/",
                headers={"Authorization": f"Token {self.token}"},
            )
            return json.loads(conn.getresponse().read())
        finally:
            conn.close()


def queries_per_hand(slug: str, token: str, table: int) -> tuple[int, int]:
    """Queries of one hand POSTed through the API in this process: hand 2 and hand 12."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    url = f"/api/events/{slug}/rounds/1/tables/{table}/sheet/hands/"
    counts = {}
    for number in range(1, 13):
        # The dealer is tenpai at every draw: East keeps the deal, the game goes on.
        body = {
            "number": number,
            "hand": {"kind": "draw", "tenpai": [0]},
            "idempotency_key": f"measure-{number}",
            "same_again": True,
        }
        with CaptureQueriesContext(connection) as captured:
            response = client.post(url, body, content_type="application/json")
        assert response.status_code == 201, response.content
        counts[number] = len(captured)
    return counts[2], counts[12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_hands")
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--pause", default="1,3", help="seconds between two hands, 'min,max'")
    args = parser.parse_args()
    low, _, high = args.pause.partition(",")
    pause = (float(low), float(high or low))

    url, drop = fresh_database(args.database_url, "bench_hands")
    try:
        setup_django(url)
        slug, tablets = build(args.tables)
        measure_token, measure_table = tablets.pop()
        env = server_env(url, args.broker_url)
        with (
            celery_worker(env),
            gunicorn(env, workers=args.workers, threads=args.threads, preload=True) as base,
        ):
            latencies: list[float] = []
            lock = threading.Lock()
            threads = [
                Tablet(base, slug, token, table, pause, seed, latencies, lock)
                for seed, (token, table) in enumerate(tablets)
            ]
            started = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=600)
            elapsed = time.perf_counter() - started
            time.sleep(2)  # the worker's last reconcile

        from django.db.models import Count

        from scoring.results.models import TableResult
        from scoring.sheets.models import ScoreSheet, SheetHand
        from scoring.standings.models import StandingsSnapshot
        from tournament.events.models import Event

        hands = sum(t.numbers for t in threads)
        stored = SheetHand.objects.count()
        duplicates = sum(
            row["n"] - 1
            for row in SheetHand.objects.values("sheet_id", "number").annotate(n=Count("pk"))
            if row["n"] > 1
        )
        finished = sum(t.finished for t in threads)
        closed = ScoreSheet.objects.filter(status="closed").count()
        from_sheets = TableResult.objects.filter(sheet__isnull=False, counts=True).count()
        event = Event.objects.get(slug=slug)
        snapshot = StandingsSnapshot.objects.filter(event=event).first()
        reconciled = snapshot is not None and snapshot.revision == event.revision
        first, later = queries_per_hand(slug, measure_token, measure_table)
        errors = [e for t in threads for e in t.errors]
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        print(
            f"tables={len(threads)} pause_s={pause[0]:g}-{pause[1]:g} seconds={elapsed:.1f} "
            f"requests={sum(t.sent for t in threads)} "
            f"requests_per_s={sum(t.sent for t in threads) / elapsed:.0f} "
            f"replays={sum(t.replays for t in threads)} "
            f"conflicts_409={sum(t.conflicts for t in threads)} errors={len(errors)}"
        )
        print(
            f"games_finished={finished} sheets_closed={closed} results_from_sheets={from_sheets} "
            f"standings_reconciled={reconciled} p50_ms={statistics.median(latencies):.1f} "
            f"queries_hand2={first} queries_hand12={later}"
        )
        for error in errors[:10]:
            print("  " + error)
        ok = (
            p95 <= P95_BUDGET_MS
            and stored == hands
            and duplicates == 0
            and not errors
            and first == later
            and closed == finished == from_sheets
            and reconciled
        )
        print(
            f"hands={hands} stored={stored} duplicates={duplicates} p95_ms={p95:.1f} "
            f"budget_p95_ms={P95_BUDGET_MS} queries_per_hand={later} budget_ok={ok}"
        )
        if not ok:
            sys.exit(1)
    finally:
        drop()


if __name__ == "__main__":
    main()
