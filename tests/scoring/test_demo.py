"""`make demo`'s event: realistic, complete, and loaded only once."""

from __future__ import annotations

import pytest
from django.test import Client

from penalties.models import FoulReport, Void
from scoring.board.reading import board_tiles
from scoring.demo import UPCOMING_PLACES, UPCOMING_REGISTERED, UPCOMING_SLUG, load_full_demo
from scoring.ranking.models import RankingEntry, RankingEvent
from scoring.results.models import TableResult
from scoring.sheets.models import ScoreSheet, SheetHand
from scoring.standings.models import StandingsSnapshot
from tournament.events.models import Event
from tournament.registration import services as registration
from tournament.rounds.models import Round
from tournament.staff.models import RefereeAssignment

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
    # The live round's board: seven tables entered (waiting for confirmation, one corrected),
    # the last one missing its result.
    live = event.rounds.get(number=3)
    tiles = board_tiles(live)
    assert [t.state for t in tiles] == ["corrected", *["entered"] * 6, "none"]
    assert [t.number for t in tiles if t.state == "none"] == [8]
    assert FoulReport.objects.filter(event=event).count() == 6
    assert Void.objects.filter(report__event=event).count() == 1
    snapshot = StandingsSnapshot.objects.get(event=event)
    event.refresh_from_db()
    assert snapshot.revision == event.revision and len(snapshot.rows) == 32
    # False-win transfers net to zero across players; the premature count is a 10-point deduction.
    assert sum(row["penalties"] for row in snapshot.rows) == -10
    assert {login.username for login in logins} >= {"director", "referee", "scorekeeper"}
    keeper = RefereeAssignment.objects.get(event=event, user__username="scorekeeper")
    assert keeper.role == RefereeAssignment.Role.SCOREKEEPER and not keeper.table_numbers
    # The live round's last table keeps a score sheet, part-way through the game.
    event.refresh_from_db()
    assert event.keeps_score_sheets and event.players_enter_hands
    sheets_in_progress = ScoreSheet.objects.filter(event=event, status="open")
    assert sheets_in_progress.count() == 1
    assert SheetHand.objects.filter(sheet__event=event).count() == 6
    # A ranking with a history: four past MCR events, the demo's players linked to their persons.
    assert RankingEvent.objects.filter(published_at__isnull=False).count() == 4
    assert not event.players.filter(person__isnull=True).exists()
    assert RankingEntry.objects.filter(family="mcr").count() > 10
    # An event to come, its registration open: most places taken, the rest for the sign-up.
    upcoming = Event.objects.get(slug=UPCOMING_SLUG)
    assert registration.is_open(registration.settings_of(upcoming))
    assert upcoming.registrations.filter(status="accepted").count() == UPCOMING_REGISTERED
    assert upcoming.players.count() == UPCOMING_REGISTERED < UPCOMING_PLACES
    assert "/e/brno-spring-open-2027/register/" in Client().get("/").content.decode()
    again, _ = load_full_demo()
    assert again.pk == event.pk and FoulReport.objects.count() == 6
    assert RankingEvent.objects.count() == 4
    assert Event.objects.filter(slug=UPCOMING_SLUG).get().registrations.count() == 20
