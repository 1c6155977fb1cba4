"""Hands from the players' side (issue 32, item 3): dispute, settle, propose a correction,
strike, call the referee. Every step is an append-only row; whether a hand counts is read
from them."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import (
    DisputeResolution,
    HandDispute,
    RefereeCall,
    RefereeCallTaken,
    SheetHand,
)
from scoring.sheets.services import Author
from tests.players import player_client
from tournament.events.models import Event
from tournament.rounds.models import Round, Table

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


def ron(winner, discarder, han=1):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": 30}


def key() -> str:
    return uuid.uuid4().hex


def add(table, data, author, number):
    hand, created = sheets.add_hand(
        table, data, author=author, number=number, idempotency_key=key()
    )
    assert created
    return hand


def players(hall):
    return [Author(player=p) for p in (hall.east, hall.south, hall.west, hall.north)]


def hanchan_but_last(hall, table):
    """Seven confirmed hands of a hanchan (non-dealer rons); returns the eighth hand's data."""
    a = players(hall)
    hands = [ron((dealer + 1) % 4, (dealer + 2) % 4) for dealer in range(4)] * 2
    for number, data in enumerate(hands[:7], start=1):
        add(table, data, a[data["winner"]], number)
        sheets.confirm_hand(table, number, author=a[(data["winner"] + 1) % 4], version=1)
    return hands[7]


def test_a_disputed_hand_does_not_count_and_the_sheet_cannot_close(riichi):
    table = table_one(riichi)
    east, south, west, _north = players(riichi)
    add(table, ron(1, 2), south, 1)
    sheets.confirm_hand(table, 1, author=west, version=1)
    assert sheets.read_sheet(table).hands[0].counts
    dispute = sheets.dispute_hand(table, 1, author=east, version=1, reason="It was 2 han")
    view = sheets.read_sheet(table)
    assert not view.hands[0].counts and view.hands[0].disputed
    assert view.counted == 0
    with pytest.raises(ValidationError, match="Disputed hands: 1"):
        sheets.close_sheet(table, author=Author(user=riichi.director), reason="time")
    assert not TableResult.objects.filter(table=table).exists()
    # A referee keeps the hand as it is: it counts again, and the sheet may close.
    sheets.settle_dispute(table, dispute.pk, author=Author(user=riichi.floor), note="kept")
    assert DisputeResolution.objects.get(dispute=dispute).resolved_by == riichi.floor
    assert sheets.read_sheet(table).hands[0].counts
    sheets.close_sheet(table, author=Author(user=riichi.director), reason="time")
    assert TableResult.objects.filter(table=table).exists()


def test_the_last_hand_disputed_keeps_the_sheet_open_until_settled(riichi):
    table = table_one(riichi)
    a = players(riichi)
    last = hanchan_but_last(riichi, table)
    add(table, last, a[last["winner"]], 8)
    dispute = sheets.dispute_hand(table, 8, author=a[0], version=1, reason="wrong winner")
    with pytest.raises(ValidationError, match="disputed"):
        sheets.confirm_hand(table, 8, author=a[(last["winner"] + 1) % 4], version=1)
    assert not TableResult.objects.filter(table=table).exists()
    sheets.settle_dispute(table, dispute.pk, author=a[0])  # withdrawn by who raised it
    sheets.confirm_hand(table, 8, author=a[(last["winner"] + 1) % 4], version=1)
    assert TableResult.objects.get(table=table).sheet_id is not None


def test_only_the_player_who_raised_a_dispute_withdraws_it(riichi):
    table = table_one(riichi)
    east, south, west, north = players(riichi)
    add(table, ron(1, 2), south, 1)
    dispute = sheets.dispute_hand(table, 1, author=east, version=1, reason="no")
    with pytest.raises(PermissionDenied):
        sheets.settle_dispute(table, dispute.pk, author=south)
    assert not DisputeResolution.objects.exists()


def test_a_proposed_correction_counts_only_once_another_player_confirms_it(riichi):
    table = table_one(riichi)
    east, south, west, north = players(riichi)
    add(table, ron(1, 2, han=14), south, 1)
    sheets.confirm_hand(table, 1, author=west, version=1)
    sheets.dispute_hand(table, 1, author=east, version=1, reason="14 han is a typo")
    proposal, created = sheets.correct_hand(
        table,
        1,
        ron(1, 2, han=3),
        author=north,
        reason="3 han",
        based_on_version=1,
        idempotency_key=key(),
    )
    assert created and proposal.version == 2
    view = sheets.read_sheet(table)
    assert not view.hands[0].counts and not view.hands[0].disputed  # the dispute stays behind
    with pytest.raises(PermissionDenied):
        sheets.confirm_hand(table, 1, author=north, version=2)  # not the proposer's own
    sheets.confirm_hand(table, 1, author=south, version=2)
    view = sheets.read_sheet(table)
    assert view.hands[0].counts and view.hands[0].data["wins"][0]["han"] == 3
    assert list(SheetHand.objects.filter(sheet__table=table).values_list("version", flat=True)) == [
        1,
        2,
    ]


