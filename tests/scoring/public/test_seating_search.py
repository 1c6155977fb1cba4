""" "Where do I sit?": the live round while it is played, a search by any case and accents by
the start of the name's words, and players with a bye told so and listed."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats as seat_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def next_round_seated(make_hall):
    """Round 1 live; round 2 seated already (the director prepares it during round 1)."""
    h = make_hall("mcr")
    player_services.update_player(h.east, name="Šťastný Łukasz")
    round2 = round_services.create_round(h.event, number=2)
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    seat_services.seat_round(round2, [ids[:4], ids[4:]])
    round_services.update_round(round2, status=Round.Status.SEATED)
    return h


def search(hall, query: str):
    return Client().get(f"/e/{hall.event.slug}/seating/", {"q": query})


def test_during_a_live_round_its_seating_shows(next_round_seated):
    h = next_round_seated
    response = search(h, "")
    assert response.context["round"].number == 1
    assert "playing now" in response.content.decode()
    round_services.update_round(h.event.rounds.get(number=1), status=Round.Status.CLOSED)
    assert search(h, "").context["round"].number == 2


@pytest.mark.parametrize("query", ["šťastný", "STASTNY", "stast", "luk", "lukasz stas", "Šťa"])
def test_search_ignores_case_and_accents_and_matches_word_starts(next_round_seated, query):
    [(seat, table)] = search(next_round_seated, query).context["matches"]
    assert seat.player == next_round_seated.east and table.number == 1


@pytest.mark.parametrize("query", ["tastny", "ukasz", "xyz"])
def test_search_does_not_match_inside_words(next_round_seated, query):
    response = search(next_round_seated, query)
    assert response.context["matches"] == []
    assert "Nobody of that name" in response.content.decode()


def test_a_search_shows_the_tables_found_and_hides_the_others(next_round_seated):
    html = search(next_round_seated, "stast").content.decode()
    assert html.count('<section class="table-link" data-table>') == 1
    assert html.count("data-table hidden") == 1
    assert "data-table hidden" not in search(next_round_seated, "").content.decode()


def test_a_player_with_a_bye_is_told_so_and_listed(make_hall):
    h = make_hall("mcr")
    late = player_services.add_player(h.event, name="Late Comer")
    gone = player_services.add_player(h.event, name="Gone Player")
    player_services.update_player(gone, status=Player.Status.DROPPED)
    response = search(h, "late")
    assert response.context["matches"] == []
    assert response.context["bye_matches"] == [late]
    html = response.content.decode()
    assert "a bye in round 1" in html and "Nobody of that name" not in html
    assert [p.name for p in response.context["byes"]] == ["Late Comer"]  # not the dropped one
    assert 'class="byes" data-table aria-labelledby="byes-title">' in html  # found: shown


def test_seating_page_queries_do_not_grow_with_the_tables(make_hall):
    counts = []
    for players in (8, 40):
        h = make_hall("mcr", players=players)
        client = Client()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/e/{h.event.slug}/seating/", {"q": "P"}).status_code == 200
        counts.append(len(queries))
    # event + snapshot, rounds, tables, seats with players, players (byes), rounds and format
    # standings (navigation)
    assert counts[0] == counts[1] <= 8, counts
