"""Preparing, storing and reading the current format standings (the reconcile's side)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from scoring.standings import snapshot
from scoring.standings.formats.inputs import inputs_of, load_inputs
from scoring.standings.formats.rows import Rows
from scoring.standings.formats.stored import compute, pack
from scoring.standings.models import FormatStandings, StandingsSnapshot
from tournament.events.models import Event


def prepare(
    event_id: int,
    method: str,
    packed: bytes | memoryview | None,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None = None,
) -> bytes:
    """The packed format standings of the snapshot ``packed`` (reads the format's inputs)."""
    inputs = load_inputs(event_id, has_teams, has_stages, best)
    return pack(compute(method, packed, arrays=True, **inputs))


def prepare_computed(
    event_id: int,
    computed: snapshot.Computed,
    loaded: snapshot.Loaded,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None,
) -> bytes:
    """``prepare`` for the reconcile: from the snapshot before packing and its inputs, so that
    neither the packed snapshot nor the teams and overall deductions are read again."""
    inputs = inputs_of(event_id, loaded, has_teams=has_teams, has_stages=has_stages, best=best)
    rows = Rows.of_head(computed.head, computed.lines)
    return pack(compute(computed.method, None, arrays=True, rows=rows, **inputs))


def store(event_id: int, revision: int, stored: bytes, *, force: bool = False) -> bool:
    """Write ``prepare``'s bytes at ``revision`` (the snapshot's); like the snapshot, never over
    a newer revision. Returns whether it wrote."""
    condition = Q(event_id=event_id) & (
        Q(revision__lte=revision) if force else Q(revision__lt=revision)
    )
    written = FormatStandings.objects.filter(condition).update(revision=revision, packed=stored)
    if not written and not FormatStandings.objects.filter(event_id=event_id).exists():
        FormatStandings.objects.bulk_create(
            [FormatStandings(event_id=event_id, revision=revision, packed=stored)],
            ignore_conflicts=True,
        )
        written = 1
    return bool(written)


def refresh(
    event_id: int,
    revision: int,
    method: str,
    packed: bytes | memoryview | None,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None = None,
    force: bool = False,
) -> bool:
    """``prepare`` and ``store`` in one go."""
    stored = prepare(
        event_id, method, packed, has_teams=has_teams, has_stages=has_stages, best=best
    )
    return store(event_id, revision, stored, force=force)


def current(event: Event) -> dict[str, Any]:
    """The event's format standings at its current revision: stored if current, else
    computed afresh without writing (as the exports do)."""
    event.refresh_from_db(fields=["revision", "ruleset", "ruleset_options", "team_best"])
    stored = FormatStandings.objects.filter(event=event).first()
    snap = StandingsSnapshot.objects.filter(event=event).first()
    if (
        stored is not None
        and stored.revision >= event.revision
        and snap is not None
        and snap.revision >= event.revision
    ):
        return stored.data
    method, packed = snapshot.compute(
        event.ruleset, event.ruleset_options, snapshot.load_grid(event.pk)
    )
    return compute(
        method,
        packed,
        **load_inputs(event.pk, event.teams.exists(), event.stages.exists()),
    )
