"""Recording fouls and voiding them: the only code that writes the penalty ledger.

``record_foul`` validates a referee's report against the event, the table and the ruleset,
then stores the report and its ledger entries in one transaction and bumps the event revision.
A replay of the same idempotency key returns the stored report and writes nothing.
``void_report`` writes reversing entries; nothing is ever updated or deleted.

Failures raise ``ValidationError`` (400: the input is wrong), ``PermissionDenied`` (403: this
user may not) or ``Conflict`` (409: the state forbids it), each naming the field.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from rules import (
    REVERSIBLE_KINDS,
    Report,
    RuleError,
    Seats,
    describe,
    get_ruleset,
    ledger_lines,
)
from rules.ledger import LedgerLine
from rules.standings import RIICHI
from tournament.models import Event, Player, RefereeAssignment, Round, Seat, Table
from tournament.roles import is_director, referee_assignment
from tournament.services import bump_revision

from .models import FoulReport, LedgerEntry, Void

MAX_KEY_LENGTH = 64
MAX_VOID_REASON = 2000


class Conflict(Exception):
    """The request is well-formed but the current state forbids it (HTTP 409)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def _invalid(field_name: str, message: str) -> ValidationError:
    return ValidationError({field_name: [message]})


def _denied(message: str) -> PermissionDenied:
    return PermissionDenied(message)


@dataclass
class FoulInput:
    """What a referee submits (form or API), before validation."""

    round: int
    table: int
    offender: int
    code: str
    details: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""
    reason: str = ""
    idempotency_key: str = ""


@dataclass(frozen=True)
class CheckedFoul:
    """A report that passed every check: where, who, what, and what it costs."""

    round: Round
    table: Table
    offender: Player
    co_offenders: list[Player]
    seated: dict[int, Player]
    code: str
    details: dict
    lines: list[LedgerLine]
    description: str
    ruleset_key: str
    ruleset_version: str


# Checks -------------------------------------------------------------------------------------


def check_recorder(event: Event, user: AbstractBaseUser) -> RefereeAssignment | None:
    """Directors and the event's head and floor referees may record; others get 403."""
    if is_director(user, event):
        return None
    assignment = referee_assignment(user, event)
    if assignment is None or assignment.role == RefereeAssignment.Role.SCOREKEEPER:
        raise _denied(_("You are not a referee of this event."))
    return assignment


def _locate(event: Event, data: FoulInput) -> tuple[Round, Table, list[Seat]]:
    """The round and table named by number with the table's seats: one query, and a second
    only for a table without seats or to explain a miss."""
    try:
        seats = list(
            Seat.objects.filter(
                round__event=event, round__number=data.round, table__number=data.table
            ).select_related("player", "table", "round")
        )
    except (ValueError, TypeError):
        seats = []
    if seats:
        return seats[0].round, seats[0].table, seats
    try:
        round_ = Round.objects.get(event=event, number=data.round)
    except (Round.DoesNotExist, ValueError, TypeError):
        raise _invalid("round", _("This event has no round %(n)s.") % {"n": data.round}) from None
    try:
        return round_, Table.objects.get(round=round_, number=data.table), []
    except (Table.DoesNotExist, ValueError, TypeError):
        raise _invalid(
            "table", _("Round %(r)s has no table %(t)s.") % {"r": round_.number, "t": data.table}
        ) from None


def _check_round_and_table(
    event: Event,
    user: AbstractBaseUser,
    assignment: RefereeAssignment | None,
    round_: Round,
    table: Table,
    reason: str,
) -> None:
    if assignment is not None and not assignment.covers_table(table.number):
        raise _denied(_("You are not assigned to table %(t)s.") % {"t": table.number})
    if round_.status == Round.Status.CLOSED:
        if not is_director(user, event):
            raise _denied(
                _("Round %(r)s is closed: only the director may still record a foul.")
                % {"r": round_.number}
            )
        if not reason.strip():
            raise _invalid(
                "reason",
                _("Round %(r)s is closed: give the reason for this late record.")
                % {"r": round_.number},
            )
    elif round_.status != Round.Status.LIVE:
        # A round only planned or seated has no play yet (docs/rules-decisions.md): referees
        # are refused; the director may record, with a reason, as after a round closed.
        if not is_director(user, event):
            raise Conflict(
                "round",
                _("Round %(r)s is not live (it is %(s)s).")
                % {"r": round_.number, "s": round_.get_status_display()},
            )
        if not reason.strip():
            raise _invalid(
                "reason",
                _("Round %(r)s is not live: give the reason for recording a foul in it.")
                % {"r": round_.number},
            )


def _seated(table: Table, seats: list[Seat]) -> tuple[Seats, dict[int, Player]]:
    by_wind = {s.wind: s.player_id for s in seats}
    try:
        return Seats.from_mapping(by_wind), {s.player_id: s.player for s in seats}
    except RuleError:
        raise _invalid(
            "table", _("Table %(t)s is not fully seated.") % {"t": table.number}
        ) from None


