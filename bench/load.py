"""Load test (loopback only, bounded): simulated referee tablets submit fouls to gunicorn +
PostgreSQL + Redis + a Celery worker, with random duplicate sends and retries after lost
answers. Every distinct idempotency key must be stored exactly once.

    python bench/load.py [--tablets 50] [--fouls 20] [--pause 1,3] [--database-url postgres://...]

Between two reports a tablet waits ``--pause`` seconds (uniform in the range): the time a
referee needs to walk to a claim, hear it and pick offender and foul. 50 tablets at 1-3 s
offer 25 reports a second, hundreds of times what a real 50-table session records. With
``--pause 0`` the tablets send back to back: a saturation test, where the latency is bound by
the machine's throughput (Little's law: 50 waiting clients / requests per second).

The budget: every distinct report stored once (``--tablets 50 --fouls 20``: 1000 of 1000),
no duplicate, nothing lost. Last line: ``submitted=<requests> stored=<reports>
expected=<distinct keys> duplicates=<n> lost=<n> p95_ms=<ms> budget_ok=True|False`` (with
``p50_ms`` before it); the exit status is 1 when the budget fails.
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


def build(tablets: int) -> tuple[str, list[tuple[str, int, int]]]:
    """An mcr event with one live table per tablet, a floor referee (with an API token) per
    table. Returns the event slug and, per tablet, (token, table number, offender id)."""
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
    director = User.objects.create(username="load-director")
    event = event_services.save_event(
        Event(name="Load", slug="load", ruleset="mcr", director=director, is_public=True)
    )
    players = player_import.import_players_csv(
        event, "name,country,club,ema_number\n" + "\n".join(f"P{i},,," for i in range(4 * tablets))
    )
    round_ = round_services.create_round(event, number=1)
    ids = [p.pk for p in players]
    seats.seat_round(round_, [ids[i : i + 4] for i in range(0, len(ids), 4)])
    round_services.update_round(round_, status=Round.Status.LIVE)
    result = []
    for number in range(1, tablets + 1):
        referee = User.objects.create(username=f"ref{number}")
        staff_services.assign_referee(
            event, referee, role=RefereeAssignment.Role.FLOOR, table_numbers=[number]
        )
        token = Token.objects.create(user=referee).key
        result.append((token, number, ids[(number - 1) * 4 + 1]))
    return event.slug, result


class Tablet(threading.Thread):
    def __init__(
        self, base, slug, token, table, offender, fouls, pause, seed, latencies, sent, lock
    ):
        super().__init__()
        self.host, self.port = base.replace("http://", "").split(":")
        self.slug, self.token, self.table, self.offender = slug, token, table, offender
        self.fouls, self.pause, self.rng = fouls, pause, random.Random(seed)
        self.latencies, self.sent, self.lock = latencies, sent, lock
        self.keys: set[str] = set()
        self.errors: list[str] = []

    def post(self, body: dict) -> int | None:
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=10)
        started = time.perf_counter()
        try:
            conn.request(
                "POST",
                f"/api/events/{self.slug}/fouls/",
                json.dumps(body),
                {"Content-Type": "application/json", "Authorization": f"Token {self.token}"},
            )
            status = conn.getresponse().status
        except OSError:
            status = None
        finally:
            conn.close()
        with self.lock:
            self.latencies.append((time.perf_counter() - started) * 1000)
            self.sent[0] += 1
        return status

    def run(self) -> None:
        for n in range(self.fouls):
            if self.pause[1] > 0:
                time.sleep(self.rng.uniform(*self.pause))
            key = f"t{self.table}-{n}"
            self.keys.add(key)
            body = {
                "round": 1,
                "table": self.table,
                "offender": self.offender,
                "code": "short_hand",
                "details": {"count": 1},
                "idempotency_key": key,
            }
            roll = self.rng.random()
            if roll < 0.15:
                # The tablet never saw the answer and sends again (the offline queue's resend).
                self.post(body)
            elif roll < 0.30:
                # A double tap: two sends at once.
                twin = threading.Thread(target=self.post, args=(body,))
                twin.start()
                self.post(body)
                twin.join()
            for _attempt in range(5):
                status = self.post(body)
                if status in (200, 201):
                    break
                time.sleep(0.2 * (_attempt + 1))
            else:
                self.errors.append(f"{key}: gave up (last status {status})")


def pause_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    low_s, high_s = float(low), float(high or low)
    if not 0 <= low_s <= high_s:
        raise argparse.ArgumentTypeError("give 'min,max' seconds with 0 <= min <= max")
    return low_s, high_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tablets", type=int, default=50)
    parser.add_argument("--fouls", type=int, default=20)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_load")
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--pause",
        type=pause_range,
        default="1,3",
        help="seconds between two reports of a tablet, 'min,max' (0: back to back)",
    )
    args = parser.parse_args()

    url, drop = fresh_database(args.database_url, "bench_load")
    try:
        setup_django(url)
        slug, tablets = build(args.tablets)
        env = server_env(url, args.broker_url)
        with celery_worker(env), gunicorn(env, workers=args.workers, threads=args.threads) as base:
            latencies: list[float] = []
            sent = [0]
            lock = threading.Lock()
            threads = [
                Tablet(
                    base,
                    slug,
                    token,
                    table,
                    offender,
                    args.fouls,
                    args.pause,
                    seed,
                    latencies,
                    sent,
                    lock,
                )
                for seed, (token, table, offender) in enumerate(tablets)
            ]
            started = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=300)
            elapsed = time.perf_counter() - started

        from django.db.models import Count

        from penalties.models import FoulReport, LedgerEntry

        keys = set().union(*(t.keys for t in threads))
        stored_keys = set(FoulReport.objects.values_list("idempotency_key", flat=True))
        stored = FoulReport.objects.count()
        duplicates = sum(
            row["n"] - 1
            for row in FoulReport.objects.values("idempotency_key").annotate(n=Count("pk"))
            if row["n"] > 1
        )
        entries = LedgerEntry.objects.count()
        errors = [e for t in threads for e in t.errors]
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        print(
            f"tablets={args.tablets} fouls_each={args.fouls} pause_s={args.pause[0]:g}-"
            f"{args.pause[1]:g} seconds={elapsed:.1f} "
            f"requests_per_s={sent[0] / elapsed:.0f} errors={len(errors)} "
            f"ledger_entries={entries}"
        )
        print(f"p50_ms={statistics.median(latencies):.1f}")
        ok = stored == len(keys) and duplicates == 0 and keys == stored_keys and not errors
        print(
            f"submitted={sent[0]} stored={stored} expected={len(keys)} duplicates={duplicates} "
            f"lost={len(keys - stored_keys)} p95_ms={p95:.1f} budget_ok={ok}"
        )
        if not ok:
            sys.exit(1)
    finally:
        drop()


if __name__ == "__main__":
    main()
