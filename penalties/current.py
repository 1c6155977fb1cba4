"""What a report stands for now: a re-pricing voids a report and records its replacement
(``Replacement``), so whatever points at the voided report (a sheet's hand) reads the report
at the end of that chain, with the points it still carries.

Rows that point at a report are never rewritten (hands are append-only); readers call
``current_reports`` instead. Two queries whatever the number of reports (the event's
replacement links, then the standing ledger entries), none for an empty list.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from penalties.models import FoulReport, LedgerEntry, Replacement


@dataclass(frozen=True)
class CurrentReport:
    """``id``: the report now standing for the one asked about (itself when never re-priced);
    ``points``: per player id, what its ledger entries that still stand move (transfers and
    deductions, in the ruleset's unit): all zero once the report itself is voided."""

    id: int
    points: dict[int, int] = field(default_factory=dict)

    def points_by_seat(self, players: Iterable[int]) -> list[int]:
        return [self.points.get(pid, 0) for pid in players]


def current_reports(report_ids: Iterable[int | None]) -> dict[int, CurrentReport]:
    """For each report id: the report that stands for it now (see the module)."""
    asked = {pk for pk in report_ids if pk}
    if not asked:
        return {}
    # Every link of the reports' events (a few: one per re-priced report), so that a chain of
    # re-pricings is followed without a query per step.
    events = FoulReport.objects.filter(pk__in=asked).values("event_id")
    links = dict(
        Replacement.objects.filter(replaced__event_id__in=events).values_list(
            "replaced_id", "replacement_id"
        )
    )
    ends: dict[int, int] = {}
    for pk in asked:
        end, seen = pk, {pk}
        while end in links and links[end] not in seen:
            end = links[end]
            seen.add(end)
        ends[pk] = end
    points: dict[int, dict[int, int]] = defaultdict(dict)
    for report_id, player, counterpart, kind, amount in LedgerEntry.objects.filter(
        report_id__in=set(ends.values()), reverses__isnull=True, reversed_by__isnull=True
    ).values_list("report_id", "player_id", "counterpart_id", "kind", "points"):
        moved = points[report_id]
        if kind == LedgerEntry.Kind.TRANSFER:
            moved[player] = moved.get(player, 0) - amount
            moved[counterpart] = moved.get(counterpart, 0) + amount
        elif kind == LedgerEntry.Kind.DEDUCT:
            moved[player] = moved.get(player, 0) + amount
    return {pk: CurrentReport(end, dict(points.get(end, {}))) for pk, end in ends.items()}
