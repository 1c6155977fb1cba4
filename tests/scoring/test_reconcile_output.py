"""What the reconcile stores, whatever it does to be fast: the snapshot it writes reads back as
the standings computed from plain ORM rows; its format standings as a fresh computation from
the stored snapshot; snapshots of the release before (format 3) read as they did; and its
commit skips the wait for the disk only when the transaction is its own."""

from __future__ import annotations

import json
import zlib

import numpy as np
import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from bench._build import build_event
from scoring.formats.cuts import current
from scoring.standings import formats
from scoring.standings.formats import Rows
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.reconcile import reconcile_event
from scoring.standings.snapshot import LINE_FIELDS, narrowest_width, round_lines, unpack
from tournament.events.models import Event
from tournament.formats.models import CutDecision, Stage
from tournament.players.models import Player, Team

from .test_snapshot_grid import standings_from_objects

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


def stored_rows(event: Event) -> list[tuple]:
    """The stored snapshot's ranked rows in ``standings_from_objects``' shape."""
    snap = StandingsSnapshot.objects.get(event=event)
    return [
        (
            r["player"],
            r["place"],
            r["total"],
            r["table_points"],
            r["score"],
            r["penalties"],
            r["dropped"],
            [(line[0], line[1], line[2], line[3], line[6]) for line in r["rounds"]],
        )
        for r in unpack(snap.method, snap.packed)
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
    snap = StandingsSnapshot.objects.get(event=event)
    fresh = formats.compute(snap.method, snap.packed, **formats.load_inputs(event.pk, True, True))
    stored = FormatStandings.objects.get(event=event).data
    assert stored == fresh
    assert len(stored["teams"]) == 12 and len(stored["final"]) == 48


def pack_format_3(head: dict, lines: np.ndarray) -> bytes:
    """A snapshot as the release before wrote it: every head field in the JSON, the lines
    column by column."""
    columns = [narrowest_width(lines[:, i]) for i in range(LINE_FIELDS)]
    text = json.dumps({**head, "widths": [c.itemsize for c in columns]}).encode()
    body = b"".join(c.tobytes() for c in columns)
    return zlib.compress(bytes([3]) + len(text).to_bytes(4, "little") + text + body)


def test_a_snapshot_of_the_release_before_reads_as_it_did(director):
    event = Event.objects.get(pk=build_event(40, 4, 80, slug="format-3-read", seed=2))
    reconcile_event(event.pk)
    snap = StandingsSnapshot.objects.get(event=event)
    head, lines = round_lines(zlib.decompress(snap.packed))
    assert snap.packed and zlib.decompress(snap.packed)[0] == 5
    assert len(head["history"]) == 40 and len(head["history"][0]) == 4
    old = pack_format_3(head, lines)
    assert unpack(snap.method, old) == unpack(snap.method, snap.packed)
    before, now = Rows.of(old), Rows.of(snap.packed)
    for field in ("player", "place", "played", "values", "line_row", "line_round", "line_values"):
        assert np.array_equal(getattr(before, field), getattr(now, field)), field


@pytest.mark.django_db(transaction=True)
def test_the_commit_skips_the_disk_wait_only_when_it_is_the_reconciles(director):
    if connection.vendor != "postgresql":
        pytest.skip("synchronous_commit is PostgreSQL's")
    event_id = build_event(16, 2, 10, slug="own-commit")
    reconcile_event(event_id)
    with CaptureQueriesContext(connection) as captured:
        assert reconcile_event(event_id, force=True)["status"] == "written"
    assert "set_config('synchronous_commit', 'off', true)" in captured.captured_queries[-1]["sql"]
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        assert reconcile_event(event_id, force=True)["status"] == "written"
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone()[0] == "on"  # the caller's commit still waits
    assert not any("set_config('synchronous_commit'" in q["sql"] for q in captured.captured_queries)
    assert len(StandingsSnapshot.objects.get(event_id=event_id).rows) == 16


def test_the_format_standings_are_written_with_the_snapshot_and_never_over_a_newer_one(director):
    """The snapshot's and the format's writes (one statement on PostgreSQL): a missing format
    row is made; a superseded snapshot writes neither; a newer format row is left alone."""
    event = Event.objects.get(pk=build_event(16, 4, 20, slug="format-write", seed=3))
    with_teams_and_stages(event.pk, 4, "format-write")
    assert reconcile_event(event.pk)["status"] == "written"
    first = FormatStandings.objects.get(event=event)
    assert first.revision == 99 and first.data["teams"]
    FormatStandings.objects.filter(event=event).delete()
    assert reconcile_event(event.pk, force=True)["status"] == "written"
    assert FormatStandings.objects.get(event=event).packed == first.packed  # made again
    # A snapshot already newer than the event: neither is written.
    StandingsSnapshot.objects.filter(event=event).update(revision=120)
    FormatStandings.objects.filter(event=event).update(revision=50, packed=b"")
    assert reconcile_event(event.pk, force=True)["status"] == "superseded"
    assert FormatStandings.objects.get(event=event).revision == 50
    # A format row newer than the event stays as it is; the snapshot is written.
    StandingsSnapshot.objects.filter(event=event).update(revision=50)
    FormatStandings.objects.filter(event=event).update(revision=100, packed=b"newer")
    assert reconcile_event(event.pk)["status"] == "written"
    stored = FormatStandings.objects.get(event=event)
    assert (stored.revision, bytes(stored.packed)) == (100, b"newer")
    assert StandingsSnapshot.objects.get(event=event).revision == 99
    # At the same revision, only a forced reconcile writes it again.
    FormatStandings.objects.filter(event=event).update(revision=99, packed=b"same")
    assert reconcile_event(event.pk, force=True)["status"] == "written"
    assert bytes(FormatStandings.objects.get(event=event).packed) == first.packed
