"""The structural invariants hold in the database itself, whatever code writes the rows."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table


def _seat(table, wind, player):
    return Seat.objects.create(table=table, round=table.round, wind=wind, player=player)


@pytest.fixture
def round1(event):
    return event.rounds.get(number=1)


def test_player_sits_once_per_round(event, round1):
    seat = Seat.objects.filter(round=round1).select_related("player").first()
    other_table = round1.tables.exclude(pk=seat.table_id).first()
    other_table.seats.filter(wind="E").delete()
    with pytest.raises(IntegrityError), transaction.atomic():
        _seat(other_table, "E", seat.player)


def test_table_has_each_wind_once(event, round1):
    table = round1.tables.first()
    newcomer = Player.objects.create(event=event, name="Newcomer")
    with pytest.raises(IntegrityError), transaction.atomic():
        _seat(table, "E", newcomer)


def test_unknown_wind_rejected_by_database(event, round1):
    table = round1.tables.first()
    table.seats.filter(wind="N").delete()
    newcomer = Player.objects.create(event=event, name="Newcomer")
    with pytest.raises(IntegrityError), transaction.atomic():
        _seat(table, "X", newcomer)


def test_fifth_player_at_a_table_impossible(event, round1):
    table = round1.tables.first()
    assert table.seats.count() == 4
    newcomer = Player.objects.create(event=event, name="Newcomer")
    for wind in "ESWN":
        with pytest.raises(IntegrityError), transaction.atomic():
            _seat(table, wind, newcomer)
    assert table.seats.count() == 4


def test_round_numbers_unique_per_event(event):
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(event=event, number=1)


def test_same_round_number_allowed_in_another_event(event, make_event):
    other = make_event("autumn-open", players=0)
    Round.objects.create(event=other, number=1)


def test_table_numbers_unique_per_round(event, round1):
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(round=round1, number=1)
    Table.objects.create(round=event.rounds.create(number=3), number=1)


def test_seat_round_must_match_table_round(event, round1):
    round2 = event.rounds.get(number=2)
    table = round1.tables.first()
    table.seats.filter(wind="E").delete()
    newcomer = Player.objects.create(event=event, name="Newcomer")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, round=round2, wind="E", player=newcomer)


def test_no_seat_added_to_a_closed_round(event, round1):
    table = round1.tables.first()
    table.seats.filter(wind="E").delete()
    Round.objects.filter(pk=round1.pk).update(status=Round.Status.CLOSED)
    newcomer = Player.objects.create(event=event, name="Newcomer")
    with pytest.raises(IntegrityError), transaction.atomic():
        _seat(table, "E", newcomer)


def test_no_seat_moved_in_a_closed_round(event, round1):
    Round.objects.filter(pk=round1.pk).update(status=Round.Status.CLOSED)
    seat = Seat.objects.filter(round=round1, wind="E").first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(player=seat.player)


def test_player_name_and_ema_unique_per_event(event):
    existing = event.players.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(event=event, name=existing.name)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(event=event, name="Someone Else", ema_number=existing.ema_number)


def test_ema_number_format_enforced_by_database(event):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(event=event, name="Bad Number", ema_number="12AB")


def test_event_dates_in_order(event):
    import datetime

    event.start_date = datetime.date(2026, 5, 2)
    event.end_date = datetime.date(2026, 5, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        event.save()
