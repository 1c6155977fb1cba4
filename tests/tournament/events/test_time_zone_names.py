"""Time zones under their current IANA names (issue 43, item 19): the settings page offered
"Europe/Kiev", "Asia/Calcutta" and "US/Eastern" beside or instead of "Europe/Kyiv", "Asia/Kolkata"
and "America/New_York". The page offers the current names only (the IANA zone.tab and UTC);
an old name given to the API, or stored before, is taken as the current name it stands for."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client

from tournament.events import services as event_services
from tournament.events.models import Event, current_time_zone, current_time_zones
from tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

OLD = {
    "Europe/Kiev": "Europe/Kyiv",
    "Asia/Calcutta": "Asia/Kolkata",
    "US/Eastern": "America/New_York",
    "Asia/Saigon": "Asia/Ho_Chi_Minh",
    "America/Godthab": "America/Nuuk",
    "Etc/UTC": "UTC",
}


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def test_old_names_stand_for_their_current_ones():
    for old, current in OLD.items():
        assert current_time_zone(old) == current
        assert old not in current_time_zones() and current in current_time_zones()
    # A country's own zone is offered under its own name, even where it links to another.
    assert current_time_zone("Europe/Bratislava") == "Europe/Bratislava"
    assert "Europe/Bratislava" in current_time_zones()


def test_the_settings_page_offers_current_names_only(web, event):
    page = web.get(f"/director/{event.slug}/edit/").content.decode()
    assert 'value="Europe/Kyiv"' in page and 'value="Asia/Kolkata"' in page
    for old in OLD:
        assert f'value="{old}"' not in page


def test_an_old_name_given_to_the_api_is_stored_under_its_current_name(director_api, event):
    answer = director_api.patch(
        f"/api/events/{event.slug}/", {"time_zone": "Europe/Kiev"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["time_zone"] == "Europe/Kyiv"
    assert Event.objects.get(pk=event.pk).time_zone == "Europe/Kyiv"


def test_an_event_stored_under_an_old_name_keeps_its_rounds_when_saved(web, event):
    """Saving the settings of an event stored as "Asia/Calcutta" selects "Asia/Kolkata" and
    moves nothing: the same zone, not a change of zone that asks about the rounds' times."""
    round_ = event.rounds.get(number=1)
    round_services.update_round(round_, starts_at=datetime(2026, 5, 2, 4, 0, tzinfo=UTC))
    Event.objects.filter(pk=event.pk).update(time_zone="Asia/Calcutta")
    page = web.get(f"/director/{event.slug}/edit/").content.decode()
    assert 'value="Asia/Kolkata" selected' in page
    stored = Event.objects.get(pk=event.pk)
    stored.venue = "Hall B"
    event_services.save_event(stored)
    assert Event.objects.get(pk=event.pk).time_zone == "Asia/Kolkata"
    assert event.rounds.get(number=1).starts_at == datetime(2026, 5, 2, 4, 0, tzinfo=UTC)
