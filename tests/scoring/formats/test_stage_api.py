"""Seating a round of a stage through the API, as the director's Stages page does (issue 31,
item 27)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.formats import services as cuts
from tests.support.playing import close
from tournament.formats.services import stages

pytestmark = pytest.mark.django_db


def test_a_round_of_a_stage_is_seated_through_the_api(make_event, play, director):
    event = make_event("api-stage", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event, name="Final", first_round=2, last_round=3, cut_size=4, seating="rank"
    )
    close(play(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [40, -10, -10, -20]]))
    cuts.confirm_cut(final, director, [p[6].pk])
    client = APIClient()
    client.force_authenticate(director)
    url = f"/api/events/{event.slug}/stages/{final.pk}/seat/"
    answer = client.post(url, {}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json() == {"round": 2, "tables": 1}
    assert client.post(url, {"round": 9}, format="json").status_code == 400
    assert client.post(url, {"round": 3}, format="json").json()["round"] == 3
    assert client.post(url, {}, format="json").status_code == 400  # every round is seated
