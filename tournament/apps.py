from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournament")

    def ready(self):
        from django.db.models.signals import post_migrate

        from tournament.health import checks  # noqa: F401 (registers the system checks)

        post_migrate.connect(
            ensure_outbox_triggers, sender=self, dispatch_uid="tournament.outbox_triggers"
        )


def ensure_outbox_triggers(sender, using: str = "default", **kwargs) -> None:
    """On SQLite, the outbox's append-only triggers again after every ``migrate`` (a rebuilt
    table loses them; see migration 0016)."""
    import importlib

    from django.db import connections

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    tables = connection.introspection.table_names()
    if "tournament_message" not in tables:
        return
    migration = importlib.import_module("tournament.migrations.0016_notify_outbox_append_only")
    with connection.cursor() as cursor:
        for sql in migration.sqlite_statements():
            cursor.execute(sql)
