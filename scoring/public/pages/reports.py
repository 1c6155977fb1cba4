"""The reports against a player as the public pages show them (the player's page and the
player's own page): each foul with what it cost, in the active language."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext, ngettext

from penalties.describe import foul_label
from penalties.models import FoulReport
from rules import LedgerLine, Seats, consequence_of, describe
from tournament.rounds.models import Seat


@dataclass
class PlayerReport:
    """A report against the player, as his page shows it (``consequences_text`` in the active
    language)."""

    pk: int
    code: str
    round_number: int
    table_number: int
    explanation: str
    voided: bool
    void_reason: str
    consequences_text: str

    @property
    def label(self) -> str:
        return foul_label(self.code)


def _reports_rows(pk: int) -> list[tuple]:
    """The reports against the player (as offender or co-offender), newest first, each with
    its ledger lines (one row per line; a report without one comes once, with NULLs)."""
    co_fouls = FoulReport.co_offenders.through.objects.filter(player_id=pk).values("foulreport_id")
    return list(
        FoulReport.objects.filter(Q(offender_id=pk) | Q(pk__in=co_fouls))
        .order_by("-created_at", "-pk", "entries__id")
        .values_list(
            "pk",
            "round__number",
            "table_id",
            "table__number",
            "code",
            "explanation",
            "description",
            "void__id",
            "void__reason",
            "entries__player_id",
            "entries__kind",
            "entries__points",
            "entries__scope",
            "entries__counterpart_id",
            "entries__detail",
            "entries__reverses_id",
        )
    )


def player_reports(pk: int, table_winds: dict[int, dict[str, int]]) -> list[PlayerReport]:
    """The reports against the player, newest first: one query, and a second only for a
    co-offender's report at a table he did not sit at. Reversals are left out."""
    found: dict[int, tuple] = {}
    lines: dict[int, list[LedgerLine]] = defaultdict(list)
    for row in _reports_rows(pk):
        report_id, *report, player_id, kind, points, scope, counterpart, detail, reverses = row
        found.setdefault(report_id, tuple(report))
        if kind is not None and reverses is None:
            lines[report_id].append(
                LedgerLine(player_id, kind, points, scope, counterpart, detail or {})
            )
    if not found:
        return []
    missing = {report[1] for report in found.values()} - set(table_winds)
    if missing:
        for table_id, wind, player_id in Seat.objects.filter(table_id__in=missing).values_list(
            "table_id", "wind", "player_id"
        ):
            table_winds[table_id][wind] = player_id
    reports = []
    for report_id, report in found.items():
        number, table_id, table, code, explanation, description, void, reason = report
        try:
            seats = Seats.from_mapping(table_winds[table_id])
            consequences = [consequence_of(line) for line in lines[report_id]]
            text = describe(consequences, seats, gettext, ngettext)
        except ValueError:
            text = description
        reports.append(
            PlayerReport(
                report_id, code, number, table, explanation, void is not None, reason or "", text
            )
        )
    return reports
