"""The worker's health check (its name, ``tournament.tasks.health_check``, is kept from before
the tasks moved to their capabilities)."""

from celery import shared_task

from tournament.events.models import Event


@shared_task(name="tournament.tasks.health_check")
def health_check() -> dict[str, int]:
    """Round trip used by ``/healthz?worker=1`` and the service tests: proves a worker can reach
    the broker and the database."""
    return {"events": Event.objects.count()}
