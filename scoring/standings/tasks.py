"""Asking for a reconcile (``request_reconcile``, one task per burst of writes) and the Celery
tasks: reconcile one event's standings; sweep events whose snapshot is stale.

Both take ids and are safe to run any number of times, in any order (see
``scoring.standings.services.reconcile.reconcile_event``). Only transient database errors are
retried. Their names stay those of the module they were first written in (``scoring.tasks.*``),
so that beat's schedule and messages already queued keep finding them.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.db.models import Q
from django.utils import timezone

from scoring.standings import notices  # noqa: F401 (its beat task, final_ranking_notices)
from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.compute import stale_event_ids
from scoring.standings.services import reconcile as standings_reconcile

# The name the logging settings and operators know from before the split.
logger = logging.getLogger("scoring.services")


@shared_task(
    name="scoring.tasks.reconcile",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=0.5,
    retry_backoff_max=30,
    retry_jitter=True,
    max_retries=10,
)
def reconcile(event_id: int) -> dict:
    # Clear the "queued" claim before the revision is read: a write committing from now on
    # queues a new task instead of relying on this one.
    clear_pending(event_id)
    return standings_reconcile.reconcile_event(event_id)


@shared_task(name="scoring.tasks.sweep_stale", acks_late=True)
def sweep_stale() -> list[int]:
    """Re-queue every event whose snapshot is older than the event (a lost task, a worker
    killed mid-run). Queues directly, ignoring claims: a duplicate costs one query."""
    queue = reconcile_queue()
    stale = stale_event_ids()
    for event_id in stale:
        reconcile.apply_async(args=(event_id,), queue=queue)
    return stale


def coalesce_seconds() -> float:
    """The least time between two recomputes of one event while writes keep coming."""
    return float(getattr(settings, "STANDINGS_COALESCE_SECONDS", 0.35))


def pending_ttl() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "STANDINGS_PENDING_TTL_SECONDS", 30)))


def request_reconcile(event_id: int) -> bool:
    """After a standings write committed: queue one reconcile unless one is already queued.

    Eager (embedded) mode recomputes right here. With a broker, the snapshot row's
    ``enqueued_at`` is claimed with a conditional UPDATE, so a burst of writes queues a single
    task; the task clears the claim before it reads the revision, so no write is missed. A claim
    older than the TTL (lost task) is taken over. The task runs at once after a quiet spell and
    otherwise no sooner than ``coalesce_seconds`` after the last one started, so a stream of
    writes costs a recompute per window, not one per write. Returns whether a task was queued
    or run."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            reconcile.apply(args=(event_id,), throw=True)
        except Exception:  # the write itself succeeded; `reconcile` or the sweep repairs
            logger.exception("reconcile of event %s failed", event_id)
        return True
    now = timezone.now()
    claimed = (
        StandingsSnapshot.objects.filter(event_id=event_id)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=now - pending_ttl()))
        .update(enqueued_at=now)
    )
    last_started = None
    if claimed:
        last_started = (
            StandingsSnapshot.objects.filter(event_id=event_id)
            .values_list("started_at", flat=True)
            .first()
        )
    elif StandingsSnapshot.objects.filter(event_id=event_id).exists():
        return False  # a task is queued
    else:
        try:
            with transaction.atomic():
                StandingsSnapshot.objects.create(event_id=event_id, enqueued_at=now)
        except IntegrityError:
            return False  # the row exists and a task is queued
    window = coalesce_seconds()
    countdown = 0.0
    if last_started is not None:
        countdown = min(window, max(0.0, window - (now - last_started).total_seconds()))
    try:
        reconcile.apply_async(
            args=(event_id,), countdown=countdown or None, queue=reconcile_queue()
        )
    except Exception:
        StandingsSnapshot.objects.filter(event_id=event_id, enqueued_at=now).update(
            enqueued_at=None
        )
        logger.exception("could not queue the reconcile of event %s", event_id)
        return False
    return True


def reconcile_queue() -> str | None:
    return getattr(settings, "STANDINGS_QUEUE", None)


def clear_pending(event_id: int) -> None:
    """A reconcile task starts: drop the claim, note the time (it paces the next task)."""
    StandingsSnapshot.objects.filter(event_id=event_id).update(
        enqueued_at=None, started_at=timezone.now()
    )
