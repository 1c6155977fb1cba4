"""Small events built through the services, for the export tests."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.results import services as result_services
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats as seat_services


@dataclass
class Built:
    event: Event
    players: dict[str, Player]


def build_event(director, ruleset, slug, roster, tables, *, options=None) -> Built:
    """``roster``: (name, country, EMA number) in registration order; ``tables``: per table of
    round 1, ((name, score) for E, S, W, N)."""
    event = event_services.save_event(
        Event(
            name=slug.title(),
            slug=slug,
            ruleset=ruleset,
            ruleset_options=options or {},
            is_public=True,
            director=director,
        )
    )
    players = {
        name: player_services.add_player(event, name=name, country=country, ema_number=ema)
        for name, country, ema in roster
    }
    round_ = round_services.create_round(event, number=1)
    tables_ = seat_services.seat_round(
        round_, [[players[name].pk for name, _score in table] for table in tables]
    )
    round_services.update_round(round_, status=Round.Status.LIVE)
    for table, seats in zip(tables_, tables, strict=True):
        scores = dict(zip("ESWN", (score for _name, score in seats), strict=True))
        result_services.enter_result(table, director, scores)
    return Built(event, players)
