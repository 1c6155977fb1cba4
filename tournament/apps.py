from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournament")

    def ready(self):
        from tournament.channels import notices  # noqa: F401 (registers the channels' kinds)
        from tournament.health import reading  # noqa: F401 (registers the system checks)
