"""A round whose tables already carry results or fouls cannot be reseated wholesale: the
records would lose their table."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring import services as scoring
from tournament import services
from tournament.models import Seat

pytestmark = pytest.mark.django_db


def test_reseat_refused_once_a_foul_is_recorded(make_hall):
    h = make_hall("mcr")
    h.foul(h.floor, "short_hand", h.south)
    round_ = h.event.rounds.get(number=1)
    before = list(Seat.objects.filter(round=round_).values_list("pk", "player_id"))
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    with pytest.raises(ValidationError, match="already recorded"):
        services.seat_round(round_, [ids[:4], ids[4:]])
    assert list(Seat.objects.filter(round=round_).values_list("pk", "player_id")) == before


def test_reseat_refused_once_a_result_is_entered(make_hall, director_api):
    h = make_hall("mcr")
    table = h.event.rounds.get(number=1).tables.get(number=2)
    scoring.enter_result(table, h.director, {"E": 1, "S": 0, "W": 0, "N": -1})
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    response = director_api.put(
        f"/api/events/{h.event.slug}/rounds/1/seating/",
        {"tables": [ids[:4], ids[4:]]},
        format="json",
    )
    assert response.status_code == 400 and "already recorded" in str(response.json())
