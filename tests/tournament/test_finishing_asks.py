"""Marking the event finished tells every player their final place: the settings page asks
first, naming the rounds not closed (issue 43 items 2 and 4); the API sets it as documented."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.confirming import confirm_form
from tournament.events.models import Event

pytestmark = pytest.mark.django_db


def settings_data(event: Event, **changes) -> dict:
    return {
        "name": event.name,
        "slug": event.slug,
        "ruleset": event.ruleset,
        "status": event.status,
        "time_zone": event.time_zone,
        "venue": "",
        "is_public": "on",
    } | changes


def test_marking_the_event_finished_asks_naming_the_open_rounds(hall):
    client = Client()
    client.force_login(hall.director)
    url = f"/director/{hall.event.slug}/edit/"
    data = settings_data(hall.event, status="finished", venue="Hall B")
    asked = client.post(url, data)
    page = asked.content.decode()
    assert asked.status_code == 409 and f"Mark {hall.event.name} as finished?" in page
    assert "Round 1 is not closed." in page and "told their final place" in page
    stored = Event.objects.get(pk=hall.event.pk)
    assert (stored.status, stored.venue) == ("running", "")
    action, fields = confirm_form(asked)
    assert fields["venue"] == ["Hall B"]  # the rest of the form goes with the answer
    assert client.post(action, fields).status_code == 302
    stored = Event.objects.get(pk=hall.event.pk)
    assert (stored.status, stored.venue) == ("finished", "Hall B")
    # saved again while finished: nothing to ask
    assert client.post(url, settings_data(stored, venue="Hall C")).status_code == 302


def test_the_api_finishes_the_event_as_documented(hall):
    answer = hall.client(hall.director).patch(hall.url, {"status": "finished"}, format="json")
    assert answer.status_code == 200, answer.content
    assert Event.objects.get(pk=hall.event.pk).status == "finished"
