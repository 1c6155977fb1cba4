"""With PostgreSQL, Redis and a real worker: after a random mix of results, fouls and voids,
with reconcile tasks also sent twice and out of order, the snapshot equals a synchronous full
recompute at the event's revision."""

from __future__ import annotations

import random
import time
import uuid

import pytest
from django.contrib.auth.models import Group

from scoring.results import services as result_services
from scoring.results.models import TableResult
from scoring.standings import tasks
from scoring.standings.reading.compute import compute
from tests.integration.conftest import wait_until_current
from tests.support.ledger import Ledger, seated_table
from tournament.access.roles import STAFF_GROUPS
from tournament.rounds.models import Table


def zero_sum(rng: random.Random) -> dict[str, int]:
    values = [rng.randrange(-50, 51) for _ in range(3)]
    return dict(zip("ESWN", [*values, -sum(values)], strict=True))


@pytest.fixture(autouse=True)
def staff_groups(transactional_db):
    """Transactional tests flush the database, data-migration groups included: restore them."""
    for name in STAFF_GROUPS:
        Group.objects.get_or_create(name=name)


@pytest.mark.django_db(transaction=True)
def test_random_writes_converge_to_a_full_recompute(celery_worker_process, make_event, director):
    rng = random.Random(20261121)
    event = make_event("converge", players=16, rounds=3, seated=True)
    ledger = Ledger(director)
    tables = list(Table.objects.filter(round__event=event).prefetch_related("seats__player"))
    reports = []
    duplicate_id = str(uuid.uuid4())
    for step in range(80):
        table = rng.choice(tables)
        players = [s.player for s in table.seats.all()]
        action = rng.random()
        if action < 0.35:
            latest = TableResult.objects.filter(table=table).count()
            result_services.enter_result(
                table, director, zero_sum(rng), based_on_version=latest, reason=f"step {step}"
            )
        elif action < 0.65:
            offender, *others = rng.sample(players, 4)
            reports.append(ledger.transfers(table, offender, {p: 10 for p in others}))
        elif action < 0.75:
            scope = rng.choice(["table", "overall"])
            reports.append(ledger.deduct(table, rng.choice(players), -rng.randrange(1, 20), scope))
        elif action < 0.85 and reports:
            report = reports.pop(rng.randrange(len(reports)))
            ledger.void(report)
        else:
            # Extra deliveries: the same task id twice, and late ones with random delays.
            tasks.reconcile.apply_async(args=(event.pk,), task_id=duplicate_id)
            tasks.reconcile.apply_async(args=(event.pk,), task_id=duplicate_id)
            tasks.reconcile.apply_async(args=(event.pk,), countdown=rng.random() * 2)
        if rng.random() < 0.2:
            time.sleep(rng.random() * 0.3)

    snapshot = wait_until_current(event.pk)
    time.sleep(2.5)  # let the late duplicates run: they must not change anything
    snapshot = wait_until_current(event.pk)
    revision, method, rows = compute(event.pk)
    assert snapshot.revision == revision
    assert snapshot.method == method
    assert snapshot.rows == rows
    assert len(rows) == 16
    assert celery_worker_process.poll() is None


@pytest.mark.django_db(transaction=True)
def test_one_write_after_another_is_seen_quickly(celery_worker_process, make_event, director):
    event, table, (east, south, west, north) = seated_table(make_event, "mcr")
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    wait_until_current(event.pk, timeout=20)
    Ledger(director).transfers(table, south, {east: 10, west: 10, north: 10})
    snapshot = wait_until_current(event.pk, timeout=20)
    points = {row["player"]: row["table_points"] for row in snapshot.rows}
    assert points == {east.pk: "4", west.pk: "2", south.pk: "1", north.pk: "0"}
