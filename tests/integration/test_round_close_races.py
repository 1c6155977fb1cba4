"""Writes that wait for a table's or a sheet's lock while the round closes, or while another
writer enters the same table's result (issue 31, items 1 and 2), on PostgreSQL with real
concurrency: a second connection holds the row ``FOR UPDATE`` as a slow writer of the same
table would, requests wait behind it in threads, and the test moves on only once PostgreSQL says
they are waiting."""

from __future__ import annotations

import uuid

import pytest

from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import HandDispute, ScoreSheet, SheetHand
from scoring.sheets.services import Author
from tests.support.players import player_client
from tests.support.races import (
    RowHolder,
    close_round,
    in_thread,
    ron,
    table_one,
    wait_until_waiting,
)

pytestmark = pytest.mark.django_db(transaction=True)

SCORES = {"E": 40000, "S": 30000, "W": 30000, "N": 20000}


def test_a_result_waiting_for_the_table_is_refused_once_the_round_closed(riichi):
    table = table_one(riichi)
    holder = RowHolder("tournament_table", table.pk)
    url = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/result/"
    thread, answers = in_thread(
        lambda: riichi.client(riichi.head).post(url, {"scores": SCORES}, format="json")
    )
    try:
        wait_until_waiting(1)
        close_round(riichi)
    finally:
        holder.release()
    thread.join(30)
    assert answers[0].status_code == 403, answers[0].content
    assert "closed" in answers[0].json()["detail"]
    assert not TableResult.objects.exists()


def test_a_players_hand_waiting_for_the_sheet_is_refused_once_the_round_closed(riichi):
    table = table_one(riichi)
    sheets.add_hand(
        table, ron(1, 2), author=Author(player=riichi.south), number=1, idempotency_key="h1"
    )
    south = player_client(riichi, riichi.south)
    holder = RowHolder("scoring_scoresheet", ScoreSheet.objects.get().pk)
    url = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/sheet/hands/"
    body = {"number": 2, "hand": ron(2, 3), "idempotency_key": "h2"}
    thread, answers = in_thread(lambda: south.post(url, body, content_type="application/json"))
    try:
        wait_until_waiting(1)
        close_round(riichi)
    finally:
        holder.release()
    thread.join(30)
    assert answers[0].status_code == 403, answers[0].content
    assert SheetHand.objects.count() == 1


def test_the_sheet_closing_while_a_result_is_entered_keeps_the_hand(riichi):
    """Seven hands of a hanchan count; the eighth waits for a confirmation. A referee enters the
    table's result while the confirmation closes the sheet: both are stored, the sheet's result
    as the next version, and nobody gets a 500."""
    players = [riichi.east, riichi.south, riichi.west, riichi.north]
    table = table_one(riichi)
    hanchan = [ron((dealer + 1) % 4, (dealer + 2) % 4) for dealer in range(4)] * 2
    for number, data in enumerate(hanchan, start=1):
        author = Author(player=players[data["winner"]])
        sheets.add_hand(table, data, author=author, number=number, idempotency_key=uuid.uuid4().hex)
        if number < 8:
            confirmer = Author(player=players[(data["winner"] + 1) % 4])
            sheets.confirm_hand(table, number, author=confirmer, version=1)
    last_winner = hanchan[-1]["winner"]
    confirmer = player_client(riichi, players[(last_winner + 1) % 4])
    holder = RowHolder("tournament_table", table.pk)
    base = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/"
    entering, entered = in_thread(
        lambda: riichi.client(riichi.head).post(base + "result/", {"scores": SCORES}, format="json")
    )
    try:
        wait_until_waiting(1)
        confirming, confirmed = in_thread(
            lambda: confirmer.post(
                base + "sheet/hands/8/confirm/", {"version": 1}, content_type="application/json"
            )
        )
        wait_until_waiting(2)
    finally:
        holder.release()
    entering.join(30)
    confirming.join(30)
    assert entered[0].status_code == 201, entered[0].content
    assert confirmed[0].status_code in (200, 201), confirmed[0].content
    assert SheetHand.objects.get(number=8).confirmations.count() == 1
    versions = list(TableResult.objects.filter(table=table).order_by("version"))
    assert [v.version for v in versions] == [1, 2]
    assert versions[0].sheet_id is None and versions[1].sheet_id is not None
    assert versions[1].reason and versions[1].counts
    assert ScoreSheet.objects.get().status == ScoreSheet.Status.CLOSED


@pytest.mark.parametrize("first", ["dispute", "close"])
def test_a_dispute_and_the_sheet_closing_at_once_never_both_win(riichi, first):
    """A player disputes hand 1 while a referee closes the sheet (issue 32, item 3): both wait
    for the sheet's lock. Whichever comes first wins; the other is refused with a message.
    Never a closed sheet with an open dispute, never a result written over one."""
    table = table_one(riichi)
    sheets.add_hand(
        table, ron(1, 2), author=Author(player=riichi.south), number=1, idempotency_key="h1"
    )
    sheets.confirm_hand(table, 1, author=Author(player=riichi.west), version=1)
    east = player_client(riichi, riichi.east)
    holder = RowHolder("scoring_scoresheet", ScoreSheet.objects.get().pk)
    base = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/sheet/"

    def dispute():
        return east.post(
            base + "hands/1/dispute/",
            {"version": 1, "reason": "it was a tsumo"},
            content_type="application/json",
        )

    def close():
        return riichi.client(riichi.head).post(base + "close/", {"reason": "time"}, format="json")

    sends = [dispute, close] if first == "dispute" else [close, dispute]
    try:
        one, one_answers = in_thread(sends[0])
        wait_until_waiting(1)
        two, two_answers = in_thread(sends[1])
        wait_until_waiting(2)
    finally:
        holder.release()
    one.join(30)
    two.join(30)
    answers = dict(zip([s.__name__ for s in sends], [one_answers[0], two_answers[0]], strict=True))
    disputed = HandDispute.objects.exists()
    closed = ScoreSheet.objects.get().status == ScoreSheet.Status.CLOSED
    assert disputed != closed
    if disputed:
        assert answers["dispute"].status_code == 201, answers["dispute"].content
        assert answers["close"].status_code == 400
        assert not TableResult.objects.exists()
    else:
        assert answers["close"].status_code == 200, answers["close"].content
        assert answers["dispute"].status_code == 400
        assert "closed" in str(answers["dispute"].json())
        assert TableResult.objects.filter(table=table).count() == 1
