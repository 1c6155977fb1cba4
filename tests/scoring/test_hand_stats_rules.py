"""A player's hand statistics speak of what their rules have (issue 43, item 19): an MCR player's
page said "Riichi declared 0", and MCR has no riichi."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.sheets.services import Author
from scoring.stats.reading import player_statistics
from tests.support.sheets import E, S, W, add, enable, mcr_win, ron, table_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def mcr(make_hall):
    hall = make_hall("mcr")
    enable(hall.event)
    return hall


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    enable(hall.event)
    return hall


def player_page(hall, player) -> str:
    return Client().get(f"/e/{hall.event.slug}/players/{player.pk}/").content.decode()


def test_an_mcr_players_statistics_have_no_riichi(mcr):
    add(table_of(mcr.event), mcr_win(E, 8, discarder=S), Author(user=mcr.head), 1)
    stats = player_statistics(mcr.event, mcr.east.pk).stats
    assert (stats.hands, stats.wins, stats.family) == (1, 1, "mcr")
    page = player_page(mcr, mcr.east)
    assert 'data-testid="hand-stats"' in page
    assert "Riichi declared" not in page and 'data-stat="riichi"' not in page


def test_a_riichi_players_statistics_count_riichi(riichi):
    add(table_of(riichi.event), ron(S, W, 3, 30, riichi=[S]), Author(user=riichi.head), 1)
    assert player_statistics(riichi.event, riichi.south.pk).stats.riichi == 1
    page = player_page(riichi, riichi.south)
    assert "Riichi declared" in page and 'data-stat="riichi">1<' in page
