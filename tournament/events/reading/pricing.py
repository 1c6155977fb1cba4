"""What the recorded fouls of an event cost under a ruleset, compared with what the ledger holds.

A foul report keeps what the referee saw (code, offender, details) and the ruleset key and
version it was priced under; its ledger entries hold the amounts. Pricing a report again is a
pure function of the report, its table's seats, the ruleset and the event's option overrides,
so the ledger can be checked against it (``verify``), and a change of ruleset or options can be
refused when it would price a recorded foul differently (``save_event``).

Only reports that still stand are priced: a voided report's entries are cancelled by their
reversals, which ``verify`` checks separately.

This module reads penalties' rows through the event's reverse relations (``foul_reports``,
``entries``), so that tournament imports nothing from the apps above it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import Report, RuleError, Seats, get_ruleset, ledger_lines
from tournament.events.models import Event
from tournament.rounds.models import Seat

# The director's reason for a re-pricing; the void and the replacement report quote it after
# words of their own, within the 2000 characters a report's reason may have.
MAX_REPRICING_REASON = 1000

# (kind, player, counterpart, points, scope): what a ledger line moves, without its detail.
LineKey = tuple[str, int, int | None, int, str]


@dataclass(frozen=True)
class Repriced:
    """One standing report priced again: ``lines`` is ``None`` when it cannot be priced under
    the ruleset (``problem`` says why)."""

    report: Any
    stored: list[LineKey]
    lines: list[LineKey] | None
    problem: str = ""

    @property
    def differs(self) -> bool:
        return self.lines is None or self.lines != self.stored

    @property
    def before(self) -> str:
        """The points of the report's ledger lines, for people."""
        return _amounts(self.stored)

    @property
    def after(self) -> str:
        return "" if self.lines is None else _amounts(self.lines)


def _amounts(lines: list[LineKey]) -> str:
    return " + ".join(str(line[3]) for line in lines) or "0"


def _key(kind: str, player: int, counterpart: int | None, points: int, scope: str) -> LineKey:
    other = None if counterpart is None else int(counterpart)
    return (str(kind), int(player), other, int(points), str(scope))


def standing_reports(event: Event) -> list[Any]:
    """The event's reports that are not voided, with their entries and co-offenders."""
    return list(
        event.foul_reports.filter(void__isnull=True)
        .select_related("round", "table", "offender")
        .prefetch_related("entries")
        .order_by("pk")
    )


def _seats_by_table(event: Event, table_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    for table_id, wind, player_id in Seat.objects.filter(
        round__event=event, table_id__in=set(table_ids)
    ).values_list("table_id", "wind", "player_id"):
        seats[table_id][wind] = player_id
    return seats


def reprice(
    event: Event,
    ruleset_key: str,
    overrides: Mapping[str, Any] | None,
    reports: list[Any] | None = None,
    seats: Mapping[int, Mapping[str, int]] | None = None,
) -> list[Repriced]:
    """Every standing report of ``event`` priced under ``ruleset_key`` with the option
    ``overrides``, beside what its ledger entries hold; at its table's seats, or at those
    ``seats`` gives per table id (a seat correction's preview)."""
    if reports is None:
        reports = standing_reports(event)
    if seats is None:
        seats = _seats_by_table(event, (r.table_id for r in reports))
    try:
        ruleset = get_ruleset(ruleset_key)
        options = ruleset.options(overrides or {})
    except RuleError as error:
        return [Repriced(r, [], None, error.message) for r in reports]
    out = []
    for report in reports:
        stored = sorted(
            _key(e.kind, e.player_id, e.counterpart_id, e.points, e.scope)
            for e in report.entries.all()
            if e.reverses_id is None
        )
        if report.code not in ruleset.codes:
            out.append(Repriced(report, stored, None, f"{ruleset.key} has no foul {report.code}"))
            continue
        try:
            table_seats = Seats.from_mapping(seats.get(report.table_id, {}))
            consequences = ruleset.consequences(
                Report(report.code, report.offender_id, table_seats, dict(report.details or {})),
                options,
            )
        except RuleError as error:
            out.append(Repriced(report, stored, None, f"{error.field}: {error.message}"))
            continue
        lines = sorted(
            _key(line.kind, line.player, line.counterpart, line.points, line.scope)
            for line in ledger_lines(consequences)
        )
        out.append(Repriced(report, stored, lines))
    return out


def repricing_preview(
    event: Event, ruleset_key: str, overrides: Mapping[str, Any] | None
) -> list[Repriced]:
    """The standing reports that re-pricing ``event`` to ``ruleset_key`` with ``overrides``
    would void and record again (``penalties.repricing.services``): those priced differently, and
    those priced under another version of the rules."""
    try:
        version = get_ruleset(ruleset_key).version
    except RuleError:
        return []
    return [
        item
        for item in reprice(event, ruleset_key, overrides)
        if item.differs or item.report.ruleset_version != version
    ]
