"""Registration mails go out in rounds: one task sends every waiting mail over one SMTP
connection, a refused address does not hold up the others, and a mail stored while a task is
on its way is sent by that task's round (a real SMTP server: ``tests.support.mailserver``)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.support.mailserver import MailServer
from tests.tournament.registration.conftest import person
from tournament.registration import services
from tournament.registration.models import RegistrationMail, RegistrationMailSent
from tournament.registration.services import mail as registration_mail


@pytest.fixture
def smtp(settings):
    server = MailServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = server.host, server.port
    cache.delete(registration_mail.PUMP_FLAG)
    yield server
    registration_mail.close_connection()
    server.stop()


def sign_up_all(event, numbers, capture):
    for n in numbers:
        with capture(execute=True):
            services.sign_up(event, person(n))


def test_one_connection_for_many_mails(open_event, smtp, django_capture_on_commit_callbacks):
    event = open_event(cap=2)
    sign_up_all(event, range(1, 6), django_capture_on_commit_callbacks)
    assert sorted(str(m["To"]) for m in smtp.messages) == [f"r{n}@example.org" for n in range(1, 6)]
    assert smtp.sessions == 1
    assert RegistrationMailSent.objects.count() == RegistrationMail.objects.count() == 5


def test_a_dropped_connection_is_opened_again(open_event, smtp, django_capture_on_commit_callbacks):
    event = open_event(cap=2)
    sign_up_all(event, [1], django_capture_on_commit_callbacks)
    smtp.stop()  # the server restarts on the same port: the worker's connection is dead
    again = MailServer(port=smtp.port).start()
    try:
        sign_up_all(event, [2], django_capture_on_commit_callbacks)
        assert [str(m["To"]) for m in again.messages] == ["r2@example.org"]
    finally:
        registration_mail.close_connection()
        again.stop()
    assert RegistrationMailSent.objects.count() == 2


def test_a_refused_address_does_not_hold_up_the_others(
    open_event, smtp, django_capture_on_commit_callbacks
):
    event = open_event(cap=2)
    smtp.refuse("r2@example.org")
    sign_up_all(event, [1, 2, 3], django_capture_on_commit_callbacks)
    assert sorted(str(m["To"]) for m in smtp.messages) == ["r1@example.org", "r3@example.org"]
    refused = RegistrationMail.objects.get(to="r2@example.org")
    assert not RegistrationMailSent.objects.filter(mail=refused).exists()
    assert registration_mail.waiting_mails() == [refused.pk]
    # the server takes it later: the next round sends it, and nothing twice
    smtp.refuse()
    assert registration_mail.send_waiting_mails() == 1
    assert sorted(str(m["To"]) for m in smtp.messages) == [
        "r1@example.org",
        "r2@example.org",
        "r3@example.org",
    ]
    assert registration_mail.waiting_mails() == []


def test_a_mail_stored_while_a_task_is_on_its_way_waits_for_its_round(
    open_event, smtp, django_capture_on_commit_callbacks
):
    event = open_event(cap=2)
    cache.set(registration_mail.PUMP_FLAG, 0, 60)  # a task is queued and has not started
    sign_up_all(event, [1, 2], django_capture_on_commit_callbacks)
    assert smtp.messages == []  # no second task was sent off
    assert registration_mail.send_waiting_mails() == 2  # the queued task's round
    assert cache.get(registration_mail.PUMP_FLAG) is None
    sign_up_all(event, [3], django_capture_on_commit_callbacks)  # the next one starts a task
    assert len(smtp.messages) == 3


def test_a_full_round_goes_on_from_where_it_stopped(
    open_event, smtp, django_capture_on_commit_callbacks, monkeypatch
):
    event = open_event(cap=2)
    cache.set(registration_mail.PUMP_FLAG, 0, 60)
    sign_up_all(event, range(1, 6), django_capture_on_commit_callbacks)
    monkeypatch.setattr(registration_mail, "PUMP_BATCH", 2)
    first = registration_mail.send_waiting()
    assert (first.sent, first.full) == (2, True)
    assert len(smtp.messages) == 2
    # the task goes on after the last mail it looked at, round after round, until one is short
    assert registration_mail.send_waiting_mails(first.last) == 2
    assert sorted(str(m["To"]) for m in smtp.messages) == [f"r{n}@example.org" for n in range(1, 6)]
    assert registration_mail.waiting_mails() == []
