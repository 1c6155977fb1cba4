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
    from scoring.standings.reading.compute import stale_event_ids
    from scoring.standings.services.reconcile import reconcile_event

    for event_id in stale_event_ids():
        reconcile_event(event_id)


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from penalties.handcheck.reading import register as register_state
        from penalties.tablet.reading import register
        from scoring.sheets.floor.reading import hand_check_state
        from scoring.sheets.floor.views import tablet_panel
        from tournament.persons.services import persons_changed
        from tournament.signals import standings_changed

        register(tablet_panel)
        register_state(hand_check_state)

        standings_changed.connect(_standings_changed, dispatch_uid="scoring.request_reconcile")
        persons_changed.connect(_persons_changed, dispatch_uid="scoring.ranking.persons")
        post_migrate.connect(
            rebuild_stale_standings, sender=self, dispatch_uid="scoring.rebuild_stale_standings"
        )
