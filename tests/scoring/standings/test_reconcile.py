"""The reconcile: bulk, constant queries, conditional write (no roll-back), coalesced queueing,
the sweep and the management command."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.results import services as result_services
from scoring.standings import tasks
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services import reconcile as standings_reconcile
from tests.support.build import build_event
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.hall import services as hall
from tournament.players.models import Player
from tournament.rounds import services as round_services


def test_reconcile_writes_then_is_idempotent(table_event, director):
    event, table, _players = table_event("mcr")
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    revision = Event.objects.get(pk=event.pk).revision
    assert standings_reconcile.reconcile_event(event.pk)["status"] == "written"
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.revision == revision and len(snapshot.rows) == 4
    assert standings_reconcile.reconcile_event(event.pk)["status"] == "current"
    assert StandingsSnapshot.objects.get(event=event).computed_at == snapshot.computed_at


def test_a_late_task_never_rolls_back(table_event, director):
    """A task that read revision R writes nothing once a task at R+1 has written."""
    event, table, _players = table_event("mcr")
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    real = standings_reconcile.compute_event
    newer = {}

    def meanwhile(*args, **kwargs):
        # While the slow task computes, a correction lands and a fast task reconciles it.
        if not newer:
            newer["result"] = result_services.enter_result(
                table, director, {"E": 0, "S": 0, "W": 0, "N": 0}, based_on_version=1, reason="x"
            )
            newer["outcome"] = standings_reconcile.reconcile_event(event.pk)
        return real(*args, **kwargs)

    with mock.patch.object(standings_reconcile, "compute_event", meanwhile):
        late = standings_reconcile.reconcile_event(event.pk)
    assert newer["outcome"]["status"] == "written"
    assert late["status"] == "superseded"
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.revision == Event.objects.get(pk=event.pk).revision
    assert {row["table_points"] for row in snapshot.rows} == {"7/4"}


def test_an_event_saved_from_a_stale_copy_still_asks_for_a_reconcile(table_event, director):
    event, table, _players = table_event("mcr")
    stale = Event.objects.get(pk=event.pk)  # an edit form opened before the result
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    hall.add_announcement(event, "Lunch at 13:00")
    assert standings_reconcile.reconcile_event(event.pk)["status"] == "written"
    reconciled = Event.objects.get(pk=event.pk)
    stale.ruleset_options = {"false_win_amount": 20}
    event_services.save_event(stale)
    saved = Event.objects.get(pk=event.pk)
    assert saved.revision == reconciled.revision + 1
    assert saved.announcements_revision == reconciled.announcements_revision == 1
    assert standings_reconcile.reconcile_event(event.pk)["status"] == "written"


def test_an_event_loaded_in_part_saves_in_one_update(table_event, django_assert_num_queries):
    event, _table, _players = table_event("mcr")
    before = Event.objects.get(pk=event.pk)
    partial = Event.objects.only("pk", "name").get(pk=event.pk)
    partial.name = "Renamed"
    with django_assert_num_queries(1):  # the UPDATE of the loaded fields, no deferred loads
        partial.save()
    saved = Event.objects.get(pk=event.pk)
    assert (saved.name, saved.ruleset, saved.revision) == ("Renamed", "mcr", before.revision)


def test_forced_recompute_rewrites_the_same_revision(table_event, director):
    event, table, _players = table_event("mcr")
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    standings_reconcile.reconcile_event(event.pk)
    StandingsSnapshot.objects.filter(event=event).update(stored_rows=[])
    assert standings_reconcile.reconcile_event(event.pk, force=True)["status"] == "written"
    assert len(StandingsSnapshot.objects.get(event=event).rows) == 4


def reconcile_queries(players: int) -> list[str]:
    """The statements of a reconcile of a new event of ``players`` players at a new revision."""
    event_id = build_event(players, 5, players * 2, slug=f"size-{players}")
    standings_reconcile.reconcile_event(event_id)  # creates the snapshot row
    Event.objects.filter(pk=event_id).update(revision=2)
    with CaptureQueriesContext(connection) as captured:
        assert standings_reconcile.reconcile_event(event_id)["status"] == "written"
    assert len(StandingsSnapshot.objects.get(event_id=event_id).rows) == players
    return [q["sql"] for q in captured.captured_queries]


def test_reconcile_query_count_does_not_grow_with_the_event(db, director):
    """The reads (event, players, seat scores, ledger) and the conditional UPDATE: as many for
    400 players as for 16."""
    small, large = reconcile_queries(16), reconcile_queries(400)
    assert len(small) == len(large) <= 8, large
    assert any(sql.startswith("UPDATE") for sql in large)


def test_a_missing_event_is_reported(db):
    assert standings_reconcile.reconcile_event(987654) == {"event": 987654, "status": "missing"}


def test_dropped_players_stay_marked_and_substitutes_are_left_out(make_event, director):
    event = make_event("drops", players=8, rounds=1, seated=True)
    round_services.update_round(event.rounds.get(number=1), status="live")
    tables = list(event.rounds.get(number=1).tables.order_by("number"))
    result_services.enter_result(tables[0], director, {"E": 40, "S": 5, "W": 0, "N": -45})
    result_services.enter_result(tables[1], director, {"E": 30, "S": 30, "W": -20, "N": -40})
    seated = [s.player for s in tables[1].seats.all()]
    Player.objects.filter(pk=seated[0].pk).update(status=Player.Status.DROPPED)
    Player.objects.filter(pk=seated[1].pk).update(is_substitute=True)
    Event.objects.filter(pk=event.pk).update(revision=99)
    standings_reconcile.reconcile_event(event.pk)
    rows = StandingsSnapshot.objects.get(event=event).rows
    assert len(rows) == 7
    assert seated[1].pk not in {r["player"] for r in rows}
    dropped = next(r for r in rows if r["player"] == seated[0].pk)
    assert dropped["dropped"] is True and dropped["table_points"] == "3"
    # The substitute tied the dropped player for 2nd; without him the places run on.
    assert [r["place"] for r in rows] == [1, 2, 3, 4, 5, 6, 7]


def test_management_command(table_event, director, capsys):
    event, table, _players = table_event("mcr")
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    call_command("reconcile", event.slug)
    assert "written" in capsys.readouterr().out
    assert (
        StandingsSnapshot.objects.get(event=event).revision
        == event.__class__.objects.get(pk=event.pk).revision
    )


# Queueing -----------------------------------------------------------------------------------


@pytest.fixture
def broker(settings):
    """Behave as with a real broker: queue tasks (mocked) instead of running them."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch.object(tasks.reconcile, "apply_async") as queued:
        yield queued


