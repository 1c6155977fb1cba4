from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _standings_changed(sender, event_id: int, **kwargs) -> None:
    from scoring.standings.tasks import request_reconcile

    request_reconcile(event_id)


def _persons_changed(sender, person_ids, **kwargs) -> None:
    from scoring.ranking.services import persons_changed

    persons_changed(person_ids)


def rebuild_stale_standings(sender, using: str = "default", **kwargs) -> None:
    """After ``migrate``: recompute every event whose snapshot is missing or older than the
    event (a migration that changed the snapshot's format marks them stale), in this step,
    whatever the broker: an upgraded database shows current standings at once, even in the
    embedded default that has no beat to sweep. Nothing runs while any migration is pending."""
    from django.db import connections
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connections[using])
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return
    from scoring.standings.reconcile import reconcile_event, stale_event_ids

    for event_id in stale_event_ids():
        reconcile_event(event_id)


def ensure_result_triggers(sender, using: str = "default", **kwargs) -> None:
    """Result triggers created again after ``migrate`` where a table rebuild dropped them (see
    ``penalties.apps.ensure_sqlite_triggers``)."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    if ("scoring", "0007_integrity_append_only") not in MigrationRecorder(
        connection
    ).applied_migrations():
        return
    from importlib import import_module

    from penalties.migrations._triggers import sqlite_triggers
    from scoring.results.models import TableResult

    migration = import_module("scoring.migrations.0007_integrity_append_only")
    # What a result version keeps for ever: every column but the counting flag and the
    # confirmation, read from the model so that a column added later is covered too.
    moving = {"counts", "confirmed_by", "confirmed_at"}
    with connection.cursor() as cursor:
        present = {
            c.name for c in connection.introspection.get_table_description(cursor, migration.RESULT)
        }
        fixed = tuple(
            f.column
            for f in TableResult._meta.concrete_fields
            if f.name not in moving and f.column in present
        )
        for sql in (
            *sqlite_triggers(migration.SEATSCORE),
            *sqlite_triggers(migration.RESULT, ("DELETE",)),
            migration.sqlite_result_update(fixed),
        ):
            cursor.execute(sql)


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from penalties.tablet.panels import register
        from scoring.sheets.floor import tablet_panel
        from tournament.persons.services import persons_changed
        from tournament.signals import standings_changed

        register(tablet_panel)

        standings_changed.connect(_standings_changed, dispatch_uid="scoring.request_reconcile")
        persons_changed.connect(_persons_changed, dispatch_uid="scoring.ranking.persons")
        post_migrate.connect(
            ensure_result_triggers, sender=self, dispatch_uid="scoring.sqlite_triggers"
        )
        post_migrate.connect(
            rebuild_stale_standings, sender=self, dispatch_uid="scoring.rebuild_stale_standings"
        )
