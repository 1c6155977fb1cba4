"""Who signs in on the players' side of the sheets."""

from __future__ import annotations

from tournament.events.models import Event


def players_sign_in(event: Event) -> bool:
    """Whether the event's players sign in (with a PIN or a card) to keep their sheet."""
    return event.keeps_score_sheets and event.players_enter_hands
