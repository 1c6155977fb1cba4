from celery import shared_task

from tournament.models.events import Event


@shared_task
def health_check() -> dict[str, int]:
    """Round trip used by ``/healthz?worker=1`` and the service tests: proves a worker can reach
    the broker and the database."""
    return {"events": Event.objects.count()}


@shared_task(soft_time_limit=120, time_limit=150)
def generate_seating(draft_id: int) -> str:
    """Generate a seating draft; the generator's own time budget ends it well before the
    task's time limit."""
    from tournament.models.rounds import SeatingDraft
    from tournament.seating_service import run_draft

    draft = SeatingDraft.objects.select_related("event").get(pk=draft_id)
    return run_draft(draft).status
