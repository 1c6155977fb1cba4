"""The registration API: the director's only (personal data), and the same services."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournament.registration.conftest import person
from tournament.registration import services

pytestmark = pytest.mark.django_db


def test_only_the_director_reads_registrations(open_event, director, make_user):
    event = open_event(cap=1)
    services.sign_up(event, person(1))
    services.sign_up(event, person(2))
    url = f"/api/events/{event.slug}/registrations/"
    assert APIClient().get(url).status_code in (401, 403)
    client = APIClient()
    client.force_authenticate(director)
    rows = client.get(url).json()
    rows = rows.get("results", rows)
    assert [r["status"] for r in rows] == ["accepted", "waitlisted"]
    assert rows[1]["waitlist_place"] == 1


def test_the_director_decides_and_checks_in_through_the_api(open_event, director):
    event = open_event(cap=1)
    first = services.sign_up(event, person(1))
    second = services.sign_up(event, person(2))
    client = APIClient()
    client.force_authenticate(director)
    base = f"/api/events/{event.slug}"
    answer = client.post(
        f"{base}/registrations/{first.pk}/decision/", {"action": "refuse"}, format="json"
    )
    assert answer.status_code == 400 and "reason" in answer.json()
    answer = client.post(
        f"{base}/registrations/{first.pk}/decision/",
        {"action": "refuse", "reason": "Late payment"},
        format="json",
    )
    assert answer.json()["status"] == "refused"
    second.refresh_from_db()
    assert second.status == "offered"
    answer = client.post(f"{base}/check-in/", {"registration": second.pk}, format="json")
    assert answer.status_code == 400  # check-in is not open
    added = client.post(f"{base}/registrations/", {"name": "By Api"}, format="json")
    assert added.status_code == 400  # every place is taken (offered to the second)


def test_the_public_player_list_shows_no_ema_number(open_event, director):
    event = open_event(cap=2)
    services.sign_up(event, person(1))
    url = f"/api/events/{event.slug}/players/"
    rows = APIClient().get(url).json()
    rows = rows.get("results", rows)
    assert rows[0]["name"] == "Registrant 001" and rows[0]["ema_number"] == ""
    client = APIClient()
    client.force_authenticate(director)
    rows = client.get(url).json()
    assert rows.get("results", rows)[0]["ema_number"] == "05000001"
