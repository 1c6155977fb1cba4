"""The sheet's marker in the players' ETags (``scoring.sheets.players.reading``): every write of
a row their pages show moves it, once per write; a refused write leaves it as it was."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError

from scoring.reseat import services as reseat
from scoring.sheets import services as sheets
from scoring.sheets.models import HandDispute, RefereeCall
from scoring.sheets.players.reading import table_marker
from tournament.events.models import Event
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db


def ron(winner: int, discarder: int) -> dict:
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": 1, "fu": 30}


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def test_every_write_a_player_sees_moves_the_marker_once(riichi):
    table = Table.objects.select_related("round__event").get(round__event=riichi.event, number=1)
    seen = [table_marker(table.pk)]

    def moved(write) -> None:
        write()
        seen.append(table_marker(table.pk))
        assert seen[-1] != seen[-2], seen
        assert seen.count(seen[-1]) == 1, seen

    south = sheets.Author(player=riichi.south)
    west = sheets.Author(player=riichi.west)
    head = sheets.Author(user=riichi.head)

    def key() -> str:
        return uuid.uuid4().hex

    moved(lambda: sheets.add_hand(table, ron(1, 0), number=1, author=south, idempotency_key=key()))
    moved(lambda: sheets.confirm_hand(table, 1, author=west, version=1))
    moved(lambda: sheets.dispute_hand(table, 1, author=west, version=1, reason="2 han"))
    dispute = HandDispute.objects.get(hand__sheet__table=table)
    moved(lambda: sheets.settle_dispute(table, dispute.pk, author=head, note="as entered"))
    moved(
        lambda: sheets.correct_hand(
            table, 1, ron(2, 0), author=head, reason="West won", based_on_version=1,
            idempotency_key=key(),
        )
    )  # fmt: skip
    moved(lambda: sheets.add_hand(table, ron(3, 1), number=2, author=head, idempotency_key=key()))
    moved(
        lambda: sheets.strike_hand(
            table, 2, author=head, reason="entered twice", based_on_version=1,
            idempotency_key=key(),
        )
    )  # fmt: skip
    moved(lambda: sheets.call_referee(table, author=south))
    call = RefereeCall.objects.get(table=table)
    moved(lambda: sheets.take_call(table, call.pk, user=riichi.head))
    moved(
        lambda: reseat.correct_seats(
            table, riichi.director, reason="They sat in each other's seats",
            idempotency_key=key(), swap=[riichi.east.pk, riichi.south.pk],
        )
    )  # fmt: skip
    moved(lambda: sheets.close_sheet(table, author=head, reason="time"))

    with pytest.raises(ValidationError):
        sheets.close_sheet(table, author=head, reason="time")
    assert table_marker(table.pk) == seen[-1]


def test_a_table_without_a_sheet_has_a_marker(riichi):
    table = Table.objects.get(round__event=riichi.event, number=2)
    assert table_marker(table.pk) == "0"
