"""The result endpoints: GET current + versions, POST result/correction (409 on a stale base),
POST confirm; and the standings endpoint's visibility."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournament.events.models import Event
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

URL = "/api/events/{slug}/rounds/1/tables/1/result/"


@pytest.fixture
def mcr(table_event):
    return table_event("mcr", players=8)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_enter_read_correct_and_conflict(mcr, director_api, api):
    event, _table, players = mcr
    url = URL.format(slug=event.slug)
    assert api.get(url).json() == {
        "round": 1,
        "table": 1,
        "latest_version": None,
        "counting_version": None,
        "current": None,
        "versions": [],
    }
    created = director_api.post(url, {"scores": {"E": 40, "S": 5, "W": 0, "N": -45}}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["version"] == 1
    assert [s["wind"] for s in created.json()["scores"]] == ["E", "S", "W", "N"]
    corrected = director_api.post(
        url,
        {"scores": {"E": 45, "S": 0, "W": 0, "N": -45}, "based_on_version": 1, "reason": "typo"},
        format="json",
    )
    assert corrected.status_code == 201
    stale = director_api.post(
        url,
        {"scores": {"E": 0, "S": 0, "W": 0, "N": 0}, "based_on_version": 1, "reason": "again"},
        format="json",
    )
    assert stale.status_code == 409
    assert stale.json()["current_version"] == 2
    body = api.get(url).json()
    assert body["latest_version"] == 2 and body["counting_version"] == 2
    assert [v["version"] for v in body["versions"]] == [2, 1]
    assert body["versions"][0]["reason"] == "typo"
    assert body["versions"][0]["entered_by"] == "dir"
    assert body["versions"][1]["scores"][0] == {
        "wind": "E",
        "player": players[0].pk,
        "player_name": players[0].name,
        "score": 40,
    }


def test_invalid_sum_is_400_with_the_difference(mcr, director_api):
    event, _table, _players = mcr
    response = director_api.post(
        URL.format(slug=event.slug), {"scores": {"E": 40, "S": 5, "W": 0, "N": 0}}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"scores": ["Scores add up to 45, not 0 (difference +45)."]}


def test_anonymous_and_unassigned_users_cannot_write(mcr, api, make_user):
    event, _table, _players = mcr
    body = {"scores": {"E": 0, "S": 0, "W": 0, "N": 0}}
    assert api.post(URL.format(slug=event.slug), body, format="json").status_code in (401, 403)
    response = client_for(make_user("nobody")).post(
        URL.format(slug=event.slug), body, format="json"
    )
    assert response.status_code == 403


def test_scorekeeper_enters_and_another_confirms(mcr, director, make_user):
    event, _table, _players = mcr
    Event.objects.filter(pk=event.pk).update(results_need_confirmation=True)
    keeper = make_user("keeper")
    staff_services.assign_referee(event, keeper, role=RefereeAssignment.Role.SCOREKEEPER)
    url = URL.format(slug=event.slug)
    entered = client_for(keeper).post(
        url, {"scores": {"E": 40, "S": 5, "W": 0, "N": -45}}, format="json"
    )
    assert entered.status_code == 201 and entered.json()["counts"] is False
    self_confirm = client_for(keeper).post(url + "confirm/", {"version": 1}, format="json")
    assert self_confirm.status_code == 403
    confirmed = client_for(director).post(url + "confirm/", {"version": 1}, format="json")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["counts"] is True and confirmed.json()["confirmed_by"] == "dir"
    again = client_for(director).post(url + "confirm/", {"version": 2}, format="json")
    assert again.status_code == 409


def test_private_event_is_hidden(make_event, api, director_api):
    event = make_event("secret", players=4, public=False, rounds=1, seated=True)
    assert api.get(f"/api/events/{event.slug}/standings/").status_code == 404
    assert api.get(URL.format(slug=event.slug)).status_code == 404
    assert director_api.get(f"/api/events/{event.slug}/standings/").status_code == 200


def test_standings_before_any_reconcile_say_not_current(mcr, api):
    event, _table, _players = mcr
    body = api.get(f"/api/events/{event.slug}/standings/").json()
    assert body["current"] is False and body["rows"] == []
    assert body["event_revision"] == Event.objects.get(pk=event.pk).revision
