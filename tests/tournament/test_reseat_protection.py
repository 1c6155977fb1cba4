"""A round whose tables already carry results or fouls cannot be reseated wholesale: the
records would lose their table."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring.results import services as result_services
from tournament.rounds.models import Seat
from tournament.rounds.services import seats as seat_services

pytestmark = pytest.mark.django_db


def test_reseat_refused_once_a_foul_is_recorded(make_hall):
    h = make_hall("mcr")
    h.foul(h.floor, "short_hand", h.south)
    round_ = h.event.rounds.get(number=1)
    before = list(Seat.objects.filter(round=round_).values_list("pk", "player_id"))
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    with pytest.raises(ValidationError, match="already recorded"):
        seat_services.seat_round(round_, [ids[:4], ids[4:]])
    assert list(Seat.objects.filter(round=round_).values_list("pk", "player_id")) == before


def test_reseat_refused_once_a_result_is_entered(make_hall, director_api):
    h = make_hall("mcr")
    table = h.event.rounds.get(number=1).tables.get(number=2)
    result_services.enter_result(table, h.director, {"E": 1, "S": 0, "W": 0, "N": -1})
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    response = director_api.put(
        f"/api/events/{h.event.slug}/rounds/1/seating/",
        {"tables": [ids[:4], ids[4:]]},
        format="json",
    )
    assert response.status_code == 400 and "already recorded" in str(response.json())


def test_a_single_table_with_a_foul_cannot_be_reseated(make_hall, director_api):
    """PUT .../tables/1/seats/ after a foul used to answer 200; verify then failed and the
    counting result still credited the removed player."""
    h = make_hall("mcr")
    assert h.foul(h.floor, "short_hand", h.south).status_code == 201
    round_ = h.event.rounds.get(number=1)
    before = list(Seat.objects.filter(round=round_).values_list("pk", "player_id"))
    outsider = h.event.players.exclude(pk__in=[h.east.pk, h.south.pk, h.west.pk, h.north.pk])
    response = director_api.put(
        f"/api/events/{h.event.slug}/rounds/1/tables/1/seats/",
        {"E": h.east.pk, "S": h.west.pk, "W": h.south.pk, "N": h.north.pk},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert "cannot change" in str(response.json())
    assert list(Seat.objects.filter(round=round_).values_list("pk", "player_id")) == before
    assert outsider.exists()


def test_a_single_table_with_a_result_cannot_be_reseated_but_may_be_saved_unchanged(make_hall):
    h = make_hall("mcr")
    table = h.event.rounds.get(number=1).tables.get(number=1)
    result_services.enter_result(table, h.director, {"E": 1, "S": 0, "W": 0, "N": -1})
    same = {"E": h.east.pk, "S": h.south.pk, "W": h.west.pk, "N": h.north.pk}
    seat_services.seat_table(table, same)
    with pytest.raises(ValidationError, match="cannot change"):
        seat_services.seat_table(table, {**same, "E": h.south.pk, "S": h.east.pk})
