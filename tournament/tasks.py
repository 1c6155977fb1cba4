from celery import shared_task

from .models import Event


@shared_task
def health_check() -> dict[str, int]:
    """Round trip used by ``/healthz?worker=1`` and the service tests: proves a worker can reach
    the broker and the database."""
    return {"events": Event.objects.count()}
