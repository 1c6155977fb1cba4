"""`manage.py verify` passes on consistent data and names every tampered row."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection

from penalties.models import LedgerEntry
from scoring.demo import load_full_demo
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services.reconcile import reconcile_event

pytestmark = pytest.mark.django_db


def run(capsys, *args) -> tuple[int, str]:
    try:
        call_command("verify", *args)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr().out


def test_demo_is_consistent(capsys):
    load_full_demo()
    code, out = run(capsys)
    assert code == 0, out
    assert "prague-open-2026: consistent" in out


def test_tampered_ledger_row_is_found(capsys):
    if connection.vendor == "postgresql":
        pytest.skip("PostgreSQL's trigger refuses the tampering itself")
    load_full_demo()
    entry = LedgerEntry.objects.filter(kind="transfer", reverses__isnull=False).first()
    with connection.cursor() as cursor:
        # Below the application: somebody with the database file in hand drops the trigger.
        cursor.execute("DROP TRIGGER penalties_ledgerentry_no_update")
        cursor.execute(
            "UPDATE penalties_ledgerentry SET points = points + 5 WHERE id = %s", [entry.pk]
        )
    code, out = run(capsys, "prague-open-2026")
    assert code == 1
    assert f"entry {entry.pk}: does not mirror" in out
    assert "the ledger sums to" in out


def test_tampered_snapshot_is_found(capsys):
    event, _ = load_full_demo()
    snapshot = StandingsSnapshot.objects.get(event=event)
    rows = snapshot.stored_rows
    rows[0]["penalties"] -= 10
    StandingsSnapshot.objects.filter(pk=snapshot.pk).update(stored_rows=rows)
    code, out = run(capsys)
    assert code == 1
    assert "stored penalties" in out


def test_penalties_at_a_table_without_a_result_are_not_a_difference(capsys, make_hall):
    """A foul recorded during a live round moves no standings until the table's result is in;
    verify must not call that a difference."""
    hall = make_hall("mcr")
    assert (
        hall.foul(hall.floor, "false_win", hall.south, {"reason": "invalid_hand"}).status_code
        == 201
    )
    reconcile_event(hall.event.pk)
    code, out = run(capsys, hall.event.slug)
    assert code == 0, out


def test_a_result_scoring_a_player_who_did_not_sit_there_is_found(capsys, make_hall):
    """A re-seat below the services (the services refuse it): the counting result still
    credits the removed player."""

    from scoring.results import services as result_services
    from tournament.rounds.models import Seat, Table

    hall = make_hall("mcr")
    table = Table.objects.get(round__event=hall.event, round__number=1, number=1)
    result_services.enter_result(table, hall.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    other = Seat.objects.get(round__number=1, table__number=2, wind="E", round__event=hall.event)
    mine = Seat.objects.get(table=table, wind="E")
    Seat.objects.filter(pk=other.pk).delete()
    Seat.objects.filter(pk=mine.pk).update(player=other.player)
    reconcile_event(hall.event.pk)
    code, out = run(capsys, hall.event.slug)
    assert code == 1
    assert "scores players" in out
