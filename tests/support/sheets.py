"""Score sheets as the sheet tests build them: seat winds, a table of a hall, hands added
through the services, and the halls of each ruleset."""

from __future__ import annotations

import uuid

from scoring.sheets import services as sheets
from tournament.events.models import Event
from tournament.rounds.models import Table

E, S, W, N = 0, 1, 2, 3


def key() -> str:
    return uuid.uuid4().hex


def enable(event: Event, *, players: bool = True) -> Event:
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=players)
    event.refresh_from_db()
    return event


def table_of(event: Event, number: int = 1) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=number
    )


def add(table, data, author, number, k=None, **extra):
    return sheets.add_hand(
        table, data, author=author, number=number, idempotency_key=k or key(), **extra
    )


def mcr_win(winner, fan, discarder=None, bonus=0):
    return {"kind": "win", "winner": winner, "fan": fan, "bonus": bonus, "discarder": discarder}


def ron(winner, discarder, han=1, fu=30, **extra):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu, **extra}


def riichi_hanchan():
    """Eight non-dealer wins of 1000: the deal passes every hand, South 4 ends the game."""
    return [ron((dealer + 1) % 4, (dealer + 2) % 4) for dealer in range(4)] * 2
