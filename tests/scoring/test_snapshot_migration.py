"""Migration 0005: a snapshot packed in the earlier form is forgotten, not misread."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0004_snapshot_packed")]
AFTER = [("scoring", "0005_snapshot_columns")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_old_snapshots_are_marked_never_computed():
    apps = migrate(BEFORE)
    try:
        user = apps.get_model("auth", "User").objects.create(username="migration-director")
        event = apps.get_model("tournament", "Event").objects.create(
            name="Old", slug="old", ruleset="mcr", director=user, revision=7
        )
        apps.get_model("scoring", "StandingsSnapshot").objects.create(
            event=event, revision=7, method="table_points", packed=b"\x04old form"
        )
        apps = migrate(AFTER)
        stored = apps.get_model("scoring", "StandingsSnapshot").objects.get(event_id=event.pk)
        assert (stored.revision, stored.computed_at, bytes(stored.packed)) == (-1, None, b"")
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
