"""What the reconcile stores: its rows read back as the standings computed from model instances
loaded one at a time (an independent reading of the ledger's effects); its format standings
as a fresh computation; neither is ever written over a newer revision; and ``migrate`` rebuilds
standings a migration marked stale."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model

from penalties.models import LedgerEntry
from rules import PlayerEntry, TableResult, get_ruleset
from scoring.results.models import SeatScore
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.reading.compute import compute_event
from scoring.standings.reading.compute import current_formats as current
from scoring.standings.services.reconcile import reconcile_event
from tests.support.build import build_event
from tournament.events.models import Event
from tournament.formats.models import CutDecision, Stage
from tournament.players.models import Player, Team

pytestmark = pytest.mark.django_db


def with_teams_and_stages(event_id: int, rounds: int, slug: str) -> None:
    """Teams of four (best three), a qualifying stage and a last stage of two rounds after a
    confirmed cut to the top half, half carried, a consolation group (as the benchmark)."""
    players = list(Player.objects.filter(event_id=event_id).order_by("pk"))
    teams = Team.objects.bulk_create(
        [Team(event_id=event_id, name=f"T{i}") for i in range(len(players) // 4)]
    )
    for i, player in enumerate(players):
        player.team = teams[i // 4]
    Player.objects.bulk_update(players, ["team"])
    Event.objects.filter(pk=event_id).update(team_best=3, has_teams=True)
    Stage.objects.create(
        event_id=event_id, number=1, name="Q", first_round=1, last_round=rounds - 2
    )
    standing = current(Event.objects.get(pk=event_id))["stages"]["1"]
    size = len(standing) // 2 // 4 * 4
    final = Stage.objects.create(
        event_id=event_id,
        number=2,
        name="F",
        first_round=rounds - 1,
        last_round=rounds,
        cut_size=size,
        carry=Stage.Carry.HALF,
        rest=Stage.Rest.CONSOLATION,
    )
    CutDecision.objects.create(
        stage=final,
        standing=[[who, place] for place, who, *_v in standing],
        qualified=[who for _p, who, *_v in standing[:size]],
        decided_by=get_user_model().objects.get(username=f"{slug}-director"),
    )
    Event.objects.filter(pk=event_id).update(revision=99, has_stages=True)


def standings_from_objects(event: Event) -> list[tuple]:
    """(player, place, total, table points, score, penalties, dropped, rounds) per ranked
    player, from model instances one at a time and ``rules.compute_standings``."""
    tables: dict[int, dict] = {}
    for seat in SeatScore.objects.filter(result__event=event, result__counts=True).select_related(
        "result__round", "result__table"
    ):
        table = tables.setdefault(
            seat.result.table_id,
            {"round": seat.result.round.number, "number": seat.result.table.number, "scores": {}},
        )
        table["scores"][seat.player_id] = seat.score
    at_table: dict[tuple[int, int], int] = defaultdict(int)
    overall: dict[int, int] = defaultdict(int)
    for e in LedgerEntry.objects.filter(event=event):
        if e.kind == LedgerEntry.Kind.TRANSFER:
            at_table[(e.player_id, e.table_id)] -= e.points
            at_table[(e.counterpart_id, e.table_id)] += e.points
        elif e.kind == LedgerEntry.Kind.DEDUCT and e.scope == LedgerEntry.Scope.TABLE:
            at_table[(e.player_id, e.table_id)] += e.points
        elif e.kind == LedgerEntry.Kind.DEDUCT:
            overall[e.player_id] += e.points
    results = [
        TableResult(
            t["round"],
            t["number"],
            t["scores"],
            {p: at_table[(p, table_id)] for p in t["scores"] if at_table[(p, table_id)]},
        )
        for table_id, t in tables.items()
    ]
    players = list(Player.objects.filter(event=event).order_by("pk"))
    entries = [
        PlayerEntry(p.pk, overall[p.pk], p.status == Player.Status.DROPPED, not p.is_substitute)
        for p in players
    ]
    ruleset = get_ruleset(event.ruleset)
    return [
        (
            row.player,
            row.place,
            row.total,
            row.table_points,
            row.score,
            row.penalties,
            row.dropped,
            [(line.round, line.table, line.score, line.units, line.penalty) for line in row.rounds],
        )
        for row in ruleset.standings(results, entries, event.ruleset_options)
        if row.place is not None
    ]


def stored_rows(event: Event) -> list[tuple]:
    """The stored ranked rows in ``standings_from_objects``' shape."""
    snap = StandingsSnapshot.objects.get(event=event)
    return [
        (
            r["player"],
            r["place"],
            Fraction(r["total"]),
            Fraction(r["table_points"]),
            Fraction(r["score"]),
            r["penalties"],
            r["dropped"],
            [(line[0], line[1], line[2], Fraction(line[3]), line[6]) for line in r["rounds"]],
        )
        for r in snap.rows
        if r["place"] is not None
    ]


