"""An event's channels with a real Celery worker on Redis and PostgreSQL, posting to the local
fake Discord and Telegram service: 100 posts to each, the worker killed (SIGKILL) while a post
is in flight and started again; every post arrives once, none twice.

The fake service records a post when it receives it, as the real ones do, and holds the 41st
before answering: the worker is killed while waiting for that answer. That post is never sent
again (``unsure``: it arrived); the posts the dead worker had claimed but not started are sent
by the next worker once their lease ran out."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.integration.conftest import database_url, require_services
from tests.support.channels import ChannelService
from tests.support.servers import start_celery_worker, stop_process
from tests.tournament.channels.conftest import TOKEN
from tournament.channels import services as channels
from tournament.notify.models import Delivery
from tournament.notify.tasks import sweep

ROOT = Path(__file__).resolve().parents[2]
QUEUE = "channels-test"
POSTS = 100


@pytest.fixture
def channel_world(settings):
    require_services()
    service = ChannelService(delay=0.01).start()
    settings.NOTIFY_CHANNEL_HOSTS = [service.netloc]
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = [service.netloc]
    settings.NOTIFY_TELEGRAM_API = service.base
    settings.NOTIFY_QUEUE = QUEUE
    from django.db import connection

    env = dict(
        os.environ,
        DATABASE_URL=database_url(connection.settings_dict),
        NOTIFY_CHANNEL_HOSTS=service.netloc,
        NOTIFY_PUSH_ALLOWED_HOSTS=service.netloc,
        NOTIFY_TELEGRAM_API=service.base,
        NOTIFY_CHANNEL_INTERVAL="0.01",
        NOTIFY_QUEUE=QUEUE,
        NOTIFY_LEASE_SECONDS="3",
        NOTIFY_PUSH_READ_TIMEOUT="30",
        NOTIFY_BATCH_SIZE="40",
    )
    log = ROOT / "var" / "test-channels-worker.log"
    log.parent.mkdir(exist_ok=True)
    workers = []

    def start():
        workers.append(start_celery_worker(env, log, queue=QUEUE, name="channels"))
        return workers[-1]

    yield service, start
    for proc in workers:
        stop_process(proc)
    service.stop()


def _wait(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


@pytest.mark.django_db(transaction=True)
def test_a_hundred_posts_to_each_a_worker_killed_none_lost_none_twice(channel_world, make_event):
    service, start = channel_world
    service.hold_at = 41
    event = make_event("channels-worker", players=0)
    channels.add_channel(event, service="discord", webhook_url=service.webhook(1))
    channels.add_channel(event, service="telegram", bot_token=TOKEN, chat_id="-1001")
    worker = start()
    for n in range(POSTS):
        params = {"slug": event.slug, "event": event.name, "text": f"Post {n:03d}"}
        channels.post(event, "ch_announcement", f"bench{n}", params)
    assert service.held.wait(60), "the 41st post never came"
    os.killpg(worker.pid, signal.SIGKILL)  # while the 41st post waits for its answer
    worker.wait()
    service.release.set()
    killed_at = len(service.posts)
    assert killed_at == 41
    start()
    deadline = time.monotonic() + 120
    while (
        time.monotonic() < deadline
        and Delivery.objects.filter(status__in=["pending", "posting"]).exists()
    ):
        sweep.apply_async(queue=QUEUE)  # the beat's sweep, every second here
        time.sleep(1)
    for name in ("discord", "telegram"):
        received = Counter(text.split("\n")[1] for text in service.texts(name))
        assert set(received) == {f"Post {n:03d}" for n in range(POSTS)}, name  # none lost
        assert max(received.values()) == 1, name  # none twice
    states = Counter(Delivery.objects.values_list("status", flat=True))
    assert states == {"sent": 2 * POSTS - 1, "unsure": 1}
    assert _wait(lambda: len(service.posts) == 2 * POSTS, 1)
