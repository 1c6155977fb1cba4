"""The score sheets' messages to players (``tournament.notify``), sent once the write has
committed: a hand a player entered or corrected waits for the others' confirmation; a hand a
referee corrected, or one that was disputed, is told to the table's other players."""

from __future__ import annotations

from django.db import transaction

from scoring.sheets.entry.access import Author
from tournament.notify import services as notify
from tournament.rounds.models import Table


def _others(table: Table, author: Author) -> list[int]:
    me = author.player.pk if author.player is not None else None
    return [pid for pid in table.seats.values_list("player_id", flat=True) if pid != me]


def _params(table: Table, number: int) -> dict:
    event = table.round.event
    return {
        "slug": event.slug,
        "event": event.name,
        "round": table.round.number,
        "table": table.number,
        "hand": number,
    }


def hand_written(table: Table, number: int, version: int, author: Author) -> None:
    if author.player is None and version == 1:
        return  # staff entered it: it counts, nobody has to confirm

    def send() -> None:
        kind = "hand_confirm" if author.player is not None else "hand_corrected"
        params = _params(table, number)
        notify.enqueue_players(
            table.round.event,
            kind,
            f"t{table.pk}:h{number}:v{version}",
            {pid: params for pid in _others(table, author)},
        )

    transaction.on_commit(send, robust=True)


def hand_disputed(table: Table, number: int, dispute_id: int, author: Author) -> None:
    def send() -> None:
        params = _params(table, number)
        notify.enqueue_players(
            table.round.event,
            "hand_disputed",
            f"dispute{dispute_id}",
            {pid: params for pid in _others(table, author)},
        )

    transaction.on_commit(send, robust=True)
