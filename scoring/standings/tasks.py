"""Celery tasks: reconcile one event's standings; sweep events whose snapshot is stale.

Both take ids and are safe to run any number of times, in any order (see
``scoring.standings.reconcile.reconcile_event``). Only transient database errors are retried.
Their names stay those of the module they were first written in (``scoring.tasks.*``), so that
beat's schedule and messages already queued keep finding them.
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from scoring.standings import reconcile as standings_reconcile


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
    standings_reconcile.clear_pending(event_id)
    return standings_reconcile.reconcile_event(event_id)


@shared_task(name="scoring.tasks.sweep_stale", acks_late=True)
def sweep_stale() -> list[int]:
    """Re-queue every event whose snapshot is older than the event (a lost task, a worker
    killed mid-run). Queues directly, ignoring claims: a duplicate costs one query."""
    queue = standings_reconcile.reconcile_queue()
    stale = standings_reconcile.stale_event_ids()
    for event_id in stale:
        reconcile.apply_async(args=(event_id,), queue=queue)
    return stale