@pytest.mark.parametrize("ruleset", ["mcr", "riichi_ema"])
def test_the_stored_snapshot_and_format_standings_equal_a_plain_computation(director, ruleset):
    event = Event.objects.get(pk=build_event(48, 6, 120, slug=f"stored-{ruleset}", seed=5))
    Event.objects.filter(pk=event.pk).update(ruleset=ruleset)
    players = list(Player.objects.filter(event=event).order_by("pk"))
    Player.objects.filter(pk=players[7].pk).update(status=Player.Status.DROPPED)
    with_teams_and_stages(event.pk, 6, f"stored-{ruleset}")
    event.refresh_from_db()
    assert reconcile_event(event.pk)["status"] == "written"
    expected = standings_from_objects(event)
    assert any(row[5] for row in expected) and any(row[6] for row in expected)
    assert stored_rows(event) == expected
    fresh = compute_event(event.pk).formats
    stored = FormatStandings.objects.get(event=event).data
    assert stored == fresh
    assert len(stored["teams"]) == 12 and len(stored["final"]) == 48


def test_the_format_standings_are_written_with_the_snapshot_and_never_over_a_newer_one(director):
    """The snapshot's and the format's writes: a missing format row is made; a superseded
    snapshot writes neither; a newer format row is left alone."""
    event = Event.objects.get(pk=build_event(16, 4, 20, slug="format-write", seed=3))
    with_teams_and_stages(event.pk, 4, "format-write")
    assert reconcile_event(event.pk)["status"] == "written"
    first = FormatStandings.objects.get(event=event)
    assert first.revision == 99 and first.data["teams"]
    FormatStandings.objects.filter(event=event).delete()
    assert reconcile_event(event.pk, force=True)["status"] == "written"
    assert FormatStandings.objects.get(event=event).data == first.data  # made again
    # A snapshot already newer than the event: neither is written.
    StandingsSnapshot.objects.filter(event=event).update(revision=120)
    FormatStandings.objects.filter(event=event).update(revision=50, data={})
    assert reconcile_event(event.pk, force=True)["status"] == "superseded"
    assert FormatStandings.objects.get(event=event).revision == 50
    # A format row newer than the event stays as it is; the snapshot is written.
    StandingsSnapshot.objects.filter(event=event).update(revision=50)
    FormatStandings.objects.filter(event=event).update(revision=100, data={"newer": True})
    assert reconcile_event(event.pk)["status"] == "written"
    stored = FormatStandings.objects.get(event=event)
    assert (stored.revision, stored.data) == (100, {"newer": True})
    assert StandingsSnapshot.objects.get(event=event).revision == 99
    # At the same revision, only a forced reconcile writes it again.
    FormatStandings.objects.filter(event=event).update(revision=99, data={"same": True})
    assert reconcile_event(event.pk, force=True)["status"] == "written"
    assert FormatStandings.objects.get(event=event).data == first.data


@pytest.mark.django_db(transaction=True)
def test_migrate_rebuilds_stale_standings_in_the_same_step(make_hall):
    """An upgrade whose migration marks snapshots stale (issue 31, item 29): ``migrate`` leaves
    no event "updating", with no worker or beat needed."""
    from django.core.management import call_command
    from django.db.models import F

    from scoring.results import services as result_services
    from scoring.standings.models import StandingsSnapshot
    from tournament.events.models import Event
    from tournament.rounds.models import Table

    hall = make_hall("mcr")
    table = Table.objects.get(round__event=hall.event, round__number=1, number=1)
    result_services.enter_result(table, hall.director, {"E": 40, "S": 5, "W": 0, "N": -45})
    Event.objects.filter(pk=hall.event.pk).update(revision=F("revision") + 1)
    stale = StandingsSnapshot.objects.get(event=hall.event).revision
    call_command("migrate", verbosity=0)
    current = Event.objects.get(pk=hall.event.pk).revision
    assert stale < current == StandingsSnapshot.objects.get(event=hall.event).revision
