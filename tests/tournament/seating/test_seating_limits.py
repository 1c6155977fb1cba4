"""The web layer refuses what the seating generator cannot seat (issue 19, item 6)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournament.players.models import Player
from tournament.seating import services as seating_service


@pytest.mark.django_db
def test_the_web_layer_refuses_what_it_cannot_seat(make_event, director):
    event = make_event("huge", players=4)
    Player.objects.bulk_create(
        [
            Player(event=event, name=f"Extra {i}", name_key=f"extra {i}")
            for i in range(seating_service.MAX_PLAYER_ROUNDS // 20)
        ]
    )
    with pytest.raises(ValidationError) as error:
        seating_service.start_draft(event, director, first_round=1, rounds=20)
    message = error.value.message_dict["rounds"][0]
    assert "3004 × 20" in message and "fewer rounds" in message
    assert not event.seating_drafts.exists()
    seating_service.start_draft(event, director, first_round=1, rounds=19)
