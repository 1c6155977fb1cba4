"""`make demo`'s event: realistic, complete, and loaded only once."""

from __future__ import annotations

import pytest

from penalties.models import FoulReport, Void
from scoring.board import board_tiles
from scoring.demo import load_full_demo
from scoring.models import ScoreSheet, SheetHand, StandingsSnapshot, TableResult
from tournament.models import Round

pytestmark = pytest.mark.django_db


def test_demo_event():
    event, logins = load_full_demo()
    assert event.players.count() == 32
    assert list(event.rounds.values_list("status", flat=True)) == [
        Round.Status.CLOSED,
        Round.Status.CLOSED,
        Round.Status.LIVE,
        Round.Status.SEATED,
    ]
    assert TableResult.objects.filter(event=event, counts=True).count() == 16
    # The live round's board: five tables entered (waiting for confirmation, one corrected),
    # tables 6 and 7 still playing on their score sheets, table 8 missing its result.
    live = event.rounds.get(number=3)
    tiles = board_tiles(live)
    assert [t.state for t in tiles] == ["corrected", *["entered"] * 4, "none", "none", "none"]
    open_sheets = set(
        ScoreSheet.objects.filter(table__round=live, status="open").values_list(
            "table__number", flat=True
        )
    )
    assert [t.number for t in tiles if t.state == "none" and t.number not in open_sheets] == [8]
    assert FoulReport.objects.filter(event=event).count() == 6
    assert Void.objects.filter(report__event=event).count() == 1
    snapshot = StandingsSnapshot.objects.get(event=event)
    event.refresh_from_db()
    assert snapshot.revision == event.revision and len(snapshot.rows) == 32
    # False-win transfers net to zero across players; the premature count is a 10-point deduction.
    assert sum(row["penalties"] for row in snapshot.rows) == -10
    assert {login.username for login in logins} >= {"director", "referee"}
    # Two tables of the live round keep a score sheet, part-way through the game.
    event.refresh_from_db()
    assert event.keeps_score_sheets and event.players_enter_hands
    sheets_in_progress = ScoreSheet.objects.filter(event=event, status="open")
    assert sheets_in_progress.count() == 2
    assert SheetHand.objects.filter(sheet__event=event).count() == 8
    again, _ = load_full_demo()
    assert again.pk == event.pk and FoulReport.objects.count() == 6
