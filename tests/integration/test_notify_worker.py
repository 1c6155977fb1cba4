"""The outbox with a real Celery worker on Redis and PostgreSQL, sending to the local push
service: a published seating reaches every player once, decrypted; a worker killed in the
middle of the fan-out loses nobody once it is started again (resends carry the same id).

The worker here is this module's own, on its own queue (``NOTIFY_QUEUE``), started with the
push service's address allowed and a short lease."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.integration.conftest import database_url, require_services
from tests.support.push import PushService
from tests.support.servers import start_celery_worker, stop_process
from tournament.notify import services as notify
from tournament.notify.models import Delivery
from tournament.notify.tasks import sweep
from tournament.rounds import services as round_services
from tournament.rounds.services import seats

ROOT = Path(__file__).resolve().parents[2]
QUEUE = "notify-test"


@pytest.fixture
def push_world(settings, tmp_path):
    require_services()
    service = PushService().start()
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = [service.netloc]
    settings.NOTIFY_VAPID_KEY_FILE = str(tmp_path / "vapid.pem")
    settings.NOTIFY_QUEUE = QUEUE
    from django.db import connection

    env = dict(
        os.environ,
        DATABASE_URL=database_url(connection.settings_dict),
        NOTIFY_PUSH_ALLOWED_HOSTS=service.netloc,
        NOTIFY_VAPID_KEY_FILE=settings.NOTIFY_VAPID_KEY_FILE,
        NOTIFY_QUEUE=QUEUE,
        NOTIFY_LEASE_SECONDS="3",
        NOTIFY_BATCH_SIZE="40",
    )
    log = ROOT / "var" / "test-notify-worker.log"
    log.parent.mkdir(exist_ok=True)
    workers = []

    def start():
        workers.append(start_celery_worker(env, log, queue=QUEUE, name="notify"))
        return workers[-1]

    yield service, start
    for proc in workers:
        stop_process(proc)
    service.stop()


def _seated_event(make_event, service, players: int):
    event = make_event("notify-worker", players=players)
    everyone = list(event.players.order_by("pk"))
    subs = {}
    for player in everyone:
        sub = service.subscribe()
        notify.subscribe(player, sub.json())
        subs[player.pk] = sub
    round_ = round_services.create_round(event, number=1)
    return event, everyone, subs, round_


def _wait(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


@pytest.mark.django_db(transaction=True)
def test_worker_sends_a_published_seating(push_world, make_event):
    service, start = push_world
    start()
    event, everyone, subs, round_ = _seated_event(make_event, service, 40)
    seats.seat_round(round_, [[p.pk for p in everyone[i : i + 4]] for i in range(0, 40, 4)])
    assert _wait(lambda: len(service.received) >= 40, 60)
    assert not [r.error for r in service.received if r.error]
    first = service.payloads(subs[everyone[0].pk])
    assert first == [
        {
            "id": first[0]["id"],
            "tag": f"m{first[0]['id']}",
            "title": "Round 1: table 1",
            "body": "Round 1: table 1, East, with Player 02, Player 03, Player 04",
            "url": "/e/notify-worker/play/",
        }
    ]
    assert _wait(lambda: Delivery.objects.filter(status="sent").count() == 40, 10)
    # publishing the same seating again sends nothing
    seats.seat_round(round_, [[p.pk for p in everyone[i : i + 4]] for i in range(0, 40, 4)])
    time.sleep(2)
    assert len(service.received) == 40


@pytest.mark.django_db(transaction=True)
def test_worker_killed_mid_fan_out_loses_nobody(push_world, make_event):
    service, start = push_world
    service.hang_seconds = 0.0
    event, everyone, subs, round_ = _seated_event(make_event, service, 120)
    for sub in subs.values():  # a slow push service: the fan-out takes a few seconds
        sub.mode = None
    slow = service._handle

    def slowly(handler, sub_id, body):
        time.sleep(0.25)  # 120 pushes on 8 threads: about 4 s, so the kill lands in the middle
        slow(handler, sub_id, body)

    service._handle = slowly
    worker = start()
    seats.seat_round(round_, [[p.pk for p in everyone[i : i + 4]] for i in range(0, 120, 4)])
    assert _wait(lambda: len(service.received) >= 20, 60)
    os.killpg(worker.pid, signal.SIGKILL)
    worker.wait()
    killed_at = len(service.received)
    assert killed_at < 120
    start()
    # the beat's sweep, every second here, once the dead worker's lease ran out
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and Delivery.objects.filter(status="sent").count() < 120:
        sweep.apply_async(queue=QUEUE)
        time.sleep(1)
    # A request the kill cut off halfway cannot be read (at most one per sender thread); its
    # message is sent again whole.
    read = [r for r in service.received if r.payload is not None]
    assert len(service.received) - len(read) <= 8, [r.error for r in service.received]
    received = {}
    for r in read:
        received.setdefault(r.sub, set()).add(r.payload["tag"])
    assert len(received) == 120  # every player got the message
    assert all(len(tags) == 1 for tags in received.values())  # never two different messages
    assert Delivery.objects.filter(status="sent").count() == 120
    tags = [r.headers["Topic"] for r in read]
    assert all(r.payload["tag"] == r.headers["Topic"] for r in read)
    assert len(tags) - len(set(tags)) <= 40  # resends only of the killed batch, same id
