"""Issue 43, item 6: self check-in on the player's phone takes the name as the player types it
(no accents, any case, any word order: the one name-matching rule), and a late arrival who
finds every place taken is told what a player can do, not what the director should."""

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


def self_check_in_open(open_event, cap: int, names: list[str]):
    event = open_event(cap=cap)
    services.update_settings(event, self_check_in=True)
    for n, name in enumerate(names, start=1):
        services.sign_up(event, person(n, name=name))
    checkin.open_check_in(event)
    pins.ensure_pins(event)
    return event


def post(event, name: str, pin: str, client: Client | None = None):
    return (client or Client()).post(
        f"/e/{event.slug}/check-in/", {"name": name, "pin": pin}, follow=True
    )


@pytest.mark.parametrize("typed", ["lukasz zolkiewski", "ŁUKASZ ŻÓŁKIEWSKI", "Zolkiewski Lukasz"])
def test_the_name_is_taken_as_typed_without_accents(open_event, typed):
    event = self_check_in_open(open_event, 4, ["Łukasz Żółkiewski", "Anna Nowak"])
    player = Player.objects.get(name="Łukasz Żółkiewski")
    answer = post(event, typed, pins.pin_of(player))
    assert "Łukasz Żółkiewski, you are checked in." in answer.content.decode()
    assert Attendance.objects.get(player=player).how == Attendance.How.PHONE


def test_a_part_of_the_name_is_not_the_name(open_event):
    event = self_check_in_open(open_event, 4, ["Łukasz Żółkiewski", "Anna Nowak"])
    player = Player.objects.get(name="Łukasz Żółkiewski")
    answer = post(event, "lukasz", pins.pin_of(player))
    assert "Name or PIN is wrong." in answer.content.decode()
    assert not Attendance.objects.filter(player=player, checked_in_at__isnull=False).exists()


def test_two_names_that_fold_alike_need_the_name_as_written(open_event):
    event = self_check_in_open(open_event, 4, ["Jan Müller", "Jan Muller"])
    umlaut = Player.objects.get(name="Jan Müller")
    plain = Player.objects.get(name="Jan Muller")
    vague = post(event, "jan mueller", pins.pin_of(umlaut)).content.decode()
    assert "Name or PIN is wrong." in vague
    assert (
        "Jan Müller, you are checked in."
        in post(event, "jan müller", pins.pin_of(umlaut)).content.decode()
    )
    assert (
        "Jan Muller, you are checked in."
        in post(event, "JAN MULLER", pins.pin_of(plain)).content.decode()
    )


def test_a_late_arrival_without_a_place_is_sent_to_the_desk(open_event, director):
    names = ["Early One", "Early Two", "Early Three", "Late Four", "Waiting Five"]
    event = self_check_in_open(open_event, 4, names)
    for name in names[:3]:
        checkin.check_in(event, Player.objects.get(name=name))
    waiting = event.registrations.get(name="Waiting Five")
    checkin.check_in_registration(event, waiting)
    checkin.close_check_in(event, director, seat=False)  # Late Four's place goes to Five
    late = Player.objects.get(name="Late Four")
    text = post(event, "late four", pins.pin_of(late)).content.decode()
    assert "cap" not in text
    assert "check-in desk" in text
    assert not Attendance.objects.filter(player=late, checked_in_at__isnull=False).exists()