def _rule_error(error: RuleError) -> ValidationError:
    return _invalid(error.field, error.translated(_))


def check_foul(event: Event, user: AbstractBaseUser, data: FoulInput) -> CheckedFoul:
    """Every check ``record_foul`` makes, and the consequences, without writing anything."""
    assignment = check_recorder(event, user)
    round_, table, seat_rows = _locate(event, data)
    _check_round_and_table(event, user, assignment, round_, table, data.reason or "")
    seats, players = _seated(table, seat_rows)
    try:
        offender = int(data.offender)
    except (TypeError, ValueError):
        raise _invalid("offender", _("Choose the offender by seat.")) from None
    if offender not in players:
        raise _invalid(
            "offender",
            _("The offender does not sit at table %(t)s in round %(r)s.")
            % {"t": table.number, "r": round_.number},
        )
    ruleset = get_ruleset(event.ruleset)
    if data.code not in ruleset.codes:
        raise _invalid(
            "code",
            _("Unknown foul %(code)s for the %(rules)s rules.")
            % {"code": data.code, "rules": ruleset.name},
        )
    if data.details is not None and not isinstance(data.details, Mapping):
        raise _invalid("details", _("Details are an object of named values."))
    _check_points_unit(ruleset, data.code, data.details or {})
    try:
        report = Report(data.code, offender, seats, dict(data.details or {}))
        options = ruleset.options(event.ruleset_options)
        consequences = ruleset.consequences(report, options)
    except RuleError as error:
        raise _rule_error(error) from None
    return CheckedFoul(
        round=round_,
        table=table,
        offender=players[offender],
        co_offenders=[players[p] for p in report.co_offenders],
        seated=players,
        code=data.code,
        details=dict(report.details),
        lines=ledger_lines(consequences),
        description=describe(consequences, seats),
        ruleset_key=ruleset.key,
        ruleset_version=ruleset.version,
    )


def _check_points_unit(ruleset, code: str, details: Mapping[str, Any]) -> None:
    """Riichi counts in raw points (a 20-point penalty is 20 000): a referee's point amount
    under 100 is a slip of the unit, refused with the amount it probably meant."""
    if code != "referee_decision" or ruleset.method != RIICHI:
        return
    amount = details.get("amount")
    if details.get("sanction") not in ("deduct", "transfer"):
        return
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount < 100:
        return
    raise _invalid(
        "details.amount",
        _(
            "Riichi amounts are raw points (20 000 = 20.0 points): %(amount)d would be "
            "%(points)s points. Did you mean %(proposed)s (= %(amount)d.0 points)?"
        )
        % {
            "amount": amount,
            "points": f"{amount / 1000:.3f}".rstrip("0"),
            "proposed": f"{amount * 1000:,}".replace(",", " "),
        },
    )


# Recording ----------------------------------------------------------------------------------


def _replayed(
    event: Event, user: AbstractBaseUser, assignment: RefereeAssignment | None, data: FoulInput
) -> FoulReport | None:
    """The report stored under this key, answered only to who may read it: its own referee,
    the head referee or the director, and a floor referee only at a table they cover. Anybody
    else who sends that key learns nothing from the answer (not even the report's number)."""
    existing = (
        FoulReport.objects.filter(event=event, idempotency_key=data.idempotency_key)
        .select_related("round", "table")
        .first()
    )
    if existing is None:
        return None
    own = existing.referee_id == user.pk
    strong = assignment is None or assignment.role == RefereeAssignment.Role.HEAD
    if not (own or strong) or (
        assignment is not None and not assignment.covers_table(existing.table.number)
    ):
        raise Conflict(
            "idempotency_key",
            _("This idempotency key was already used for another report. Use a new key."),
        )
    same = (
        existing.code == data.code
        and existing.offender_id == _as_int(data.offender)
        and existing.round.number == _as_int(data.round)
        and existing.table.number == _as_int(data.table)
    )
    if not same:
        raise Conflict(
            "idempotency_key",
            _("This idempotency key was already used for another report. Use a new key."),
        )
    return existing


