"""Every write the pages can do, the API can do (issue 31, item 27): a team's "best N" and the
player's PIN sign-in (seating a round of a stage: tests/scoring/formats/test_stage_api.py)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from scoring.sheets.models import SheetHand
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


def test_the_team_best_is_read_and_set_through_the_api(make_hall):
    hall = make_hall("mcr")
    url = f"{hall.url}team-best/"
    director = hall.client(hall.director)
    assert director.get(url).json() == {"team_best": None}
    assert director.put(url, {"team_best": 3}, format="json").json() == {"team_best": 3}
    assert Event.objects.get(pk=hall.event.pk).team_best == 3
    refused = director.put(url, {"team_best": 0}, format="json")
    assert refused.status_code == 400 and "team_best" in refused.json()
    assert hall.client(hall.head).put(url, {"team_best": 2}, format="json").status_code == 403
    assert Event.objects.get(pk=hall.event.pk).team_best == 3


def test_a_player_signs_in_through_the_api_and_then_writes_hands(make_hall):
    cache.clear()
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    client = Client(enforce_csrf_checks=True)
    url = f"/api/events/{hall.event.slug}/play/sign-in/"
    body = {"player": south.pk, "pin": pins.pin_of(south)}
    assert client.post(url, body, content_type="application/json").status_code == 403  # no CSRF
    token = client.get(f"/e/{hall.event.slug}/play/?table=1").cookies["csrftoken"].value
    wrong = client.post(
        url,
        {"player": south.pk, "pin": "000000"},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert wrong.status_code == 400 and "pin" in wrong.json()
    answer = client.post(url, body, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 200 and answer.json() == {"player": south.pk, "name": south.name}
    token = client.cookies["csrftoken"].value
    hand = {"kind": "win", "winner": 1, "discarder": 2, "han": 1, "fu": 30}
    written = client.post(
        f"/api/events/{hall.event.slug}/rounds/1/tables/1/sheet/hands/",
        {"number": 1, "hand": hand, "idempotency_key": "api-1"},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert written.status_code == 201, written.content
    assert SheetHand.objects.get().entered_by_player_id == south.pk
    assert client.delete(url, HTTP_X_CSRFTOKEN=token).status_code == 204
    assert "Signed in as" not in client.get(f"/e/{hall.event.slug}/play/").content.decode()