def test_a_burst_queues_one_task(table_event, broker):
    event, _table, _players = table_event("mcr")
    for _ in range(100):
        tasks.request_reconcile(event.pk)
    assert broker.call_count == 1
    assert broker.call_args.kwargs["countdown"] is None  # after a quiet spell: at once
    tasks.clear_pending(event.pk)  # what the task does first
    tasks.request_reconcile(event.pk)
    assert broker.call_count == 2
    # Right after a recompute the next one waits for the rest of the window.
    assert 0 < broker.call_args.kwargs["countdown"] <= tasks.coalesce_seconds()


def test_a_lost_claim_is_taken_over(table_event, broker):
    event, _table, _players = table_event("mcr")
    tasks.request_reconcile(event.pk)
    StandingsSnapshot.objects.filter(event=event).update(
        enqueued_at=timezone.now() - timedelta(minutes=10)
    )
    tasks.request_reconcile(event.pk)
    assert broker.call_count == 2


def test_the_task_clears_the_claim_before_reading(table_event, director, broker):
    event, table, _players = table_event("mcr")
    tasks.request_reconcile(event.pk)
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    outcome = tasks.reconcile.run(event.pk)
    assert outcome["status"] == "written"
    assert StandingsSnapshot.objects.get(event=event).enqueued_at is None


def test_sweep_requeues_stale_events(make_event, director, broker):
    fresh = make_event("fresh", players=4)
    stale = make_event("stale", players=4)
    standings_reconcile.reconcile_event(fresh.pk)
    standings_reconcile.reconcile_event(stale.pk)
    Event.objects.filter(pk=stale.pk).update(revision=50)
    never = make_event("never", players=4)
    assert sorted(tasks.sweep_stale.run()) == sorted([stale.pk, never.pk])
    assert sorted(c.kwargs["args"][0] for c in broker.call_args_list) == sorted(
        [stale.pk, never.pk]
    )


def test_eager_mode_reconciles_on_commit(table_event, director, django_capture_on_commit_callbacks):
    event, table, _players = table_event("mcr")
    with django_capture_on_commit_callbacks(execute=True):
        result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.revision == Event.objects.get(pk=event.pk).revision
