"""Consequences and foul names in the reader's language.

The stored ``FoulReport.description`` is the English sentence read out when the report was
recorded (it is part of the audit trail). Pages rebuild the sentence in the active language
from the report's own ledger entries and the table's seats, with the rulebook's templates
translated by gettext.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from penalties.models import FoulReport
from rules import CATALOGUE, LedgerLine, Seats, consequence_of, describe


def foul_label(code: str) -> str:
    foul = CATALOGUE.get(code)
    return gettext(foul.label) if foul else code


def localized_description(report: FoulReport) -> str:
    """The report's consequences in the active language (uses prefetched entries and seats
    when present)."""
    seats = {s.wind: s.player_id for s in report.table.seats.all()}
    try:
        table = Seats.from_mapping(seats)
    except ValueError:
        return report.description
    lines = [
        LedgerLine(e.player_id, e.kind, e.points, e.scope, e.counterpart_id, e.detail)
        for e in sorted(report.entries.all(), key=lambda e: e.pk)
        if e.reverses_id is None
    ]
    consequences = [consequence_of(line) for line in lines]
    return describe(consequences, table, gettext, ngettext)
