"""Snapshots across the change of packed form (migration 0005): the row-by-row form of the
release before is still read, and going back to that release forgets the new form."""

from __future__ import annotations

import json
import zlib
from fractions import Fraction

import numpy as np
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from bench._build import build_event
from scoring.standings import reconcile
from scoring.standings.models import StandingsSnapshot
from scoring.standings.snapshot import LINE_FIELDS, TWELFTHS, unpack
from tournament.events.models import Event


def packed_row_by_row(rows: list[dict], width: int) -> bytes:
    """The form written by the release before 0005 (lines row by row, as int32 or int64)."""
    fields = ("place", "player", "name", "total", "table_points", "score", "penalties", "dropped")
    exact = ("total", "table_points", "score")
    head = {
        f: [int(Fraction(r[f]) * TWELFTHS) if f in exact else r[f] for r in rows] for f in fields
    }
    head["lines"] = [len(r["rounds"]) for r in rows]
    lines = [
        [n, t, score, int(Fraction(units) * TWELFTHS), int(Fraction(points) * TWELFTHS), penalty]
        for r in rows
        for n, t, score, units, _display, points, penalty in r["rounds"]
    ]
    text = json.dumps(head).encode()
    body = np.array(lines, dtype=f"<i{width}").reshape(-1, LINE_FIELDS).tobytes()
    return zlib.compress(bytes([width]) + len(text).to_bytes(4, "little") + text + body)


@pytest.mark.django_db
@pytest.mark.parametrize("width", [4, 8])
def test_a_snapshot_packed_row_by_row_is_still_read(director, width):
    event_id = build_event(16, 3, 20, slug="row-by-row")
    Event.objects.filter(pk=event_id).update(ruleset="riichi_ema")
    reconcile.reconcile_event(event_id)
    snapshot = StandingsSnapshot.objects.get(event_id=event_id)
    rows = snapshot.rows
    assert any(line[3] != line[5] for r in rows for line in r["rounds"])  # units != points
    # The release before kept no place history: the player page shows none until recomputed.
    assert unpack(snapshot.method, packed_row_by_row(rows, width)) == [
        {**r, "history": []} for r in rows
    ]


def migrate(scoring: str | None = None):
    """Every app at its latest migration, scoring at ``scoring`` if given."""
    executor = MigrationExecutor(connection)
    targets = [
        (app, scoring if app == "scoring" and scoring else name)
        for app, name in executor.loader.graph.leaf_nodes()
    ]
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_going_back_before_0005_forgets_the_new_form(director):
    event_id = build_event(16, 2, 10, slug="going-back")
    reconcile.reconcile_event(event_id)
    try:
        apps = migrate("0004_snapshot_packed")
        stored = apps.get_model("scoring", "StandingsSnapshot").objects.get(event_id=event_id)
        assert (stored.revision, stored.computed_at, bytes(stored.packed)) == (-1, None, b"")
    finally:
        migrate()


@pytest.mark.django_db(transaction=True)
def test_0006_marks_older_snapshots_stale_and_going_back_forgets_format_3(director):
    event_id = build_event(16, 2, 10, slug="format-3")
    reconcile.reconcile_event(event_id)
    try:
        apps = migrate("0005_snapshot_columns")
        model = apps.get_model("scoring", "StandingsSnapshot")
        assert model.objects.get(event_id=event_id).revision == -1  # format 3 forgotten
        model.objects.filter(event_id=event_id).update(revision=7, packed=b"x")
        apps = migrate("0006_public_snapshot_history")
        stored = apps.get_model("scoring", "StandingsSnapshot").objects.get(event_id=event_id)
        assert (stored.revision, bytes(stored.packed)) == (-1, b"x")  # stale, rows kept
    finally:
        migrate()
    assert event_id in reconcile.stale_event_ids()


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


@pytest.mark.django_db(transaction=True)
def test_going_back_before_format_5_forgets_it(director):
    event_id = build_event(16, 2, 10, slug="format-5")
    reconcile.reconcile_event(event_id)
    assert zlib.decompress(StandingsSnapshot.objects.get(event_id=event_id).packed)[0] == 5
    try:
        apps = migrate("0010_merge_formats_sheets")
        stored = apps.get_model("scoring", "StandingsSnapshot").objects.get(event_id=event_id)
        assert (stored.revision, stored.computed_at, bytes(stored.packed)) == (-1, None, b"")
    finally:
        migrate()
    assert event_id in reconcile.stale_event_ids()
