"""Migration 0005: a snapshot packed in the earlier form is forgotten, not misread."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


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


def test_old_snapshots_are_marked_never_computed():
    apps = migrate("0004_snapshot_packed")
    try:
        user = apps.get_model("auth", "User").objects.create(username="migration-director")
        event = apps.get_model("tournament", "Event").objects.create(
            name="Old", slug="old", ruleset="mcr", director=user, revision=7
        )
        apps.get_model("scoring", "StandingsSnapshot").objects.create(
            event=event, revision=7, method="table_points", packed=b"\x04old form"
        )
        apps = migrate("0005_snapshot_columns")
        stored = apps.get_model("scoring", "StandingsSnapshot").objects.get(event_id=event.pk)
        assert (stored.revision, stored.computed_at, bytes(stored.packed)) == (-1, None, b"")
    finally:
        migrate()
