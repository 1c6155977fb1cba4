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
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from rules import StandingRow, get_ruleset
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.reading import formats
from scoring.standings.reading.display import as_page_rows
from scoring.standings.reading.inputs import read_inputs
from tournament.events.models import Event

# The name the logging settings and operators know from before the split.
logger = logging.getLogger("scoring.services")


@dataclass
class Computed:
    """An event's standings at one revision, before they are stored."""

    revision: int
    method: str
    rows: list[StandingRow]
    names: dict[int, str]
    formats: dict[str, Any] | None = field(default=None)


EVENT_FIELDS = ("revision", "ruleset", "ruleset_options", "has_teams", "has_stages", "team_best")


def compute_event(
    event_id: int, *, with_formats: bool = False, event: dict[str, Any] | None = None
) -> Computed | None:
    """The event's standings (and format standings, for an event with teams or stages, or
    ``with_formats``) at its current revision, read first (or given in ``event``, the
    ``EVENT_FIELDS``). No write. None if the event does not exist."""
    if event is None:
        event = Event.objects.filter(pk=event_id).values(*EVENT_FIELDS).first()
        if event is None:
            return None
    ruleset = get_ruleset(event["ruleset"])
    with_formats = with_formats or event["has_teams"] or event["has_stages"]
    inputs = read_inputs(event_id, stages=with_formats)
    rows = ruleset.standings(inputs.tables, inputs.players, event["ruleset_options"])
    computed = Computed(event["revision"], ruleset.method, rows, inputs.names)
    if with_formats:
        computed.formats = formats.compute(ruleset.method, rows, inputs, best=event["team_best"])
    return computed


def compute(event_id: int) -> tuple[int, str, list[dict]]:
    """A full synchronous recompute: (revision read first, method, rows as pages read them).
    No write."""
    computed = compute_event(event_id)
    if computed is None:
        raise Event.DoesNotExist(event_id)
    stored = stored_rows(computed)
    return computed.revision, computed.method, as_page_rows(computed.method, stored)


def stored_rows(computed: Computed) -> list[dict[str, Any]]:
    """The rows in standings order as ``StandingsSnapshot.stored_rows`` keeps them."""
    return [
        {
            "player": row.player,
            "place": row.place,
            "name": computed.names.get(row.player, ""),
            "total": str(row.total),
            "table_points": str(row.table_points),
            "score": str(row.score),
            "penalties": row.penalties,
            "dropped": row.dropped,
            "played": len(row.rounds),
            "rounds": [
                [r.round, r.table, r.score, str(r.units), str(r.table_points), r.penalty]
                for r in row.rounds
            ],
            "history": [list(pair) for pair in row.history],
        }
        for row in computed.rows
    ]


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


def current_formats(event: Event) -> dict[str, Any]:
    """The event's format standings at its current revision: stored if current, else
    computed afresh without writing (as the exports do)."""
    revision, snapshot, stored = (
        Event.objects.filter(pk=event.pk)
        .values_list("revision", "standings_snapshot__revision", "format_standings__revision")
        .get()
    )
    if stored is not None and stored >= revision and (snapshot or -1) >= revision:
        return FormatStandings.objects.values_list("data", flat=True).get(event_id=event.pk)
    computed = compute_event(event.pk, with_formats=True)
    return computed.formats if computed is not None and computed.formats else {}


def stale_event_ids() -> list[int]:
    """Events whose snapshot is missing or older than the event."""
    return list(
        Event.objects.filter(
            Q(standings_snapshot__isnull=True) | Q(standings_snapshot__revision__lt=F("revision"))
        ).values_list("pk", flat=True)
    )
