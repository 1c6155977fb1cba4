from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def ensure_sqlite_triggers(sender, using: str = "default", **kwargs) -> None:
    """SQLite drops a table's triggers when a migration rebuilds the table (most column
    changes): after every ``migrate`` the append-only triggers are created again where missing
    (migration 0003 made them; ``CREATE TRIGGER IF NOT EXISTS`` leaves present ones alone)."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    applied = MigrationRecorder(connection).applied_migrations()
    if ("penalties", "0003_integrity_append_only_everywhere") not in applied:
        return
    from penalties.migrations._triggers import (
        HAND_CHECK_TABLES,
        LATER_PENALTY_TABLES,
        MAINTENANCE,
        PENALTY_TABLES,
        sqlite_triggers,
    )

    tables = list(PENALTY_TABLES)
    if ("penalties", "0004_private_note_public_explanation_replacements") in applied:
        tables += LATER_PENALTY_TABLES
    if ("penalties", "0005_hand_checks") in applied:
        tables += HAND_CHECK_TABLES
    with connection.cursor() as cursor:
        cursor.execute(MAINTENANCE)
        for table in tables:
            for sql in sqlite_triggers(table):
                cursor.execute(sql)


class PenaltiesConfig(AppConfig):
    name = "penalties"
    verbose_name = _("Penalties")

    def ready(self) -> None:
        post_migrate.connect(
            ensure_sqlite_triggers, sender=self, dispatch_uid="penalties.sqlite_triggers"
        )