def _as_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def record_foul(
    event: Event, user: AbstractBaseUser, data: FoulInput, *, user_agent: str = ""
) -> tuple[FoulReport, bool]:
    """Store a foul report and its ledger entries. Returns ``(report, created)``; a replay of
    a stored idempotency key returns the first report with ``created=False``."""
    key = (data.idempotency_key or "").strip()
    if not key:
        raise _invalid("idempotency_key", _("Each report needs an idempotency key."))
    if len(key) > MAX_KEY_LENGTH:
        raise _invalid(
            "idempotency_key",
            _("An idempotency key has at most %(n)d characters.") % {"n": MAX_KEY_LENGTH},
        )
    data.idempotency_key = key
    for name in ("note", "reason"):
        text = getattr(data, name) or ""
        if "\x00" in text or len(text) > MAX_VOID_REASON:
            raise _invalid(
                name,
                _("A reason has at most %(max)d characters and no NUL character.")
                % {"max": MAX_VOID_REASON},
            )
    assignment = check_recorder(event, user)
    existing = _replayed(event, user, assignment, data)
    if existing is not None:
        return existing, False
    checked = check_foul(event, user, data)
    try:
        with transaction.atomic():
            report = FoulReport.objects.create(
                event=event,
                round=checked.round,
                table=checked.table,
                offender=checked.offender,
                code=checked.code,
                details=checked.details,
                note=(data.note or "").strip(),
                reason=(data.reason or "").strip(),
                description=checked.description,
                ruleset_key=checked.ruleset_key,
                ruleset_version=checked.ruleset_version,
                referee=user,
                user_agent=user_agent[:300],
                idempotency_key=key,
            )
            if checked.co_offenders:
                report.co_offenders.add(*checked.co_offenders)
            entries = LedgerEntry.objects.bulk_create(
                [
                    LedgerEntry(
                        event=event,
                        round=checked.round,
                        table=checked.table,
                        player=checked.seated[line.player],
                        kind=line.kind,
                        points=line.points,
                        scope=line.scope,
                        counterpart=None
                        if line.counterpart is None
                        else checked.seated[line.counterpart],
                        detail=line.detail,
                        report=report,
                        ruleset_key=checked.ruleset_key,
                        ruleset_version=checked.ruleset_version,
                        created_by=user,
                    )
                    for line in checked.lines
                ]
            )
            bump_revision(event)
    except IntegrityError:
        # A concurrent request with the same key won the race: answer as a replay.
        existing = _replayed(event, user, assignment, data)
        if existing is None:
            raise
        return existing, False
    _know_relations(report, entries, checked.co_offenders)
    return report, True


def _know_relations(report: FoulReport, entries: list[LedgerEntry], co_offenders: list) -> None:
    """Remember on a report just written what its relations hold (its entries, co-offenders,
    no void, no reversal), the way ``prefetch_related`` does, so that answering with it costs
    no query: the referee's tablet waits for that answer."""
    report._prefetched_objects_cache = {}
    for name, rows in (("entries", entries), ("co_offenders", co_offenders)):
        known = getattr(report, name).all()
        known._result_cache, known._prefetch_done = list(rows), True
        report._prefetched_objects_cache[name] = known
    FoulReport._meta.get_field("void").set_cached_value(report, None)
    reversal = LedgerEntry._meta.get_field("reversed_by")
    for entry in entries:
        reversal.set_cached_value(entry, None)


# Voiding ------------------------------------------------------------------------------------


def check_voider(event: Event, user: AbstractBaseUser) -> None:
    """Only the director and the event's head referee may void; others get 403."""
    if is_director(user, event):
        return
    assignment = referee_assignment(user, event)
    if assignment is None or assignment.role != RefereeAssignment.Role.HEAD:
        raise _denied(_("Only the head referee or the director may void a report."))


def void_report(
    report: FoulReport, user: AbstractBaseUser, reason: str, *, user_agent: str = ""
) -> Void:
    """Reverse every reversible entry of ``report`` (appeal upheld, referee error)."""
    event = report.event
    check_voider(event, user)
    reason = (reason or "").strip()
    if not reason:
        raise _invalid("reason", _("Say why the report is voided."))
    if "\x00" in reason or len(reason) > MAX_VOID_REASON:
        raise _invalid(
            "reason",
            _("A reason has at most %(max)d characters and no NUL character.")
            % {"max": MAX_VOID_REASON},
        )
    if Void.objects.filter(report=report).exists():
        raise Conflict("report", _("Report #%(id)s is already voided.") % {"id": report.pk})
    try:
        with transaction.atomic():
            void = Void.objects.create(
                report=report, reason=reason, voided_by=user, user_agent=user_agent[:300]
            )
            originals = [
                e
                for e in report.entries.filter(reverses__isnull=True, void__isnull=True)
                if e.kind in REVERSIBLE_KINDS
            ]
            LedgerEntry.objects.bulk_create(
                [
                    LedgerEntry(
                        event_id=e.event_id,
                        round_id=e.round_id,
                        table_id=e.table_id,
                        player_id=e.player_id,
                        kind=e.kind,
                        points=-e.points,
                        scope=e.scope,
                        counterpart_id=e.counterpart_id,
                        detail=e.detail,
                        report=report,
                        void=void,
                        reverses=e,
                        ruleset_key=e.ruleset_key,
                        ruleset_version=e.ruleset_version,
                        created_by=user,
                    )
                    for e in originals
                ]
            )
            bump_revision(event)
    except IntegrityError:
        raise Conflict(
            "report", _("Report #%(id)s is already voided.") % {"id": report.pk}
        ) from None
    return void


# Disciplinary record ------------------------------------------------------------------------


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
