"""The beat's reminder task, apart from the package's ``dispatch`` and ``sweep`` (which the
outbox's services import to queue a dispatch): the worker imports it through
``CELERY_IMPORTS``."""

from __future__ import annotations

from celery import shared_task

from tournament.notify.services.producers import remind_rounds


@shared_task(name="tournament.notify.round_reminders")
def round_reminders() -> int:
    """ "Round N starts in 10 minutes" to the seated players of rounds starting soon."""
    return remind_rounds()
