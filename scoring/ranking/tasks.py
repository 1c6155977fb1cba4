"""Recomputing the stored ranking in Celery: after a ranking event publishes, a weight or a
setting changes, or persons are merged or split (incremental: the persons touched), and once a
day (whole: every result ages). Tasks take a family and person ids, and are safe to repeat:
each recompute locks the family's state row and computes from the current data."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction

from rules.ranking import FAMILIES
from scoring.ranking.models import RankingState
from scoring.ranking.services import compute, storing

logger = logging.getLogger("scoring.ranking")


@shared_task(
    name="scoring.ranking.recompute",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=0.5,
    max_retries=10,
)
def recompute(family: str, persons: list[int] | None = None) -> dict:
    outcome = compute.recompute(family, persons)
    return {"family": family, "full": outcome.full, "listed": outcome.listed}


@shared_task(name="scoring.ranking.daily", acks_late=True, ignore_result=True)
def daily() -> list[str]:
    """Every family whose stored ranking is not as of today, whole (beat asks hourly, so a
    missed run is repaired within the hour), after the results' copies of their players'
    persons are repaired (``storing.follow_players``; they normally are)."""
    from django.utils import timezone

    today = timezone.localdate()
    done = []
    for family in FAMILIES:
        if RankingState.objects.filter(family=family).exclude(as_of=today).exists():
            if not done:
                storing.follow_players()
            compute.recompute(family)
            done.append(family)
    return done


def request_recompute(family: str, persons: Iterable[int] | None = None) -> None:
    """Recompute ``family`` for ``persons`` (all if None): with a broker, a task queued once
    the caller's transaction commits; embedded (eager), here, inside the caller's transaction
    (in a savepoint: a failed recompute leaves the write alone, and the daily run repairs),
    so that the write and the ranking commit or roll back together. The family's revision
    moves now, so pages know the stored ranking is behind until the task ran."""
    from django.db.models import F

    RankingState.objects.get_or_create(family=family)
    RankingState.objects.filter(family=family).update(revision=F("revision") + 1)
    ids = None if persons is None else sorted(set(persons))

    if settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            with transaction.atomic():
                compute.recompute(family, ids)
        except Exception:  # the write itself stands; the daily run repairs
            logger.exception("ranking recompute of %s failed", family)
        return
    transaction.on_commit(lambda: recompute.delay(family, ids))
