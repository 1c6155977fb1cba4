"""A player's disciplinary record: what still stands once voids are counted."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from penalties.models import LedgerEntry
from tournament.events.models import Event


@dataclass
class Discipline:
    player_id: int
    warnings: int = 0
    dead_hands: int = 0
    penalty_tiles: int = 0
    disqualified: bool = False
    table_points: int = 0
    overall_points: int = 0
    reports: int = 0


def discipline(event: Event, player_id: int | None = None) -> dict[int, Discipline]:
    """Per player: what still stands against them once voids are taken into account.

    Reversing entries cancel their originals, so only entries that are not reversals and were
    never reversed count."""
    entries = LedgerEntry.objects.filter(
        event=event, reverses__isnull=True, reversed_by__isnull=True
    )
    if player_id is not None:
        entries = entries.filter(player_id=player_id) | entries.filter(counterpart_id=player_id)
    record: dict[int, Discipline] = {}
    reports: dict[int, set[int]] = defaultdict(set)

    def of(pid: int) -> Discipline:
        return record.setdefault(pid, Discipline(pid))

    for e in entries.only(
        "player_id", "counterpart_id", "kind", "points", "scope", "detail", "report_id"
    ):
        row = of(e.player_id)
        if e.kind == LedgerEntry.Kind.TRANSFER:
            row.table_points -= e.points
            of(e.counterpart_id).table_points += e.points
        elif e.kind == LedgerEntry.Kind.DEDUCT:
            if e.scope == LedgerEntry.Scope.OVERALL:
                row.overall_points += e.points
            else:
                row.table_points += e.points
        elif e.kind == LedgerEntry.Kind.WARNING:
            row.warnings += 1
        elif e.kind == LedgerEntry.Kind.DEAD_HAND:
            row.dead_hands += 1
        elif e.kind == LedgerEntry.Kind.PENALTY_TILES:
            row.penalty_tiles += int(e.detail.get("count", 0))
        elif e.kind == LedgerEntry.Kind.DISQUALIFICATION:
            row.disqualified = True
        reports[e.player_id].add(e.report_id)
    for pid, ids in reports.items():
        record[pid].reports = len(ids)
    if player_id is not None:
        return {player_id: record.get(player_id, Discipline(player_id))}
    return record
