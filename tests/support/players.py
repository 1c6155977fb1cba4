"""What tests of the players' side share: a browser session signed in as a player with their
PIN, the way the play page does it."""

from __future__ import annotations

from django.test import Client

from tournament.players.access import pins
from tournament.players.models import Player


def player_client(hall, player) -> Client:
    """A client signed in on ``hall``'s play page as ``player`` (name, then PIN)."""
    pins.ensure_pins(hall.event)
    player = Player.objects.get(pk=player.pk)
    client = Client()
    answer = client.post(
        f"/e/{hall.event.slug}/play/", {"player": player.pk, "pin": pins.pin_of(player)}
    )
    assert answer.status_code == 302
    return client
