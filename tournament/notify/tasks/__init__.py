"""Celery tasks of the outbox: ``dispatch`` sends what is due in batches; the beat's
``sweep`` starts it for anything a lost task or a dead worker left pending, and
``reminders.round_reminders`` tells seated players that their round starts in 10 minutes."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings


def kick(countdown: float | None = None) -> None:
    """Queue a dispatch (on ``NOTIFY_QUEUE`` when one is set)."""
    dispatch.apply_async(countdown=countdown, queue=settings.NOTIFY_QUEUE)


@shared_task(name="tournament.notify.dispatch", soft_time_limit=110, time_limit=130)
def dispatch() -> dict:
    """Send every due delivery, batch by batch. When retries are waiting, schedule itself
    for the earliest one (the sweep would find them anyway)."""
    # (web processes that only enqueue never load it)
    from tournament.notify.services import sending

    totals = sending.dispatch_until_empty(budget_seconds=90.0)
    wait = sending.next_due_seconds()
    if wait is not None and not dispatch.app.conf.task_always_eager:
        kick(countdown=max(1.0, min(wait, settings.NOTIFY_RETRY_MAX_SECONDS)))
    return totals


@shared_task(name="tournament.notify.sweep")
def sweep() -> bool:
    """Start a dispatch when a delivery is due (its lease ran out, its retry time came)."""
    from tournament.notify.services import sending

    wait = sending.next_due_seconds()
    if wait is not None and wait <= 0:
        kick()
        return True
    return False
