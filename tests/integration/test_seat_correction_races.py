"""A seat correction racing other writers of its table on PostgreSQL (issue 46, item 2): a second
connection holds the sheet's row as a slow writer would, the requests wait behind it in threads,
and the test moves on once PostgreSQL says they wait. The correction takes the sheet's lock
before the table's, as a hand that closes the sheet does: they never deadlock."""

from __future__ import annotations

import uuid

import pytest

from scoring.reseat.models import SeatCorrection
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import ScoreSheet, SheetHand
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
from tournament.rounds.models import Seat

pytestmark = pytest.mark.django_db(transaction=True)


def correction(hall, key="race"):
    return {
        "swap": [hall.east.pk, hall.south.pk],
        "reason": "They sat in each other's seats",
        "idempotency_key": key,
    }


def seats_url(hall) -> str:
    return f"/api/events/{hall.event.slug}/rounds/1/tables/1/seat-corrections/"


def test_a_correction_waiting_for_the_sheet_is_refused_once_the_round_closed(riichi):  # noqa: F811
    table = table_one(riichi)
    sheets.add_hand(
        table, ron(1, 2), author=Author(user=riichi.head), number=1, idempotency_key="1"
    )
    holder = RowHolder("scoring_scoresheet", ScoreSheet.objects.get().pk)
    thread, answers = in_thread(
        lambda: riichi.client(riichi.director).post(
            seats_url(riichi), correction(riichi), format="json"
        )
    )
    try:
        wait_until_waiting(1)
        close_round(riichi)
    finally:
        holder.release()
    thread.join(30)
    assert answers[0].status_code == 409, answers[0].content
    assert "closed" in answers[0].json()["detail"]
    assert not SeatCorrection.objects.exists()
    assert Seat.objects.get(table=table, wind="E").player_id == riichi.east.pk
    assert SheetHand.objects.count() == 1


def test_a_hand_closing_the_sheet_and_a_correction_at_once(riichi):  # noqa: F811
    """Seven hands of a hanchan count; the eighth waits for a confirmation. The confirmation
    (which closes the sheet and writes the result) and a seat correction wait for the sheet
    together: both are stored, one after the other, and nobody gets a 500."""
    players = [riichi.east, riichi.south, riichi.west, riichi.north]
    table = table_one(riichi)
    hanchan = [ron((dealer + 1) % 4, (dealer + 2) % 4) for dealer in range(4)] * 2
    for number, data in enumerate(hanchan, start=1):
        author = Author(player=players[data["winner"]])
        sheets.add_hand(table, data, author=author, number=number, idempotency_key=uuid.uuid4().hex)
        if number < 8:
            confirmer = Author(player=players[(data["winner"] + 1) % 4])
            sheets.confirm_hand(table, number, author=confirmer, version=1)
    confirmer = player_client(riichi, players[(hanchan[-1]["winner"] + 1) % 4])
    holder = RowHolder("scoring_scoresheet", ScoreSheet.objects.get().pk)
    base = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/"
    confirming, confirmed = in_thread(
        lambda: confirmer.post(
            base + "sheet/hands/8/confirm/", {"version": 1}, content_type="application/json"
        )
    )
    try:
        wait_until_waiting(1)
        correcting, corrected = in_thread(
            lambda: riichi.client(riichi.director).post(
                seats_url(riichi), correction(riichi), format="json"
            )
        )
        wait_until_waiting(2)
    finally:
        holder.release()
    confirming.join(30)
    correcting.join(30)
    assert corrected[0].status_code == 201, corrected[0].content
    # The confirmation either came first, or found the re-seated version 2 it had not seen.
    assert confirmed[0].status_code in (200, 201, 409), confirmed[0].content
    assert SeatCorrection.objects.count() == 1
    assert Seat.objects.get(table=table, wind="E").player_id == riichi.south.pk
    if confirmed[0].status_code == 409:
        assert not TableResult.objects.exists()
    else:
        versions = list(TableResult.objects.filter(table=table).order_by("version"))
        assert [v.version for v in versions] == [1, 2]
        assert versions[1].counts and "Seats corrected by" in versions[1].reason
