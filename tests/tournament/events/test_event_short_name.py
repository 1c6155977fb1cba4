"""An event's short name (its address) is made from its name when the director leaves it empty
(issue 43, item 19): "Kraków Open 2026" is /e/krakow-open-2026/, on the page, through the API
and for an imported past event alike; a name taken already gets "-2"."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from scoring.ranking.services import importing
from tests.support.ranking import ema_file
from tournament.events import services as event_services
from tournament.events.models import Event

pytestmark = pytest.mark.django_db


def new_event(client: Client, name: str, slug: str = ""):
    return client.post(
        "/director/new/",
        {"name": name, "slug": slug, "ruleset": "mcr", "status": "draft", "time_zone": "UTC"},
    )


def test_the_page_makes_the_short_name_from_the_name(director):
    client = Client()
    client.force_login(director)
    answer = new_event(client, "Kraków Open 2026")
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Event.objects.get(name="Kraków Open 2026").slug == "krakow-open-2026"
    assert new_event(client, "Kraków  Open 2026").status_code == 302
    assert Event.objects.get(name="Kraków  Open 2026").slug == "krakow-open-2026-2"
    assert new_event(client, "Spring", slug="own-name").status_code == 302
    assert Event.objects.get(name="Spring").slug == "own-name"
    form = client.get("/director/new/").content.decode()
    assert "Empty: made from the name." in form


def test_the_api_makes_the_short_name_from_the_name(director_api):
    answer = director_api.post(
        "/api/events/", {"name": "Łódź Ørsted Straße", "ruleset": "mcr"}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["slug"] == "lodz-orsted-strasse"


def test_a_name_without_letters_still_gets_an_address(director):
    event = event_services.save_event(Event(name="2026", ruleset="mcr", director=director))
    assert event.slug == "2026"
    other = event_services.save_event(Event(name="???", ruleset="mcr", director=director))
    assert other.slug == "event"


def test_an_imported_past_event_takes_its_name_as_its_address(director):
    event = importing.import_ema(
        ema_file([(1, "A"), (2, "B")]),
        name="Vienna MCR Cup 2024",
        ruleset="mcr",
        first_day=date(2024, 12, 28),
        last_day=date(2024, 12, 29),
        by=director,
    )
    assert event.slug == "vienna-mcr-cup-2024"
