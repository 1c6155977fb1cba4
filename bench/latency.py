"""Latency of live standings with a real worker, PostgreSQL and Redis.

.venv/bin/python bench/latency.py [--players 400 --rounds 8] \
    [--database-url postgres://postgres@127.0.0.1:5432/bench_latency] \
    [--broker redis://127.0.0.1:6379/6]

Builds an event (every table's result entered) in a fresh PostgreSQL database, starts a Celery
worker subprocess, then records 200 fouls one after another (``penalties.services.record_foul``
when it works, otherwise ledger rows written directly with the revision bump) and measures for
each the time until the standings snapshot shows its revision. Then records 100 fouls as fast as
it can and counts the full recomputes the worker made for them (from the worker's task log).
Last line: ``p50_s=<> p95_s=<> burst_writes=100 burst_recomputes=<n>``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from _build import build_event, fresh_database, setup_django

from bench._servers import start_celery_worker, stop_process


def writer(event_id: int):
    """A function recording one MCR false win at a random table of round 1."""
    import random

    from django.db import transaction

    from penalties.models import FoulReport, LedgerEntry
    from tournament.models import Event, Table
    from tournament.services import bump_revision

    event = Event.objects.select_related("director").get(pk=event_id)
    tables = list(Table.objects.filter(round__event=event).prefetch_related("seats"))
    rng = random.Random(5)

    def via_orm(table, seats):
        offender, *others = [s.player_id for s in seats]
        with transaction.atomic():
            report = FoulReport.objects.create(
                event=event, round_id=table.round_id, table=table, offender_id=offender,
                code="false_win", ruleset_key="mcr", ruleset_version="bench",
                referee=event.director, idempotency_key=uuid.uuid4().hex,
            )  # fmt: skip
            LedgerEntry.objects.bulk_create(
                [
                    LedgerEntry(
                        event=event,
                        round_id=table.round_id,
                        table=table,
                        player_id=offender,
                        counterpart_id=o,
                        kind="transfer",
                        points=10,
                        scope="table",
                        report=report,
                        ruleset_key="mcr",
                        ruleset_version="bench",
                        created_by=event.director,
                    )  # fmt: skip
                    for o in others
                ]
            )
            bump_revision(event)

    def via_service(table, seats):
        from penalties.services import FoulInput, record_foul

        record_foul(
            event,
            event.director,
            FoulInput(
                round=table.round.number,
                table=table.number,
                offender=seats[0].player_id,
                code="false_win",
                details={"revealed": True},
                idempotency_key=uuid.uuid4().hex,
            ),  # fmt: skip
        )

    chosen = {"write": via_service, "name": "penalties.services.record_foul"}

    def write():
        table = rng.choice(tables)
        seats = list(table.seats.all())
        try:
            chosen["write"](table, seats)
        except Exception as exc:  # the service is not there or refuses: fall back, once
            if chosen["write"] is via_orm:
                raise
            print(f"record_foul unusable ({exc.__class__.__name__}: {exc}); writing rows")
            chosen.update(write=via_orm, name="ledger rows + bump_revision")
            via_orm(table, seats)

    return write, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=400)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--fouls", type=int, default=200)
    ap.add_argument("--burst", type=int, default=100)
    ap.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/bench_latency")
    ap.add_argument("--broker", default="redis://127.0.0.1:6379/6")
    args = ap.parse_args()

    url, drop = fresh_database(args.database_url, "bench_latency")
    worker = None
    log_path = Path(tempfile.mkstemp(prefix="bench-latency-worker-", suffix=".log")[1])
    try:
        setup_django(url, CELERY_BROKER_URL=args.broker)
        from django.conf import settings

        from config.celery import app
        from scoring.models import StandingsSnapshot
        from scoring.services import reconcile_event
        from tournament.models import Event

        assert not settings.CELERY_TASK_ALWAYS_EAGER
        event_id = build_event(args.players, args.rounds, 0, slug="latency")
        reconcile_event(event_id)
        app.control.purge()
        env = dict(os.environ, DATABASE_URL=url, CELERY_BROKER_URL=args.broker)
        worker = start_celery_worker(env, log_path, name="bench-latency")

        def revision() -> int:
            return Event.objects.values_list("revision", flat=True).get(pk=event_id)

        def snapshot_revision() -> int:
            return StandingsSnapshot.objects.values_list("revision", flat=True).get(
                event_id=event_id
            )

        def wait_for(target: int, timeout: float = 30.0) -> None:
            deadline = time.monotonic() + timeout
            while snapshot_revision() < target:
                if time.monotonic() > deadline:
                    raise SystemExit(f"snapshot stuck below revision {target}")
                time.sleep(0.005)

        write, chosen = writer(event_id)
        latencies = []
        for _ in range(args.fouls):
            t0 = time.perf_counter()
            write()
            wait_for(revision())
            latencies.append(time.perf_counter() - t0)
        print(f"{args.fouls} sequential fouls via {chosen['name']} "
              f"({args.players} players x {args.rounds} rounds)")  # fmt: skip

        def computes() -> int:
            text = log_path.read_text()
            return len(re.findall(r"'status': '(?:written|superseded)'", text))

        time.sleep(1.0)
        before = computes()
        t0 = time.perf_counter()
        for _ in range(args.burst):
            write()
        burst_seconds = time.perf_counter() - t0
        wait_for(revision())
        time.sleep(1.5)  # let any queued task finish and log
        burst_recomputes = computes() - before
        latencies.sort()
        p50 = statistics.median(latencies)
        p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
        print(f"burst of {args.burst} writes took {burst_seconds:.2f} s; "
              f"max latency {latencies[-1]:.3f} s")  # fmt: skip
        print(
            f"p50_s={p50:.3f} p95_s={p95:.3f} burst_writes={args.burst} "
            f"burst_recomputes={burst_recomputes}"
        )
    finally:
        if worker is not None:
            stop_process(worker)
        drop()
        log_path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
