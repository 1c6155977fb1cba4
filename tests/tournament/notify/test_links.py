"""The signed links of the notifications (issue 43, item 29): an unsubscribe from a mail
sent to an address stops every later mail to it, not only the one waiting; a calendar link
expires and dies with a PIN reissue, as the player's card does."""

from __future__ import annotations

import re
import time

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tests.support.mailserver import MailServer
from tournament.notify import services as notify
from tournament.players.access import pins
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp(settings):
    server = MailServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = server.host
    settings.EMAIL_PORT = server.port
    yield server
    server.stop()


def test_an_address_only_unsubscribe_stops_the_next_test_mail(
    make_event, director, smtp, settings, django_capture_on_commit_callbacks
):
    event = make_event("unsub-cup", players=0)
    client = Client()
    client.force_login(director)
    url = f"/director/{event.slug}/notify/"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"test": "1", "email": "someone@example.org"})
    (mail,) = smtp.wait_for("someone@example.org")
    unsubscribe = mail["List-Unsubscribe"].strip("<> ").removeprefix(settings.SITE_URL)
    assert Client().post(unsubscribe).status_code == 200  # the mail reader's one click

    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"test": "1", "email": "someone@example.org"}, follow=True)
    assert "asked for no more e-mails" in answer.content.decode()
    with pytest.raises(ValidationError):
        notify.send_test(event, "SOMEONE@example.org")
    assert notify.enqueue_email("someone@example.org", "text", "later", {}, event=event) is None
    time.sleep(0.3)
    assert len(smtp.to("someone@example.org")) == 1


def calendar_link(client, event) -> str:
    page = client.get(f"/e/{event.slug}/play/notify/").content.decode()
    return re.search(r'href="([^"]+\.ics)"', page).group(1)


@pytest.fixture
def phone(make_hall):
    hall = make_hall("mcr")
    event = hall.event
    type(event).objects.filter(pk=event.pk).update(
        keeps_score_sheets=True, players_enter_hands=True
    )
    pins.ensure_pins(event)
    player = Player.objects.get(pk=hall.east.pk)
    client = Client()
    client.get(f"/e/{event.slug}/card/{pins.card_token(player)}/")
    return event, player, client


def test_the_calendar_link_dies_with_a_pin_reissue(phone):
    event, player, client = phone
    link = calendar_link(client, event)
    assert Client().get(link).status_code == 200
    pins.reissue_pin(player)  # a lost card
    assert Client().get(link).status_code == 404


def test_the_calendar_link_expires(phone, settings, monkeypatch):
    event, _player, client = phone
    link = calendar_link(client, event)
    assert Client().get(link).status_code == 200
    later = time.time() + (settings.NOTIFY_CALENDAR_LINK_DAYS + 1) * 86400
    monkeypatch.setattr(time, "time", lambda: later)
    assert Client().get(link).status_code == 404
