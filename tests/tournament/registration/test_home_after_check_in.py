"""The home page leads to self check-in only while the desk is open (issue 43, item 19): after
check-in closed it kept showing "Check in" to everybody; a late arrival goes to the desk."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.registration import services
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db


def test_the_home_page_drops_check_in_once_check_in_is_closed(open_event, director):
    event = open_event(players=4)
    services.update_settings(event, self_check_in=True)
    checkin.open_check_in(event)
    client = Client()
    assert "self-check-in-link" in client.get("/").content.decode()
    checkin.close_check_in(event, director, seat=False)
    home = client.get("/").content.decode()
    assert event.name in home
    assert "self-check-in-link" not in home
