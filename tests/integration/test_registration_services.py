"""Registration on PostgreSQL: the cap holds under sign-ups arriving at once (threads, each
with its own connection), and a real Celery worker with beat expires offers and mails the
next one through a local SMTP server."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection, connections
from django.utils import timezone

from tests.integration.conftest import ROOT, database_url, require_services
from tests.support.mailserver import MailServer
from tests.support.servers import start_celery_worker, stop_process
from tests.tournament.registration.conftest import person
from tournament.registration import services
from tournament.registration.models import (
    Registration,
    RegistrationLog,
    RegistrationMailSent,
    RegistrationSettings,
)
from tournament.registration.services.mail import PUMP_FLAG

pytestmark = pytest.mark.django_db(transaction=True)
S = Registration.Status


QUEUE = "registration-test"


def test_the_cap_holds_when_sign_ups_arrive_at_once(make_event):
    require_services()
    event = make_event("race-open", players=0)
    services.update_settings(event, opens_at=timezone.now() - timedelta(hours=1), cap=10)
    count = 40
    barrier = threading.Barrier(count)
    outcomes: list = [None] * count

    def sign(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = services.sign_up(event, person(index + 1)).status
        except ValidationError as exc:
            outcomes[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sign, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(isinstance(o, str) for o in outcomes), outcomes
    rows = list(event.registrations.order_by("pk").values_list("status", flat=True))
    # by arrival: the first ten rows (the order the lock let them in) hold the places
    assert rows == [S.ACCEPTED] * 10 + [S.WAITLISTED] * 30
    assert RegistrationSettings.objects.get(event=event).places_taken == 10
    assert event.players.count() == 10


@pytest.fixture
def mailserver():
    server = MailServer().start()
    yield server
    server.stop()


def test_beat_expires_an_offer_and_the_worker_mails_the_next(
    make_event, mailserver, tmp_path, settings
):
    """The worker and beat here are this test's own, on their own queue: the session's shared
    worker (tests/integration/conftest.py) would take the mails and send them elsewhere."""
    require_services()
    from config.celery import app

    app.control.purge()
    settings.REGISTRATION_QUEUE = QUEUE
    cache.delete(PUMP_FLAG)  # a task another test queued elsewhere would hold the mails
    env = dict(
        os.environ,
        DATABASE_URL=database_url(connection.settings_dict),
        EMAIL_HOST=mailserver.host,
        EMAIL_PORT=str(mailserver.port),
        REGISTRATION_OFFER_SWEEP_SECONDS="1",
        REGISTRATION_QUEUE=QUEUE,
    )
    worker = start_celery_worker(env, tmp_path / "worker.log", queue=QUEUE, name="registration")
    beat = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "beat",
            "--loglevel=INFO",
            "-s",
            str(tmp_path / "beat-schedule"),
        ],
        cwd=ROOT,
        env=env,
        stdout=(tmp_path / "beat.log").open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        event = make_event("beat-open", players=0)
        services.update_settings(event, opens_at=timezone.now() - timedelta(hours=1), cap=1)
        first, second, third = (services.sign_up(event, person(n)) for n in (1, 2, 3))
        mailserver.wait_for("r3@example.org")  # sent by the worker, after commit
        services.withdraw(first)
        second.refresh_from_db()
        assert second.status == S.OFFERED
        # the deadline passes (shortened here: the rule's 48 h are tested without a worker)
        Registration.objects.filter(pk=second.pk).update(
            offer_deadline=timezone.now() + timedelta(seconds=2)
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            third.refresh_from_db()
            if third.status == S.OFFERED:
                break
            time.sleep(0.3)
        assert third.status == S.OFFERED
        assert Registration.objects.get(pk=second.pk).status == S.EXPIRED
        kinds = set(
            RegistrationLog.objects.filter(registration=second).values_list("kind", flat=True)
        )
        assert {"offered", "offer_expired"} <= kinds
        offers = mailserver.wait_for("r3@example.org", count=2)
        assert "Accept it before" in MailServer.body(offers[-1])
        expired = mailserver.wait_for("r2@example.org", count=3)  # waitlisted, offered, expired
        assert len(expired) == 3
        # every stored mail was sent exactly once
        time.sleep(1)
        assert RegistrationMailSent.objects.count() == len(mailserver.messages)
    finally:
        stop_process(beat)
        stop_process(worker)
