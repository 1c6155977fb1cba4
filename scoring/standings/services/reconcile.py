"""Standings reconciliation: a recompute of the event's snapshot at its revision, never
backwards. Asked for after every write and coalesced per event by
``scoring.standings.tasks.request_reconcile``.

The path of a write to a page: the write bumps the event's revision; after its commit a task
runs ``reconcile_event``, which reads the revision, reads the inputs (``reading.inputs``),
ranks them with the rulebook (``rules.standings``, ``rules.formats``) and stores the rows in
the snapshot and the format standings only if its revision is newer than the stored one. Pages
read what is stored, cached by revision (``scoring.standings.reading.snapshot``)."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.reading.compute import (
    EVENT_FIELDS,
    Computed,
    compute_event,
    stored_rows,
)
from tournament.events.models import Event

# The name the logging settings and operators know from before the split.
logger = logging.getLogger("scoring.services")


@contextmanager
def collector_paused() -> Iterator[None]:
    """A recompute builds a few small containers per seat played and frees them all at once,
    none in a cycle: Python's cyclic collector, which would walk every live object again each
    time so many are made, waits until it is done."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def reconcile_event(event_id: int, *, force: bool = False) -> dict[str, Any]:
    """Bring the event's snapshot up to its revision.

    The revision is read first; data committed later is at least as new, and its own write
    asks for another reconcile. The rows are written only if the stored revision is older (the
    header's conditional update, under its row lock), so duplicate, late or concurrent runs
    never roll the standings back. ``force`` rewrites at the same revision."""
    event = (
        Event.objects.filter(pk=event_id)
        .values(*EVENT_FIELDS, stored=F("standings_snapshot__revision"))
        .first()
    )
    if event is None:
        return {"event": event_id, "status": "missing"}
    stored = event.pop("stored")
    if stored is not None and stored >= event["revision"] and not force:
        return {"event": event_id, "status": "current", "revision": stored}
    with collector_paused():
        computed = compute_event(event_id, event=event)
        written = store(event_id, computed, force=force, exists=stored is not None)
    status = "written" if written else "superseded"
    logger.info("reconcile event=%s revision=%s %s", event_id, computed.revision, status)
    return {"event": event_id, "status": status, "revision": computed.revision}


def store(event_id: int, computed: Computed, *, force: bool = False, exists: bool = False) -> bool:
    """Write ``computed`` unless a newer revision is stored: the snapshot's conditional UPDATE
    (which locks its row, so a concurrent writer waits and then finds it newer) and the format
    standings, in one transaction. The snapshot's row is made first unless it ``exists``."""
    if not exists:
        StandingsSnapshot.objects.bulk_create(
            [StandingsSnapshot(event_id=event_id)], ignore_conflicts=True
        )
    newer = Q(revision__lte=computed.revision) if force else Q(revision__lt=computed.revision)
    rows = stored_rows(computed)
    with transaction.atomic():
        written = StandingsSnapshot.objects.filter(Q(event_id=event_id) & newer).update(
            revision=computed.revision,
            method=computed.method,
            computed_at=timezone.now(),
            stored_rows=rows,
            ranked=sum(1 for row in rows if row["place"] is not None),
        )
        if written and computed.formats is not None:
            _store_formats(event_id, computed, newer)
    return bool(written)


def _store_formats(event_id: int, computed: Computed, newer: Q) -> None:
    """The format standings at the snapshot's revision, never over a newer one."""
    updated = FormatStandings.objects.filter(Q(event_id=event_id) & newer).update(
        revision=computed.revision, data=computed.formats
    )
    if not updated:
        FormatStandings.objects.bulk_create(
            [FormatStandings(event_id=event_id, revision=computed.revision, data=computed.formats)],
            ignore_conflicts=True,
        )
