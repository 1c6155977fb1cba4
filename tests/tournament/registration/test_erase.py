"""Deleting a registrant's personal data (issue 43, items 20 and 21): the private link dies
with it, the deletion can always run again, and no copy of the address is left anywhere (the
registration, the player, the notification choices, the outbox, the mails kept)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client

from tests.support.confirming import post_confirmed
from tests.support.mailserver import MailServer
from tests.tournament.registration.conftest import person
from tournament.events.models import Event
from tournament.notify import services as notify
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration, RegistrationLog

pytestmark = pytest.mark.django_db

ADDRESS = "Erase.Me@Example.org"


@pytest.fixture
def smtp(settings):
    server = MailServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = server.host
    settings.EMAIL_PORT = server.port
    yield server
    server.stop()


@pytest.fixture
def dclient(director):
    client = Client()
    client.force_login(director)
    return client


def erase(dclient, event, registration):
    return post_confirmed(
        dclient,
        f"/director/{event.slug}/registration/{registration.pk}/",
        {"action": "erase"},
        follow=True,
    )


def rows_holding(text: str) -> list[str]:
    """Every row of every table of this project whose text holds ``text`` (any case)."""
    needle = text.lower()
    found = []
    with connection.cursor() as cursor:
        for model in apps.get_models():
            table = model._meta.db_table
            if not model._meta.app_label.startswith(("tournament", "scoring", "penalties")):
                continue
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                if any(needle in str(value).lower() for value in row):
                    found.append(f"{table}: {row}")
    return found


def test_erase_kills_the_private_link_and_can_run_again(
    open_event, dclient, settings, django_capture_on_commit_callbacks
):
    event = open_event(cap=4)
    with django_capture_on_commit_callbacks(execute=True):
        registration = services.sign_up(event, person(1))
    link = services.link_url(registration).removeprefix(settings.SITE_URL)
    assert Client().get(link).status_code == 200
    assert "r1@example.org" not in erase(dclient, event, registration).content.decode()

    visitor = Client()
    assert visitor.get(link).status_code == 404
    edit = {
        "action": "edit",
        "name": "Registrant 001",
        "country": "FI",
        "club": "New Club",
        "ema_number": "",
        "email": "new@example.org",
        "language": "en",
    }
    assert visitor.post(link, edit).status_code == 404
    assert visitor.post(link, {"action": "withdraw"}).status_code == 404
    registration = Registration.objects.select_related("contact").get(pk=registration.pk)
    assert (registration.contact.email, registration.club) == ("", "")
    assert registration.status == "accepted"
    assert rows_holding("new@example.org") == [] and rows_holding("New Club") == []

    again = erase(dclient, event, registration).content.decode()
    assert "deleted already" not in again
    assert RegistrationLog.objects.filter(registration=registration, kind="erased").count() == 2


def test_a_second_erase_takes_what_came_since(open_event, dclient):
    """After the deletion the player gave an address on their notification page: a second
    deletion takes it too."""
    event = open_event(cap=4)
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    registration = services.sign_up(event, person(1))
    erase(dclient, event, registration)
    player = Player.objects.get(pk=registration.player_id)
    notify.save_choices(
        player, language="", email="later@example.org", push_on=True, email_on=True, muted=[]
    )
    assert rows_holding("later@example.org")
    erase(dclient, event, registration)
    assert rows_holding("later@example.org") == []


def test_erase_leaves_no_copy_of_the_address(
    open_event, dclient, smtp, django_capture_on_commit_callbacks
):
    """The registrant signed up, became a player, chose e-mail on the notification page,
    got a notification and a director's test message: after the deletion no table holds
    the address."""
    event = open_event(cap=4)
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    with django_capture_on_commit_callbacks(execute=True):
        registration = services.sign_up(event, person(1, email=ADDRESS))
    player = Player.objects.get(pk=registration.player_id)
    pins.ensure_pins(event)
    phone = Client()
    phone.get(f"/e/{event.slug}/card/{pins.card_token(Player.objects.get(pk=player.pk))}/")
    answer = phone.post(
        f"/e/{event.slug}/play/notify/",
        {"language": "fi", "email": ADDRESS, "email_on": "1", "push_on": "1"},
    )
    assert answer.status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        notify.enqueue_players(event, "test", "t1", {player.pk: {"event": event.name}})
        notify.send_test(event, ADDRESS)
    smtp.wait_for(ADDRESS.lower(), count=3)  # the registration, the notification, the test
    assert rows_holding(ADDRESS)

    erase(dclient, event, registration)
    assert rows_holding(ADDRESS) == []
    # and nothing is sent there any more
    with django_capture_on_commit_callbacks(execute=True):
        notify.enqueue_players(event, "test", "t2", {player.pk: {"event": event.name}})
    assert len(smtp.to(ADDRESS.lower())) == 3
