"""The event's standings computed afresh from what is stored, without writing: what the
reconcile stores (``scoring.standings.services.reconcile``), and what the exports, the
formats' pages and ``verify`` read when the stored snapshot is not current."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, Q

from rules import StandingRow, get_ruleset
from scoring.standings.models import FormatStandings
from scoring.standings.reading import formats
from scoring.standings.reading.display import as_page_rows
from scoring.standings.reading.inputs import read_inputs
from tournament.events.models import Event


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
