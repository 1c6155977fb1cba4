"""Hands from the players' side (issue 32, item 3): dispute, settle, propose a correction,
strike, call the referee. Every step is an append-only row; whether a hand counts is read
from them."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import translation

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
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.rounds.models import Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()
    with translation.override("en"):
        yield


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
    assert view.counted_totals == (30000, 30000, 30000, 30000)
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
    assert "data-disputed" in page
    # The notice and the message after the dispute say what the totals do
    # (docs/rules/hands.md#disputes): the hands after the disputed one are left out too.
    assert "neither it nor the hands after it count, and the sheet stays open" in page
    assert "Hand 1 disputed: neither it nor the hands after it count until" in page


# Pages: the sheet, the tablet, the round board -------------------------------------------------


def staff_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_player_proposes_a_correction_and_another_confirms_it_on_the_page(riichi):
    table = table_one(riichi)
    add(table, ron(1, 2, han=14), players(riichi)[1], 1)
    north = player_client(riichi, riichi.north)
    url = f"/e/{riichi.event.slug}/play/"
    form = north.get(url + "?correct=1").content.decode()
    assert "Propose a correction of hand 1" in form
    assert 'name="han" value="14"' in form  # prefilled with the current values
    answer = north.post(
        url,
        {
            "action": "correct",
            "number": 1,
            "idempotency_key": key(),
            "based_on_version": 1,
            "reason": "typo",
            "kind": "win",
            "winner": 1,
            "discarder": 2,
            "han": 3,
            "fu": 30,
        },
    )
    assert answer.status_code == 302
    # The proposer may not confirm it; another player does.
    assert north.post(url, {"action": "confirm", "number": 1, "version": 2}).status_code == 400
    east = player_client(riichi, riichi.east)
    assert east.post(url, {"action": "confirm", "number": 1, "version": 2}).status_code == 302
    view = sheets.read_sheet(table)
    assert view.hands[0].counts and view.hands[0].data["wins"][0]["han"] == 3


def test_a_correction_of_a_replaced_version_shows_both_hands_side_by_side(riichi):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2, han=14), a[1], 1)
    sheets.correct_hand(
        table,
        1,
        ron(1, 2, han=3),
        author=a[3],
        reason="3",
        based_on_version=1,
        idempotency_key=key(),
    )
    east = player_client(riichi, riichi.east)
    answer = east.post(
        f"/e/{riichi.event.slug}/play/",
        {
            "action": "correct",
            "number": 1,
            "idempotency_key": key(),
            "based_on_version": 1,
            "reason": "2 han",
            "kind": "win",
            "winner": 1,
            "discarder": 2,
            "han": 2,
            "fu": 30,
        },
    )
    assert answer.status_code == 409
    page = answer.content.decode()
    assert "data-conflict" in page
    assert "3 han 30 fu" in page and "2 han 30 fu" in page
    assert SheetHand.objects.filter(sheet__table=table).count() == 2


def test_a_player_strikes_a_hand_on_the_page_and_a_referee_confirms(riichi):
    table = table_one(riichi)
    add(table, ron(1, 2), players(riichi)[1], 1)
    east = player_client(riichi, riichi.east)
    answer = east.post(
        f"/e/{riichi.event.slug}/play/",
        {"action": "strike", "number": 1, "version": 1, "reason": "dup", "idempotency_key": key()},
    )
    assert answer.status_code == 302
    assert "data-striking" in east.get(f"/e/{riichi.event.slug}/play/").content.decode()
    floor = staff_client(riichi.floor)
    sheet_url = f"/sheets/{riichi.event.slug}/r1/t1/"
    assert (
        floor.post(sheet_url, {"action": "confirm", "number": 1, "version": 2}).status_code == 302
    )
    assert sheets.read_sheet(table).hands == []


def test_the_tablet_and_the_round_board_show_disputes_and_calls_and_take_the_call(riichi):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2), a[1], 1)
    sheets.dispute_hand(table, 1, author=a[0], version=1, reason="wrong fu count")
    call, _created = sheets.call_referee(table, author=a[2])
    slug = riichi.event.slug
    floor = staff_client(riichi.floor)
    tablet = floor.get(f"/referee/{slug}/r1/t1/").content.decode()
    assert "wrong fu count" in tablet and "Take the call" in tablet
    mine = floor.get(f"/referee/{slug}/").content.decode()
    assert "wrong fu count" in mine
    # The other table's referee sees none of it.
    other = staff_client(riichi.other_floor).get(f"/referee/{slug}/").content.decode()
    assert "wrong fu count" not in other
    director = staff_client(riichi.director)
    board = director.get(f"/director/{slug}/rounds/1/").content.decode()
    assert "wrong fu count" in board and "Take the call" in board
    feed = director.get(f"/director/{slug}/rounds/1/board.json").json()
    assert sorted(i["kind"] for i in feed["floor"]) == ["call", "dispute"]
    assert (
        floor.post(f"/sheets/{slug}/r1/t1/", {"action": "take", "call": call.pk}).status_code == 302
    )
    assert RefereeCallTaken.objects.filter(call=call, taken_by=riichi.floor).exists()
    feed = director.get(f"/director/{slug}/rounds/1/board.json").json()
    assert [i["kind"] for i in feed["floor"]] == ["dispute"]


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_sheet_tablet_and_board_queries_do_not_grow_with_disputes(riichi):
    table = table_one(riichi)
    a = players(riichi)
    slug = riichi.event.slug
    add(table, ron(1, 2), a[1], 1)
    sheets.dispute_hand(table, 1, author=a[0], version=1, reason="x")
    sheets.call_referee(table, author=a[0])
    floor = staff_client(riichi.floor)
    director = staff_client(riichi.director)
    urls = [
        (floor, f"/sheets/{slug}/r1/t1/"),
        (floor, f"/referee/{slug}/r1/t1/"),
        (director, f"/director/{slug}/rounds/1/"),
    ]
    before = [_count(c, u) for c, u in urls]
    for number, (winner, discarder) in enumerate([(2, 3), (3, 0), (0, 1)], start=2):
        add(table, ron(winner, discarder), a[winner], number)
        sheets.dispute_hand(table, number, author=a[discarder], version=1, reason="y")
    sheets.settle_dispute(
        table, HandDispute.objects.order_by("pk").first().pk, author=Author(user=riichi.floor)
    )
    sheets.take_call(table, RefereeCall.objects.get().pk, user=riichi.floor)
    sheets.call_referee(table, author=a[1])
    assert [_count(c, u) for c, u in urls] == before


# The API ---------------------------------------------------------------------------------------


@override_settings(SHEET_DISPUTES_PER_AUTHOR=1)
def test_the_api_disputes_strikes_calls_and_throttles(riichi):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2), a[1], 1)
    add(table, ron(2, 3), a[2], 2)
    base = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/sheet/"
    east = player_client(riichi, riichi.east)
    answer = east.post(
        base + "hands/1/dispute/",
        {"version": 1, "reason": "no"},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["hands"][0]["disputed"] is True
    flood = east.post(
        base + "hands/2/dispute/", {"version": 1, "reason": "no"}, content_type="application/json"
    )
    assert flood.status_code == 429
    assert HandDispute.objects.count() == 1
    strike = east.post(
        base + "hands/2/strike/",
        {"reason": "never", "based_on_version": 1, "idempotency_key": key()},
        content_type="application/json",
    )
    assert strike.status_code == 201 and strike.json()["hands"][1]["striking"] is True
    called = east.post(base + "calls/", content_type="application/json")
    assert called.status_code == 201
    call_id = next(i["id"] for i in called.json() if i["kind"] == "call")
    assert east.post(base + f"calls/{call_id}/take/").status_code == 403
    floor = riichi.client(riichi.floor)
    assert floor.post(base + f"calls/{call_id}/take/").status_code == 200
    dispute = HandDispute.objects.get()
    settled = floor.post(base + f"disputes/{dispute.pk}/settle/", {"note": "ok"}, format="json")
    assert settled.status_code == 200 and settled.json()["hands"][0]["disputed"] is False
    closed = floor.post(base + f"disputes/{dispute.pk}/settle/", {}, format="json")
    assert closed.status_code == 400


@pytest.mark.parametrize(
    "table_name",
    [
        "scoring_handdispute",
        "scoring_disputeresolution",
        "scoring_refereecall",
        "scoring_refereecalltaken",
    ],
)
def test_the_database_refuses_to_change_a_step(riichi, table_name):
    table = table_one(riichi)
    a = players(riichi)
    add(table, ron(1, 2), a[1], 1)
    dispute = sheets.dispute_hand(table, 1, author=a[0], version=1, reason="x")
    sheets.settle_dispute(table, dispute.pk, author=a[0])
    call, _created = sheets.call_referee(table, author=a[0])
    sheets.take_call(table, call.pk, user=riichi.floor)
    from django.db import DatabaseError, transaction

    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table_name}")  # noqa: S608
