"""Standings reconciliation: a recompute of the event's snapshot at its revision, never
backwards. Asked for after every write and coalesced per event by
``scoring.standings.tasks.request_reconcile``."""

from __future__ import annotations

import functools
import logging
import time
from contextlib import nullcontext
from typing import Any

import psycopg
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from scoring.standings import formats, snapshot
from scoring.standings.models import FormatStandings, StandingsSnapshot
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
    """Bring the event's snapshot up to its revision: five queries on PostgreSQL, six
    elsewhere (one more the first time), whatever its size; an event with stages reads them
    too, and one with teams or stages writes its format standings with the snapshot (in one
    transaction; on PostgreSQL in the snapshot's own statement).

    The revision is read first; data committed later is at least as new, and its own write
    asks for another reconcile. The snapshot is written only if its stored revision is older,
    so duplicate, late or concurrent runs never roll the standings back."""
    # Query: the event's revision and ruleset, the stored snapshot's revision (if any), and
    # its format (teams, stages).
    with connection.cursor() as cursor:
        cursor.execute(_event_sql(), [event_id])
        found = cursor.fetchall()
    if not found:
        return {"event": event_id, "status": "missing"}
    revision, ruleset, options, stored, has_teams, has_stages, best = found[0]
    options = Event._meta.get_field("ruleset_options").from_db_value(options, None, connection)
    has_teams, has_stages = bool(has_teams), bool(has_stages)  # SQLite's are 0 and 1
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
    method, prepared = computed.method, None
    if has_teams or has_stages:
        # The snapshot packed in the helper thread meanwhile (zlib lets go of the interpreter).
        packing = snapshot.reader_thread().submit(computed.packed)
        prepared = formats.prepare_computed(
            event_id, computed, loaded, has_teams=has_teams, has_stages=has_stages, best=best
        )
        packed = packing.result()
    else:
        packed = computed.packed()
    # Query: the conditional write (with the format's, one commit for both).
    own = not connection.in_atomic_block  # the commit is ours, not a caller's
    if connection.vendor == "postgresql":
        written = _write(event_id, revision, force, method, packed, prepared, own=own)
    else:
        condition = Q(event_id=event_id) & (
            Q(revision__lte=revision) if force else Q(revision__lt=revision)
        )
        with transaction.atomic() if prepared is not None else nullcontext():
            written = StandingsSnapshot.objects.filter(condition).update(
                revision=revision, packed=packed, method=method, computed_at=timezone.now()
            )
            if written and prepared is not None:
                formats.store(event_id, revision, prepared, force=force)
    status = "written" if written else "superseded"
    logger.info("reconcile event=%s revision=%s %s", event_id, revision, status)
    return {"event": event_id, "status": status, "revision": revision}


@functools.cache
def _event_sql() -> str:
    """The reconcile's first read, written once per process (building it with the ORM at
    every reconcile costs more than the query): the event's revision, ruleset and options,
    the stored snapshot's revision (if any), and its format (teams, stages, team best)."""
    event, snap = Event._meta, StandingsSnapshot._meta

    def col(meta: Any, field: str) -> str:
        return f'"{meta.db_table}"."{meta.get_field(field).column}"'

    fields = ", ".join(
        col(meta, f)
        for meta, f in (
            (event, "revision"),
            (event, "ruleset"),
            (event, "ruleset_options"),
            (snap, "revision"),
            (event, "has_teams"),
            (event, "has_stages"),
            (event, "team_best"),
        )
    )
    return (
        f'SELECT {fields} FROM "{event.db_table}" LEFT OUTER JOIN "{snap.db_table}" '
        f"ON {col(snap, 'event')} = {col(event, 'id')} WHERE {col(event, 'id')} = %s"
    )


# Set in the write's own statement when its transaction is the reconcile's (see ``_write``).
OWN_COMMIT = "FROM (SELECT set_config('synchronous_commit', 'off', true)) AS own_commit "


@functools.cache
def _write_sql() -> dict[tuple[str, str, bool], str]:
    """The PostgreSQL statements of the reconcile's write, written once per process, by
    (snapshot only or with the format, comparison, whether the commit is the reconcile's)."""
    snap, fmt = StandingsSnapshot._meta, FormatStandings._meta

    def col(meta: Any, field: str) -> str:
        return f'"{meta.get_field(field).column}"'

    update = (
        f'UPDATE "{snap.db_table}" SET {col(snap, "revision")} = %(revision)s, '
        f"{col(snap, 'packed')} = %(packed)b, {col(snap, 'method')} = %(method)s, "
        f"{col(snap, 'computed_at')} = %(now)s {{own}}"
        f"WHERE {col(snap, 'event')} = %(event)s AND {col(snap, 'revision')} {{cmp}} %(revision)s"
    )
    upsert = (
        f'INSERT INTO "{fmt.db_table}" ({col(fmt, "event")}, {col(fmt, "revision")}, '
        f"{col(fmt, 'packed')}) SELECT %(event)s, %(revision)s, %(format)b "
        f"WHERE EXISTS (SELECT FROM written) "
        f"ON CONFLICT ({col(fmt, 'event')}) DO UPDATE SET "
        f"{col(fmt, 'revision')} = EXCLUDED.{col(fmt, 'revision')}, "
        f"{col(fmt, 'packed')} = EXCLUDED.{col(fmt, 'packed')} "
        f'WHERE "{fmt.db_table}".{col(fmt, "revision")} {{cmp}} %(revision)s'
    )
    both = (
        f"WITH written AS ({update} RETURNING 1), stored AS ({upsert} RETURNING 1) "
        "SELECT COUNT(*) FROM written"
    )
    return {
        (what, cmp, own): sql.replace("{cmp}", cmp).replace("{own}", OWN_COMMIT if own else "")
        for what, sql in (("update", update), ("both", both))
        for cmp in ("<", "<=")
        for own in (False, True)
    }


def _write(
    event_id: int,
    revision: int,
    force: bool,
    method: str,
    packed: bytes,
    prepared: bytes | None,
    *,
    own: bool,
) -> int:
    """PostgreSQL: the snapshot's conditional UPDATE and, for an event with teams or stages,
    the format standings' (created if missing, and only where the snapshot was written), in
    one statement: one round trip and one commit for both, never over a newer revision. The
    packed bytes go as binary parameters (not as hexadecimal text twice their size in the
    statement, as Django's cursors send them).

    When the transaction is the reconcile's own (``own``), its commit does not wait for the
    disk (the same statement sets ``synchronous_commit`` off for that transaction only):
    waiting costs more than computing the standings, and a snapshot a crash loses is only
    derived data left at an older revision, which ``stale_event_ids`` finds and the sweep
    recomputes."""
    what = "update" if prepared is None else "both"
    sql = _write_sql()[what, "<=" if force else "<", own]
    params = {
        "revision": revision,
        "packed": packed,
        "method": method,
        "now": timezone.now(),
        "event": event_id,
    }
    if prepared is not None:
        params["format"] = prepared
    connection.ensure_connection()
    start = time.monotonic()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, prepare=False)
        written = cursor.fetchone()[0] if prepared is not None else cursor.rowcount
    if connection.queries_logged:
        connection.queries_log.append(
            {"sql": f"{sql} -- {len(packed)} bytes", "time": f"{time.monotonic() - start:.3f}"}
        )
    return written


def stale_event_ids() -> list[int]:
    """Events whose snapshot is missing or older than the event."""
    return list(
        Event.objects.filter(
            Q(standings_snapshot__isnull=True) | Q(standings_snapshot__revision__lt=F("revision"))
        ).values_list("pk", flat=True)
    )
