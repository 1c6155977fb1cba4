"""Telling 1 000 players their seat by web push (issue 33), against PostgreSQL + Redis + a real
Celery worker and beat, and the local push service of the tests (``tests/support/push.py``), which
decrypts every message with the subscription's private key.

    python bench/notify.py [--players 1000] [--kill] [--database-url ...] [--broker-url ...]

Every player of one event is subscribed at the local push service. The director publishes
round 1's seating (``tournament.rounds.services.seats.seat_round``, as the seating page does); the
bench waits until every player's message has arrived and been decrypted. With ``--kill`` the
worker is killed (SIGKILL) in the middle of the fan-out and started again: the deliveries it
had claimed are sent again by the next worker once their lease ran out (the beat's sweep), with
the same outbox id.

Last line: ``players=<n> delivered=<n> duplicates=<n> resent_same_id=<n> p95_s=<publish to
delivery> lost=<n>``. ``duplicates`` counts players who got two different messages for the
seating; ``resent_same_id`` counts receipts of an outbox id a player had already received.
Goal: p95 <= 10 s, delivered = players, duplicates 0, lost 0 (resends allowed with --kill).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import fresh_database, setup_django  # noqa: E402
from tests.support.push import PushService  # noqa: E402
from tests.support.servers import ROOT, server_env, start_celery_worker, stop_process  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan")


def start_beat(env: dict[str, str], folder: Path) -> subprocess.Popen:
    log = (folder / "beat.log").open("w")
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
            "-s", str(folder / "beat-schedule"), "--pidfile=",
        ],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip


def build(players: int, service: PushService):
    from django.contrib.auth import get_user_model

    from tournament.events import services as event_services
    from tournament.events.models import Event
    from tournament.notify import services as notify
    from tournament.players.models import Player
    from tournament.rounds import services as round_services

    director = get_user_model().objects.create_user("bench-director", password="x")
    event = event_services.save_event(
        Event(name="Notify Bench", slug="notify-bench", ruleset="mcr", director=director)
    )
    Player.objects.bulk_create(
        [Player(event=event, name=f"Player {i:04d}") for i in range(1, players + 1)]
    )
    subs = {}
    for player in Player.objects.filter(event=event).order_by("pk"):
        sub = service.subscribe()
        notify.subscribe(player, sub.json())
        subs[sub.id] = player.pk
    round_ = round_services.create_round(event, number=1)
    return event, round_, subs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--kill", action="store_true", help="kill the worker mid fan-out")
    parser.add_argument("--kill-after", type=int, default=350, help="deliveries before the kill")
    parser.add_argument("--timeout", type=float, default=180.0)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_notify")
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/15")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-notify-"))
    service = PushService().start()
    url, drop = fresh_database(args.database_url, "bench_notify")
    worker = beat = None
    try:
        env = server_env(
            url,
            args.broker_url,
            NOTIFY_PUSH_ALLOWED_HOSTS=service.netloc,
            NOTIFY_VAPID_KEY_FILE=str(folder / "vapid.pem"),
            NOTIFY_LEASE_SECONDS="5",
            NOTIFY_SWEEP_SECONDS="2",
            NOTIFY_BATCH_SIZE="100",
            NOTIFY_PUSH_THREADS="8",
        )
        env.pop("REDIS_URL", None)
        setup_django(
            url, **{k: env[k] for k in env if k.startswith(("NOTIFY_", "CELERY_", "SECRET"))}
        )
        from config.celery import app

        app.control.purge()
        from tournament.rounds.services import seats

        event, round_, subs = build(args.players, service)
        ids = list(event.players.order_by("pk").values_list("pk", flat=True))
        worker = start_celery_worker(env, folder / "worker.log", name="notify-bench")
        beat = start_beat(env, folder)
        published = time.time()
        seats.seat_round(round_, [ids[i : i + 4] for i in range(0, len(ids), 4)])
        enqueued = time.time()  # the outbox rows are written (after the seating's commit)
        killed = False
        deadline = time.monotonic() + args.timeout
        while time.monotonic() < deadline:
            got = len({r.sub for r in service.received})
            if got >= args.players:
                break
            if args.kill and not killed and len(service.received) >= args.kill_after:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait()
                killed = True
                print(f"killed the worker after {len(service.received)} deliveries", flush=True)
                worker = start_celery_worker(env, folder / "worker2.log", name="notify-bench2")
            time.sleep(0.05)
        time.sleep(1.0)  # late resends, if any, are counted too
        first: dict[str, float] = {}
        tags: dict[str, set] = {}
        seen: set = set()
        resent = 0
        for r in sorted(service.received, key=lambda r: r.at):
            if r.payload is None:
                continue
            first.setdefault(r.sub, r.at)
            tags.setdefault(r.sub, set()).add(r.payload["tag"])
            if (r.sub, r.payload["tag"]) in seen:
                resent += 1
            seen.add((r.sub, r.payload["tag"]))
        errors = [r.error for r in service.received if r.error]
        delivered = sum(1 for sub in subs if sub in first)
        duplicates = sum(1 for t in tags.values() if len(t) > 1)
        lost = args.players - delivered
        latency = [first[sub] - published for sub in subs if sub in first]
        if errors:
            print(f"undecryptable messages: {len(errors)}: {errors[0]}", flush=True)
        if latency:
            print(
                f"first_s={min(latency):.2f} p50_s={sorted(latency)[len(latency) // 2]:.2f} "
                f"last_s={max(latency):.2f} enqueued_s={enqueued - published:.2f}",
                flush=True,
            )
        print(
            f"players={args.players} delivered={delivered} duplicates={duplicates} "
            f"resent_same_id={resent} p95_s={p95(latency):.2f} lost={lost}",
            flush=True,
        )
    finally:
        for proc in (worker, beat):
            if proc is not None:
                stop_process(proc)
        service.stop()
        drop()


if __name__ == "__main__":
    main()