def test_a_strike_removes_the_hand_once_confirmed_and_keeps_its_number(riichi):
    table = table_one(riichi)
    east, south, west, north = players(riichi)
    add(table, ron(1, 2), south, 1)
    add(table, ron(2, 3), west, 2)
    struck, created = sheets.strike_hand(
        table, 2, author=east, reason="never played", based_on_version=1, idempotency_key=key()
    )
    assert created and struck.kind == "struck" and struck.version == 2
    view = sheets.read_sheet(table)
    assert [h.number for h in view.hands] == [1, 2] and view.hands[1].striking
    assert not view.hands[1].counts
    with pytest.raises(PermissionDenied):
        sheets.confirm_hand(table, 2, author=east, version=2)
    sheets.confirm_hand(table, 2, author=Author(user=riichi.floor), version=2)
    view = sheets.read_sheet(table)
    assert [h.number for h in view.hands] == [1]
    assert view.next_number == 3
    assert len(view.played.lines) == 1
    add(table, ron(2, 3), west, 3)
    assert [h.number for h in sheets.read_sheet(table).hands] == [1, 3]


def test_a_call_shows_until_a_referee_takes_it_and_a_second_call_is_the_same(riichi):
    table = table_one(riichi)
    east = players(riichi)[0]
    call, created = sheets.call_referee(table, author=east)
    again, created_again = sheets.call_referee(table, author=east)
    assert created and not created_again and again.pk == call.pk
    round_ = table.round
    items = sheets.floor_items(round_, [1])
    assert [(i.kind, i.table) for i in items] == [("call", 1)]
    assert sheets.floor_items(round_, [2]) == []
    with pytest.raises(PermissionDenied):
        sheets.take_call(table, call.pk, user=riichi.other_floor)
    sheets.take_call(table, call.pk, user=riichi.floor)
    assert RefereeCallTaken.objects.get(call=call).taken_by == riichi.floor
    assert sheets.floor_items(round_) == []


@override_settings(SHEET_DISPUTES_PER_AUTHOR=2, SHEET_CALLS_PER_AUTHOR=1)
def test_disputes_and_calls_are_throttled_per_player(riichi):
    table = table_one(riichi)
    east, south, west, north = players(riichi)
    for number in (1, 2, 3):
        add(table, ron(1, 2) if number != 2 else ron(2, 3), south if number != 2 else west, number)
    sheets.dispute_hand(table, 1, author=east, version=1, reason="a")
    sheets.dispute_hand(table, 2, author=east, version=1, reason="b")
    with pytest.raises(sheets.Throttled):
        sheets.dispute_hand(table, 3, author=east, version=1, reason="c")
    assert HandDispute.objects.count() == 2
    sheets.dispute_hand(table, 3, author=north, version=1, reason="c")  # another player
    sheets.call_referee(table, author=east)
    with pytest.raises(sheets.Throttled):
        sheets.call_referee(table, author=east)
    assert RefereeCall.objects.count() == 1


def test_a_dispute_after_the_sheet_closed_changes_nothing(riichi):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2), a[1], 1)
    sheets.confirm_hand(table, 1, author=a[2], version=1)
    sheets.close_sheet(table, author=Author(user=riichi.director), reason="time")
    with pytest.raises(ValidationError, match="closed"):
        sheets.dispute_hand(table, 1, author=a[0], version=1, reason="late")
    assert not HandDispute.objects.exists()


def test_after_the_round_closes_an_open_dispute_is_a_correction_request(riichi):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2), a[1], 1)
    sheets.dispute_hand(table, 1, author=a[0], version=1, reason="wrong fu")
    round_ = table.round
    assert [i.kind for i in sheets.floor_items(round_)] == ["dispute"]
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    round_.refresh_from_db()
    items = sheets.floor_items(round_)
    assert [(i.kind, i.number, i.reason) for i in items] == [("request", 1, "wrong fu")]


def test_a_correction_on_a_replaced_version_is_a_conflict_with_the_stored_hand(riichi):
    table = table_one(riichi)
    east, south, west, north = players(riichi)
    add(table, ron(1, 2, han=14), south, 1)
    sheets.correct_hand(
        table,
        1,
        ron(1, 2, han=3),
        author=north,
        reason="3",
        based_on_version=1,
        idempotency_key=key(),
    )
    with pytest.raises(sheets.HandConflict) as conflict:
        sheets.correct_hand(
            table,
            1,
            ron(1, 2, han=2),
            author=east,
            reason="2",
            based_on_version=1,
            idempotency_key=key(),
        )
    assert conflict.value.hand.version == 2
    with pytest.raises(sheets.HandConflict):
        sheets.dispute_hand(table, 1, author=east, version=1, reason="old")


def test_floor_items_read_in_constant_queries(riichi):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2), a[1], 1)
    sheets.dispute_hand(table, 1, author=a[0], version=1, reason="x")
    sheets.call_referee(table, author=a[2])
    with CaptureQueriesContext(connection) as few:
        sheets.floor_items(table.round)
    add(table, ron(2, 3), a[2], 2)
    sheets.dispute_hand(table, 2, author=a[3], version=1, reason="y")
    sheets.call_referee(table, author=a[3])
    with CaptureQueriesContext(connection) as more:
        assert len(sheets.floor_items(table.round)) == 3
    assert len(more) == len(few) == 2


def test_the_play_page_disputes_and_shows_the_history(riichi):
    table = table_one(riichi)
    south = players(riichi)[1]
    add(table, ron(1, 2), south, 1)
    client = player_client(riichi, riichi.east)
    answer = client.post(
        f"/e/{riichi.event.slug}/play/",
        {"action": "dispute", "number": 1, "version": 1, "reason": "It was a tsumo"},
    )
    assert answer.status_code == 302
    assert HandDispute.objects.get().raised_by_player == riichi.east
    page = client.get(f"/e/{riichi.event.slug}/play/").content.decode()
    assert "It was a tsumo" in page
    assert "data-history" in page
