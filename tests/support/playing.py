"""Rounds played with given scores: seated, started, entered as the director and closed, through
the services."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.results.services import enter_result
from scoring.standings.models import StandingsSnapshot
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats


def play_round(
    event: Event, number: int, tables: Sequence[Sequence[Player]], scores: Sequence[Sequence[int]]
) -> Round:
    """Create (or reuse) round ``number``, seat ``tables`` (players in wind order) and enter
    each table's ``scores`` (E, S, W, N) as the director."""
    round_ = event.rounds.filter(number=number).first() or round_services.create_round(
        event, number=number
    )
    seats.seat_round(round_, [[p.pk for p in t] for t in tables])
    enter_round(round_, scores)
    return round_


def snapshot_rows(event: Event) -> list[dict]:
    return StandingsSnapshot.objects.get(event=event).rows


def start(round_: Round) -> None:
    round_.refresh_from_db()
    if round_.status == Round.Status.SEATED:
        round_services.update_round(round_, status=Round.Status.LIVE)


def close(round_: Round) -> None:
    start(round_)
    round_services.update_round(round_, status=Round.Status.CLOSED)


def enter_round(round_: Round, scores: Sequence[Sequence[int]]) -> None:
    """Start the round if it is only seated, then enter each table's scores."""
    start(round_)
    for table, values in zip(round_.tables.order_by("number"), scores, strict=True):
        enter_result(table, round_.event.director, dict(zip("ESWN", values, strict=True)))
