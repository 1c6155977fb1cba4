"""Who may write what on a score sheet (issue 31, items 3 and 4): a floor referee of the table
confirms the hand that ends the game, and the result follows; a player never enters a referee
adjustment, through the page or the API."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.core.exceptions import PermissionDenied

from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from scoring.sheets.services import Author
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def table_one(hall) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=1
    )


def ron(winner, discarder):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": 1, "fu": 30}


def adjustment():
    return {"kind": "adjustment", "points": [10_000_000, -10_000_000, 0, 0]}


def test_a_floor_referee_of_the_table_confirms_the_hand_that_ends_the_game(riichi):
    players = [riichi.east, riichi.south, riichi.west, riichi.north]
    table = table_one(riichi)
    hanchan = [ron((dealer + 1) % 4, (dealer + 2) % 4) for dealer in range(4)] * 2
    for number, data in enumerate(hanchan, start=1):
        sheets.add_hand(
            table,
            data,
            author=Author(player=players[data["winner"]]),
            number=number,
            idempotency_key=uuid.uuid4().hex,
        )
        if number < 8:
            confirmer = Author(player=players[(data["winner"] + 1) % 4])
            sheets.confirm_hand(table, number, author=confirmer, version=1)
    # riichi.floor referees table 1 and may not enter its results (the event does not let
    # floor referees): confirming the last hand still closes the sheet into the result.
    confirmation = sheets.confirm_hand(table, 8, author=Author(user=riichi.floor), version=1)
    assert confirmation.confirmed_by_id == riichi.floor.pk
    result = TableResult.objects.get(table=table)
    assert result.sheet_id is not None and result.counts
    assert result.entered_by_id == riichi.floor.pk


def test_a_floor_referee_still_may_not_enter_the_result_directly(riichi):
    answer = riichi.client(riichi.floor).post(
        f"/api/events/{riichi.event.slug}/rounds/1/tables/1/result/",
        {"scores": {"E": 30000, "S": 30000, "W": 30000, "N": 30000}},
        format="json",
    )
    assert answer.status_code == 403
    assert not TableResult.objects.exists()


def test_a_player_may_not_enter_an_adjustment_through_the_api(riichi):
    south = player_client(riichi, riichi.south)
    url = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/sheet/hands/"
    body = {"number": 1, "hand": adjustment(), "idempotency_key": "adj"}
    answer = south.post(url, body, content_type="application/json")
    assert answer.status_code == 403, answer.content
    assert "referee" in answer.json()["detail"]
    assert not SheetHand.objects.exists()


def test_a_player_may_not_correct_a_hand_into_an_adjustment(riichi):
    table = table_one(riichi)
    sheets.add_hand(
        table, ron(1, 2), author=Author(player=riichi.south), number=1, idempotency_key="h1"
    )
    with pytest.raises(PermissionDenied):
        sheets.correct_hand(
            table,
            1,
            adjustment(),
            author=Author(player=riichi.south),
            reason="typo",
            based_on_version=1,
            idempotency_key="h1b",
        )
    assert SheetHand.objects.count() == 1


def test_a_referee_enters_an_adjustment(riichi):
    table = table_one(riichi)
    hand, created = sheets.add_hand(
        table, adjustment(), author=Author(user=riichi.head), number=1, idempotency_key="a"
    )
    assert created and hand.kind == "adjustment"
