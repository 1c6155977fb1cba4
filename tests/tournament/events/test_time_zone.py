"""Each event's time zone: every page about the event shows and takes times in it, the API
answers with the offset, and no request leaves it behind for the next one."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.formats import date_format

from penalties.models import FoulReport
from tournament.events import services as event_services
from tournament.events.pages.timezones import activate_event_time_zone

pytestmark = pytest.mark.django_db


@pytest.fixture
def prague(event):
    event.time_zone = "Europe/Prague"
    return event_services.save_event(event)


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def test_new_events_start_in_the_servers_time_zone(make_event, settings):
    settings.TIME_ZONE = "Europe/Helsinki"
    assert make_event("helsinki-open", players=0).time_zone == "Europe/Helsinki"


def test_a_round_start_typed_on_the_rounds_page_is_local_time(prague, web):
    """A Brno director typing 09:30 used to store 09:30 UTC (an hour or two off)."""
    response = web.post(
        f"/director/{prague.slug}/rounds/",
        {"number": "3", "starts_at": "2026-05-02T09:30", "length_minutes": "90"},
    )
    assert response.status_code == 302
    round_ = prague.rounds.get(number=3)
    assert round_.starts_at == datetime(2026, 5, 2, 7, 30, tzinfo=UTC)  # CEST is UTC+2
    page = web.get(f"/director/{prague.slug}/rounds/").content.decode()
    assert "9:30" in page


def test_the_api_answers_with_the_events_offset_and_reads_local_times(prague, director_api):
    url = f"/api/events/{prague.slug}/rounds/"
    response = director_api.post(url, {"number": 4, "starts_at": "2026-01-10T10:00"}, format="json")
    assert response.status_code == 201, response.content
    assert prague.rounds.get(number=4).starts_at == datetime(2026, 1, 10, 9, 0, tzinfo=UTC)
    assert director_api.get(url + "4/").json()["starts_at"] == "2026-01-10T10:00:00+01:00"


def test_referee_pages_show_local_times(hall):
    event = hall.event
    event.time_zone = "America/New_York"
    event_services.save_event(event)
    hall.foul(hall.floor, "short_hand", hall.south, {"count": 1})
    report = FoulReport.objects.get()
    client = Client()
    client.force_login(hall.floor)
    page = client.get(f"/referee/{event.slug}/fouls/{report.pk}/").content.decode()

    def shown(zone: str) -> str:
        return date_format(timezone.localtime(report.created_at, ZoneInfo(zone)), "DATETIME_FORMAT")

    assert shown("America/New_York") in page
    assert shown("UTC") not in page


def test_the_event_zone_ends_with_the_request(prague, web):
    web.get(f"/director/{prague.slug}/")
    assert timezone.get_current_timezone_name() == "UTC"
    activate_event_time_zone(prague)  # as a view would, in a request that then ends
    web.get("/")
    assert timezone.get_current_timezone_name() == "UTC"


def test_an_unknown_stored_zone_falls_back_to_utc(event):
    event.time_zone = "Nowhere/Atlantis"
    assert str(event.tzinfo) == "UTC"


def settings_form(event) -> dict:
    """The settings page's fields as the browser posts them."""
    return {
        "name": event.name,
        "slug": event.slug,
        "ruleset": event.ruleset,
        "status": event.status,
        "start_date": str(event.start_date or ""),
        "end_date": str(event.end_date or ""),
        "time_zone": event.time_zone,
    }


def test_a_new_time_zone_asks_what_the_round_starts_keep(prague, web, director_api):
    """Issue 31, item 16: Prague -> Helsinki silently moved 11:30 to 12:30. The page asks,
    shows both effects, and does what the director says; the API the same."""
    prague.rounds.filter(number=1).update(
        starts_at=datetime(2026, 5, 2, 9, 30, tzinfo=UTC)
    )  # 11:30
    prague.rounds.exclude(number=1).update(starts_at=None)
    url = f"/director/{prague.slug}/edit/"
    form = settings_form(prague) | {"time_zone": "Europe/Helsinki"}
    asked = web.post(url, form)
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "say whether they keep their local times" in page
    assert "11:30" in page and "12:30" in page  # both effects shown
    assert prague.__class__.objects.get(pk=prague.pk).time_zone == "Europe/Prague"
    assert web.post(url, form | {"round_times": "local"}).status_code == 302
    start = prague.rounds.get(number=1).starts_at
    assert start.astimezone(ZoneInfo("Europe/Helsinki")).strftime("%H:%M") == "11:30"
    api = f"/api/events/{prague.slug}/"
    refused = director_api.patch(api, {"time_zone": "Europe/Prague"}, format="json")
    assert refused.status_code == 400 and "round_times" in refused.json()
    moved = director_api.patch(
        api, {"time_zone": "Europe/Prague", "round_times": "moments"}, format="json"
    )
    assert moved.status_code == 200, moved.content
    assert prague.rounds.get(number=1).starts_at == start  # the same moment, 10:30 in Prague


def test_a_new_event_through_the_api_ignores_round_times(director_api):
    """Found by the contract run: round_times on a POST made a 500."""
    answer = director_api.post(
        "/api/events/",
        {
            "name": "Round Times Open",
            "slug": "round-times-open",
            "ruleset": "mcr",
            "time_zone": "Europe/Prague",
            "round_times": "local",
        },
        format="json",
    )
    assert answer.status_code == 201, answer.content
