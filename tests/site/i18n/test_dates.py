"""Dates and times follow the page's language, the same way on staff and public pages, in the
event's time zone, and never end a sentence with "a.m.." (issue 31, item 18)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from django.test import Client

from tournament.events import services as event_services
from tournament.rounds import services as round_services
from tournament.staff.models import StaffInvitation
from tournament.staff.services import invitations

pytestmark = pytest.mark.django_db

# 10:31 UTC on 3 December is 11:31 in Prague.
EXPIRES = datetime(2026, 12, 3, 10, 31, tzinfo=UTC)
# The same moment written as each language writes it on every page.
MOMENT = {
    "en": "3 Dec 2026, 11:31",
    "cs": "3. prosince 2026 11:31",
    "fr": "3 décembre 2026 11:31",
    "fi": "3. joulukuuta 2026 kello 11.31",
    "pl": "3 grudnia 2026 11:31",
}
DAY = {
    "en": "26 Nov 2026",
    "cs": "26. listopadu 2026",
    "fr": "26 novembre 2026",
    "fi": "26. marraskuuta 2026",
    "pl": "26 listopada 2026",
}
TWELVE_HOUR = re.compile(r"\b[ap]\.\s?m\.|\b[AP]M\b|\bnoon\b|\bmidnight\b")


@pytest.fixture
def prague(event):
    event.time_zone = "Europe/Prague"
    event.start_date = date(2026, 11, 26)
    return event_services.save_event(event)


@pytest.fixture
def link(prague, director):
    invitation, token = invitations.create_invitation(prague, director, roles=["floor"])
    StaffInvitation.objects.filter(pk=invitation.pk).update(expires_at=EXPIRES)
    return f"/staff/invitation/{token}/"


def page(path: str, language: str, user=None) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


@pytest.mark.parametrize("language", MOMENT)
def test_the_invitation_page_writes_its_end_in_the_language_without_am_pm(link, language):
    """It said "until 12/03/2026 11:31 a.m.." in English."""
    text = page(link, language)
    assert MOMENT[language] in text
    assert not TWELVE_HOUR.search(text)
    assert ".." not in text.replace("...", "")


@pytest.mark.parametrize("language", MOMENT)
def test_staff_and_public_pages_write_dates_and_moments_alike(prague, link, director, language):
    """Staff pages wrote "12/03/2026 11:31 a.m." where public pages wrote "Nov. 26, 2026"."""
    staff = page(f"/director/{prague.slug}/referees/", language, director)
    assert MOMENT[language] in staff and not TWELVE_HOUR.search(staff)
    dashboard = page(f"/director/{prague.slug}/", language, director)
    public = page(f"/e/{prague.slug}/", language)
    assert DAY[language] in dashboard and DAY[language] in public


@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_round_start_shows_in_the_events_time_zone_on_staff_pages(prague, director, language):
    round_ = prague.rounds.get(number=1)
    round_services.update_round(round_, starts_at=EXPIRES)
    rounds = page(f"/director/{prague.slug}/rounds/", language, director)
    board = page(f"/director/{prague.slug}/rounds/1/", language, director)
    assert MOMENT[language] in rounds and MOMENT[language] in board
    assert not TWELVE_HOUR.search(rounds + board)
