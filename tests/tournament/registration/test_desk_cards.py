"""Issue 43, item 24: the check-in desk reads a player card as the card's own link does: a
card whose PIN was reissued (its link answers 410) or that expired checks nobody in, and the
desk says why."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.registration.conftest import person
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Attendance
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(open_event, director):
    event = open_event(cap=4)
    services.sign_up(event, person(1, name="Łukasz Żółkiewski"))
    checkin.open_check_in(event)
    pins.ensure_pins(event)
    client = Client()
    client.force_login(director)
    return event, client


def scan(event, client, player):
    link = f"http://testserver/e/{event.slug}/card/{pins.card_token(player)}/"
    return client.post(f"/director/{event.slug}/check-in/player", {"card": link})


def test_a_card_whose_pin_was_reissued_checks_nobody_in(desk):
    event, client = desk
    player = Player.objects.get()
    old_card = Player.objects.get(pk=player.pk)  # printed before the reissue
    pins.reissue_pin(player)
    link = f"/e/{event.slug}/card/{pins.card_token(old_card)}/"
    assert Client().get(link).status_code == 410
    answer = scan(event, client, old_card)
    assert answer.status_code == 400
    assert "replaced" in answer.json()["error"]
    assert not Attendance.objects.filter(player=player, checked_in_at__isnull=False).exists()
    player.refresh_from_db()
    assert scan(event, client, player).status_code == 200  # the new card


def test_an_expired_card_checks_nobody_in(desk, settings):
    event, client = desk
    player = Player.objects.get()
    settings.PLAYER_CARD_LINK_DAYS = -1
    answer = scan(event, client, player)
    assert answer.status_code == 400 and "expired" in answer.json()["error"]
    assert not Attendance.objects.filter(player=player, checked_in_at__isnull=False).exists()
