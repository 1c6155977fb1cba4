"""Standings reconciliation: a recompute of the event's snapshot at its revision, never
backwards. Asked for after every write and coalesced per event by
``scoring.standings.tasks.request_reconcile``."""

from __future__ import annotations

import logging
from contextlib import nullcontext
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Q, QuerySet
from django.db.models.sql import UpdateQuery
from django.utils import timezone

from scoring.standings import formats, snapshot
from scoring.standings.models import StandingsSnapshot
from tournament.events.models import Event

# The name the logging settings and operators know from before the split.
logger = logging.getLogger("scoring.services")


def compute(event_id: int) -> tuple[int, str, list]:
    """A full synchronous recompute: (revision read first, method, rows). No write."""
    event = Event.objects.values("revision", "ruleset", "ruleset_options").get(pk=event_id)
    loaded = snapshot.load_grid(event_id)
    method, packed = snapshot.compute(event["ruleset"], event["ruleset_options"], loaded)
    return event["revision"], method, snapshot.unpack(method, packed)


def reconcile_event(event_id: int, *, force: bool = False) -> dict[str, Any]:
    """Bring the event's snapshot up to its revision: six queries (seven the first time),
    whatever its size; an event with stages reads them too, and one with teams or stages
    writes its format standings with the snapshot (in one transaction).

    The revision is read first; data committed later is at least as new, and its own write
    asks for another reconcile. The snapshot is written only if its stored revision is older,
    so duplicate, late or concurrent runs never roll the standings back."""
    # Query: the event's revision and ruleset, the stored snapshot's revision (if any), and
    # its format (teams, stages).
    found = list(
        Event.objects.filter(pk=event_id).values_list(
            "revision",
            "ruleset",
            "ruleset_options",
            "standings_snapshot__revision",
            "has_teams",
            "has_stages",
            "team_best",
        )
    )
    if not found:
        return {"event": event_id, "status": "missing"}
    revision, ruleset, options, stored, has_teams, has_stages, best = found[0]
    if stored is not None and stored >= revision and not force:
        return {"event": event_id, "status": "current", "revision": stored}
    if stored is None:
        # Query (first reconcile only): the snapshot row, so that the write below is one UPDATE.
        StandingsSnapshot.objects.bulk_create(
            [StandingsSnapshot(event_id=event_id)], ignore_conflicts=True
        )
    # Queries: players (with their teams), counting seat scores, tables, the ledger; for an
    # event with stages, the stages and their cuts too.
    stages = (lambda: formats.load_stages(event_id)) if has_stages else None
    loaded = snapshot.load_grid(event_id, also=stages)
    computed = snapshot.compute_rows(ruleset, options, loaded)
    method, packed = computed.method, computed.packed()
    condition = Q(event_id=event_id) & (
        Q(revision__lte=revision) if force else Q(revision__lt=revision)
    )
    prepared = None
    if has_teams or has_stages:
        prepared = formats.prepare_computed(
            event_id, computed, loaded, has_teams=has_teams, has_stages=has_stages, best=best
        )
    # Query: the conditional write (with the format's, one commit for both).
    own = not connection.in_atomic_block  # the commit is ours, not a caller's
    with transaction.atomic() if prepared is not None else nullcontext():
        written = _update(
            StandingsSnapshot.objects.filter(condition),
            {"revision": revision, "packed": packed, "method": method},
            no_flush=own,
        )
        if written and prepared is not None:
            formats.store(event_id, revision, prepared, force=force)
    status = "written" if written else "superseded"
    logger.info("reconcile event=%s revision=%s %s", event_id, revision, status)
    return {"event": event_id, "status": status, "revision": revision}


def _update(queryset: QuerySet, values: dict[str, Any], *, no_flush: bool) -> int:
    """``queryset.update(**values, computed_at=now)``. On PostgreSQL, when the transaction is
    the reconcile's own (``no_flush``), its commit does not wait for the disk (the same
    statement sets ``synchronous_commit`` off for that transaction only): waiting costs more
    than computing the standings, and a snapshot a crash loses is only derived data left at an
    older revision, which ``stale_event_ids`` finds and the sweep recomputes."""
    values = {**values, "computed_at": timezone.now()}
    if connection.vendor != "postgresql" or not no_flush:
        return queryset.update(**values)
    query = queryset.query.chain(UpdateQuery)
    query.add_update_values(values)
    sql, params = query.get_compiler(queryset.db).as_sql()
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL synchronous_commit TO OFF; {sql}", params)
        cursor.nextset()
        return cursor.rowcount


def stale_event_ids() -> list[int]:
    """Events whose snapshot is missing or older than the event."""
    return list(
        Event.objects.filter(
            Q(standings_snapshot__isnull=True) | Q(standings_snapshot__revision__lt=F("revision"))
        ).values_list("pk", flat=True)
    )
