"""A live riichi round under a platform's preset, its players' online names set to the names
of a log of tests/data/onlinelogs, and helpers to import that log."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.onlinelogs import parse_log, preset_options
from scoring.onlinelogs.reading import GivenLog
from scoring.onlinelogs.services.names import set_online_names
from tournament.events.models import Event
from tournament.rounds.models import Seat, Table

DATA = Path(__file__).parents[2] / "data" / "onlinelogs"
WINDS = ("E", "S", "W", "N")


def log_bytes(name: str) -> bytes:
    return (DATA / name).read_bytes()


def given(name: str) -> GivenLog:
    return GivenLog(content=log_bytes(name), filename=Path(name).name)


def table(event: Event, number: int = 1) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=number
    )


def name_table(event: Event, name: str, number: int = 1, director=None) -> list:
    """Give the players of table ``number`` the online names of the log ``name``, seat by
    seat (East the log's first seat); returns the players in wind order."""
    log = parse_log(log_bytes(name))
    seats = sorted(
        Seat.objects.filter(table=table(event, number)).select_related("player"),
        key=lambda s: WINDS.index(s.wind),
    )
    players = [s.player for s in seats]
    for seat, (player, online) in enumerate(zip(players, log.names, strict=True)):
        if log.names.count(online) > 1:
            online = log.accounts[seat]  # Mahjong Soul players sharing a nickname
        set_online_names(player, {log.platform: online}, user=director or event.director)
    return players


@pytest.fixture
def online_event(make_hall):
    """A live riichi round of two tables under tenhou.net's rules (hanchan), score sheets on
    and players entering hands."""

    def make(platform: str = "tenhou", length: str = "hanchan", ruleset: str = "riichi_wrc"):
        hall = make_hall(ruleset, preset_options(platform, length))
        Event.objects.filter(pk=hall.event.pk).update(
            keeps_score_sheets=True, players_enter_hands=True
        )
        hall.event.refresh_from_db()
        return hall

    return make
