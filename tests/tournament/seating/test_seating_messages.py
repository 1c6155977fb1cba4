"""Seating errors name players, never their database ids."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db


def test_a_player_twice_in_a_round_is_named(event):
    round_ = event.rounds.create(number=3)
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    first = event.players.get(pk=ids[0])
    with pytest.raises(ValidationError) as error:
        seats.seat_round(round_, [ids[:4], [ids[0], *ids[5:8]]])
    message = error.value.messages[0]
    assert message == f"{first.name} is seated at table 1 and table 2."


def test_a_player_of_another_event_is_explained_without_an_id(event, make_event):
    stranger = make_event("elsewhere", players=1).players.get()
    table = event.rounds.get(number=2).tables.get(number=1)
    with pytest.raises(ValidationError) as error:
        seats.seat_table(table, {"E": stranger.pk})
    message = error.value.messages[0]
    assert "not registered in this event" in message and str(stranger.pk) not in message
