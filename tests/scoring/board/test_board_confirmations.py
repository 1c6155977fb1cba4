"""The round board (issue 43): the results of closed score sheets are confirmed in one step
instead of one table after another (item 11); closing a round from the rounds list asks like
the board does, while the API closes as documented, without a question (item 2)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.results import services as result_services
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tests.support.confirming import confirm_form
from tournament.events.models import Event
from tournament.rounds.models import Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(make_hall):
    """MCR, 16 players at four tables, score sheets kept, results confirmed by a second person."""
    hall = make_hall("mcr", players=16)
    Event.objects.filter(pk=hall.event.pk).update(
        keeps_score_sheets=True, players_enter_hands=True, results_need_confirmation=True
    )
    hall.event.refresh_from_db()
    return hall


def table(hall, number: int) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=number
    )


def close_sheet(hall, number: int) -> None:
    """A hand of the table, entered and confirmed by its players; the sheet closed."""
    t = table(hall, number)
    seats = {s.wind: s.player for s in t.seats.all()}
    hand, _created = sheets.add_hand(
        t,
        {"kind": "win", "winner": 0, "fan": 8, "bonus": 0, "discarder": 1},
        author=Author(player=seats["E"]),
        number=1,
        idempotency_key=f"h{number}",
    )
    sheets.confirm_hand(t, 1, version=hand.version, author=Author(player=seats["S"]))
    sheets.close_sheet(t, author=Author(user=hall.head), reason="time")


def director(hall) -> Client:
    client = Client()
    client.force_login(hall.director)
    return client


def test_the_closed_sheets_results_are_confirmed_in_one_step(hall):
    close_sheet(hall, 1)
    close_sheet(hall, 3)
    result_services.enter_result(table(hall, 2), hall.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    board = f"/director/{hall.event.slug}/rounds/1/"
    page = director(hall).get(board).content.decode()
    assert "Confirm the results of the closed score sheets: tables 1, 3" in page
    answer = director(hall).post(board + "confirm-sheets/", follow=True)
    assert "Tables 1, 3: results confirmed." in answer.content.decode()
    confirmed = dict(
        TableResult.objects.filter(round__event=hall.event).values_list(
            "table__number", "confirmed_by"
        )
    )
    assert confirmed == {1: hall.director.pk, 2: None, 3: hall.director.pk}
    assert set(
        TableResult.objects.filter(round__event=hall.event, counts=True).values_list(
            "table__number", flat=True
        )
    ) == {1, 3}
    # nothing left to confirm: said, and nothing written
    again = director(hall).post(board + "confirm-sheets/", follow=True)
    assert "No result from a score sheet waits for a confirmation" in again.content.decode()
    assert "closed score sheet" not in director(hall).get(board).content.decode()


def test_closing_from_the_rounds_list_asks_like_the_board(hall):
    client = director(hall)
    answer = client.post(
        f"/director/{hall.event.slug}/rounds/1/status/", {"status": "closed"}, follow=True
    )
    page = answer.content.decode()
    assert answer.status_code == 409 and "Close round 1?" in page
    assert "Tables 1, 2, 3, 4 have no counting result" in page
    assert hall.event.rounds.get(number=1).status == Round.Status.LIVE
    action, fields = confirm_form(answer)
    assert client.post(action, fields).status_code == 302
    assert hall.event.rounds.get(number=1).status == Round.Status.CLOSED


def test_the_api_closes_a_round_as_documented(hall):
    answer = hall.client(hall.director).patch(
        f"{hall.url}rounds/1/", {"status": "closed"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert hall.event.rounds.get(number=1).status == Round.Status.CLOSED
