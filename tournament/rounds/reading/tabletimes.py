"""Each table's clock: the round's clock (``clock``) pushed back by the table's extensions
(``TableExtension``), and the round's end, which waits for its last table.

Every page and answer that shows a table's end or the round's end reads it here: the round
board, the projector, the referee's table page, the players' live page, the round's results
page and the API."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Sum
from django.utils import timezone
from django.utils.dateformat import time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.rounds.models import Round, Table, TableExtension
from tournament.rounds.reading.clock import Clock, clock_of


@dataclass(frozen=True)
class RoundTimes:
    """``common``: the clock of every table without extra time; ``extra``: table number ->
    its extra minutes (extended tables only); ``tables``: table number -> its clock (every
    table); ``last``: the round's end, the clock of its last table to finish."""

    common: Clock
    extra: dict[int, int] = field(default_factory=dict)
    tables: dict[int, Clock] = field(default_factory=dict)
    last: Clock | None = None

    @property
    def ends(self) -> Clock:
        return self.last or self.common

    @property
    def last_tables(self) -> list[int]:
        """The tables that finish last, when they finish after the others."""
        ends = self.ends.ends_at
        if ends is None or ends == self.common.ends_at:
            return []
        return sorted(n for n, c in self.tables.items() if c.ends_at == ends)


def extra_minutes(round_: Round) -> dict[int, int]:
    """Table number -> its extra minutes, the extended tables of ``round_`` only (one query)."""
    return dict(
        TableExtension.objects.filter(round=round_)
        .order_by()
        .values("table__number")
        .annotate(total=Sum("minutes"))
        .values_list("table__number", "total")
    )


def table_extra_minutes(table: Table) -> int:
    """The extra minutes of one table (one query)."""
    total = TableExtension.objects.filter(table=table).aggregate(total=Sum("minutes"))["total"]
    return total or 0


def table_clock(table: Table, now: datetime) -> Clock:
    """One table's clock (``table.round`` is read)."""
    return clock_of(table.round, now, table_extra_minutes(table))


def round_times(round_: Round, now: datetime) -> RoundTimes:
    """Every table's clock and the round's end (two queries: the extensions, the tables)."""
    extra = extra_minutes(round_)
    common = clock_of(round_, now)
    tables = {
        number: clock_of(round_, now, extra[number]) if number in extra else common
        for number in round_.tables.order_by("number").values_list("number", flat=True)
    }
    last = max(
        (c for c in tables.values() if c.ends_at is not None),
        key=lambda c: c.ends_at,
        default=None,
    )
    return RoundTimes(common=common, extra=extra, tables=tables, last=last)


def extensions_of(round_: Round) -> list[TableExtension]:
    """The round's extensions in the order they were given, with their tables and authors."""
    return list(
        TableExtension.objects.filter(round=round_).select_related("table", "by").order_by("pk")
    )


def hh_mm(moment: datetime | None) -> str:
    """A time of the round's clock as the hall reads it, in the active (the event's) zone."""
    return time_format(timezone.localtime(moment), "H:i") if moment else ""


def round_ends_text(ends: Clock, last: list[int]) -> str:
    """ "Round ends at 15:07 (table 2)": the round's end, naming the tables it waits for."""
    if ends.ends_at is None:
        return ""
    end = hh_mm(ends.ends_at)
    if not last:
        return _("Round ends at %(end)s") % {"end": end}
    return ngettext(
        "Round ends at %(end)s (table %(tables)s)",
        "Round ends at %(end)s (tables %(tables)s)",
        len(last),
    ) % {"end": end, "tables": ", ".join(map(str, last))}


def extra_line(table: int, minutes: int, ends: datetime) -> str:
    """An extended table: "Table 2: +7 min, ends 15:07"."""
    return _("Table %(table)d: +%(minutes)d min, ends %(end)s") % {
        "table": table,
        "minutes": minutes,
        "end": hh_mm(ends),
    }
