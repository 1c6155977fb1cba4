from django.apps import AppConfig
from django.db.models.signals import post_migrate


class IntegrityConfig(AppConfig):
    """No concrete model, nothing shown: the append-only check after every ``migrate``."""

    name = "integrity"

    def ready(self) -> None:
        from integrity.triggers import ensure_append_only

        post_migrate.connect(
            ensure_append_only, sender=self, dispatch_uid="integrity.ensure_append_only"
        )
