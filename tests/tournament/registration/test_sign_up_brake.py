"""The sign-up form brakes by behaviour (issue 43, item 14): a club's or a venue's shared
Wi-Fi signs its members up one after another; the same e-mail address again and again, or a
burst no room of people typing reaches, is refused."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.registration.conftest import person
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db


def post(event, data, address="203.0.113.7"):
    return Client(REMOTE_ADDR=address).post(f"/e/{event.slug}/register/", data)


def test_a_club_behind_one_address_signs_up(open_event):
    """Twenty-five members of a club, one after another, from the club's one address."""
    event = open_event(cap=40)
    codes = [post(event, person(n)).status_code for n in range(1, 26)]
    assert codes == [302] * 25
    assert Registration.objects.filter(event=event).count() == 25


def test_the_same_address_again_and_again_is_braked_from_anywhere(open_event, settings):
    """A form used to flood one mailbox: each try from another address."""
    event = open_event(cap=40)
    victim = "victim@example.org"
    answers = [post(event, person(n, email=victim), address=f"198.51.100.{n}") for n in range(1, 8)]
    codes = [a.status_code for a in answers]
    assert codes[0] == 302  # the first sign-up
    assert codes[1 : settings.REGISTRATION_SIGNUPS_PER_EMAIL] == [400] * (
        settings.REGISTRATION_SIGNUPS_PER_EMAIL - 1
    )  # the address is taken: told so
    assert set(codes[settings.REGISTRATION_SIGNUPS_PER_EMAIL :]) == {429}
    assert "this e-mail address" in answers[-1].content.decode()
    assert post(event, person(50), address="198.51.100.50").status_code == 302  # others go on


def test_a_burst_from_one_address_is_braked(open_event, settings):
    settings.REGISTRATION_BURST_PER_ADDRESS = 5
    event = open_event(cap=40)
    codes = [post(event, person(n)).status_code for n in range(1, 8)]
    assert codes == [302] * 5 + [429] * 2
    assert post(event, person(9), address="192.0.2.9").status_code == 302  # elsewhere: fine
    assert Registration.objects.filter(event=event).count() == 6
