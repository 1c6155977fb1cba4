"""The director's round board (issue 16 §2): a tile per table with its result state, fouls
and extra time; a JSON feed in a constant number of queries; closing asks for confirmation,
naming the tables without a counting result."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from penalties import services as penalties
from scoring.results import services as result_services
from tests.support.confirming import confirm_form, post_confirmed
from tournament.events.models import Event
from tournament.hall import services as hall_services
from tournament.rounds.models import Round, Table


@pytest.fixture
def live(make_hall):
    hall = make_hall("mcr", players=16)
    return hall


def director_client(hall) -> Client:
    client = Client()
    client.force_login(hall.director)
    return client


def table(hall, number) -> Table:
    return Table.objects.get(round__event=hall.event, round__number=1, number=number)


def feed(hall) -> dict:
    return director_client(hall).get(f"/director/{hall.event.slug}/rounds/1/board.json").json()


def test_tiles_show_no_result_entered_confirmed_corrected_fouls_and_extra_time(live):
    Event.objects.filter(pk=live.event.pk).update(results_need_confirmation=True)
    scores = {"E": 40, "S": 5, "W": 0, "N": -45}
    result_services.enter_result(table(live, 2), live.head, scores)
    result_services.enter_result(table(live, 3), live.head, scores)
    result_services.confirm_result(table(live, 3), live.director, 1)
    result_services.enter_result(table(live, 4), live.head, scores)
    result_services.enter_result(
        table(live, 4), live.head, scores, based_on_version=1, reason="typo"
    )
    penalties.record_foul(
        live.event,
        live.floor,
        penalties.FoulInput(
            round=1, table=1, offender=live.south.pk, code="slow_play", idempotency_key="b1"
        ),
    )
    hall_services.extend_table(
        table(live, 1), live.head, minutes=5, reason="ruling", idempotency_key="x1"
    )
    tiles = {t["number"]: t for t in feed(live)["tables"]}
    assert [tiles[n]["state"] for n in (1, 2, 3, 4)] == [
        "none",
        "entered",
        "confirmed",
        "corrected",
    ]
    assert (tiles[1]["fouls"], tiles[1]["extra_minutes"]) == (1, 5)
    assert feed(live)["missing"] == [1, 2, 4]
    page = director_client(live).get(f"/director/{live.event.slug}/rounds/1/").content.decode()
    assert "round-board.js" in page and 'data-state="corrected"' in page and "<script>" not in page


def test_the_feed_costs_the_same_queries_for_4_or_16_tables(make_hall, make_event, director):
    small = make_hall("mcr", players=16)
    big = make_hall("mcr", players=64)
    counts = []
    for hall in (small, big):
        client = director_client(hall)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/director/{hall.event.slug}/rounds/1/board.json").status_code == 200
        counts.append(len(captured.captured_queries))
    # Session, user, event, round; extensions, tables, seats with names, result versions, foul
    # counts.
    assert counts == [9, 9]


def test_closing_with_tables_missing_asks_and_names_them(live):
    result_services.enter_result(table(live, 1), live.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    client = director_client(live)
    url = f"/director/{live.event.slug}/rounds/1/close/"
    answer = client.post(url)
    assert answer.status_code == 409
    assert "Tables 2, 3, 4 have no counting result" in answer.content.decode()
    assert live.event.rounds.get(number=1).status == Round.Status.LIVE
    action, fields = confirm_form(answer)
    # A table gets its result meanwhile: the confirmation was for other tables; it asks again.
    result_services.enter_result(table(live, 2), live.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    again = client.post(action, fields)
    assert "Tables 3, 4 have no counting result" in again.content.decode()
    assert live.event.rounds.get(number=1).status == Round.Status.LIVE
    action, fields = confirm_form(again)
    assert client.post(action, fields).status_code == 302
    assert live.event.rounds.get(number=1).status == Round.Status.CLOSED


def test_closing_with_every_result_asks_once_naming_what_happens(make_hall):
    hall = make_hall("mcr", players=8)
    for number in (1, 2):
        result_services.enter_result(
            table(hall, number), hall.head, {"E": 40, "S": 5, "W": 0, "N": -45}
        )
    client = director_client(hall)
    url = f"/director/{hall.event.slug}/rounds/1/close/"
    asked = client.post(url)
    assert asked.status_code == 409 and "Close round 1?" in asked.content.decode()
    assert "no counting result" not in asked.content.decode()
    # a double tap on the first button, or that POST replayed, only asks again
    assert client.post(url).status_code == 409
    assert hall.event.rounds.get(number=1).status == Round.Status.LIVE
    assert post_confirmed(client, url).status_code == 302
    assert hall.event.rounds.get(number=1).status == Round.Status.CLOSED


def test_the_board_is_the_directors(live):
    client = Client()
    client.force_login(live.head)
    assert client.get(f"/director/{live.event.slug}/rounds/1/").status_code == 403
    assert client.post(f"/director/{live.event.slug}/rounds/1/close/").status_code == 403


def test_the_board_leads_the_director_to_the_foul_list_where_a_foul_is_voided(live):
    """Issue 43's event day: a director voids a foul from pages only; the board links the
    round's foul list, which holds the void form."""
    hall = live
    hall.foul(hall.floor, "false_win", hall.south, {"reason": "under_minimum"})
    client = director_client(hall)
    board = client.get(f"/director/{hall.event.slug}/rounds/1/").content.decode()
    link = f'href="/referee/{hall.event.slug}/fouls/?round=1"'
    assert link in board
    fouls = client.get(f"/referee/{hall.event.slug}/fouls/?round=1")
    assert fouls.status_code == 200
    assert "void-form" in fouls.content.decode()
