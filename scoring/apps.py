from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _standings_changed(sender, event_id: int, **kwargs) -> None:
    from .services import request_reconcile

    request_reconcile(event_id)


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from tournament.signals import standings_changed

        standings_changed.connect(_standings_changed, dispatch_uid="scoring.request_reconcile")
