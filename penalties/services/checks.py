"""Checks before a foul is stored: who may record, where, and the foul itself against
the ruleset (``check_foul``); the errors the services raise."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import (
    Report,
    RuleError,
    Seats,
    describe,
    get_ruleset,
    ledger_lines,
)
from rules.ledger import LedgerLine
from rules.standings import RIICHI
from tournament import errors
from tournament.access.roles import is_director, referee_assignment
from tournament.events.models import Event
from tournament.numbers import shown
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table
from tournament.staff.models import RefereeAssignment

MAX_KEY_LENGTH = 64
MAX_VOID_REASON = 2000


class Conflict(errors.Conflict):
    """The request is well-formed but the current state forbids it (HTTP 409)."""

    def __init__(self, field: str, message: str):
        super().__init__(message, field)


def invalid(field_name: str, message: str) -> ValidationError:
    return ValidationError({field_name: [message]})


def denied(message: str) -> PermissionDenied:
    return PermissionDenied(message)


@dataclass
class FoulInput:
    """What a referee submits (form or API), before validation."""

    round: int
    table: int
    offender: int
    code: str
    details: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""  # private: the staff only
    explanation: str = ""  # public: the penalties page, the player's page
    reason: str = ""
    idempotency_key: str = ""
    # The referee's check of the hand from its tiles (``penalties.handcheck``), kept with the
    # report as evidence: ``{"notation", "win", "situation"}``.
    hand_check: Mapping[str, Any] | None = None


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


def check_recorder(event: Event, user: AbstractBaseUser) -> RefereeAssignment | None:
    """Directors and the event's head and floor referees may record; others get 403."""
    if is_director(user, event):
        return None
    assignment = referee_assignment(user, event)
    if assignment is None or assignment.role == RefereeAssignment.Role.SCOREKEEPER:
        raise denied(_("You are not a referee of this event."))
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
        raise invalid("round", _("This event has no round %(n)s.") % {"n": data.round}) from None
    try:
        return round_, Table.objects.get(round=round_, number=data.table), []
    except (Table.DoesNotExist, ValueError, TypeError):
        raise invalid(
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
        raise denied(_("You are not assigned to table %(t)s.") % {"t": table.number})
    if round_.status == Round.Status.CLOSED:
        if not is_director(user, event):
            raise denied(
                _("Round %(r)s is closed: only the director may still record a foul.")
                % {"r": round_.number}
            )
        if not reason.strip():
            raise invalid(
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
            raise invalid(
                "reason",
                _("Round %(r)s is not live: give the reason for recording a foul in it.")
                % {"r": round_.number},
            )


def _seated(table: Table, seats: list[Seat]) -> tuple[Seats, dict[int, Player]]:
    by_wind = {s.wind: s.player_id for s in seats}
    try:
        return Seats.from_mapping(by_wind), {s.player_id: s.player for s in seats}
    except RuleError:
        raise invalid(
            "table", _("Table %(t)s is not fully seated.") % {"t": table.number}
        ) from None


def _rule_error(error: RuleError) -> ValidationError:
    return invalid(error.field, error.translated(_, ngettext))


def check_foul(event: Event, user: AbstractBaseUser, data: FoulInput) -> CheckedFoul:
    """Every check ``record_foul`` makes, and the consequences, without writing anything."""
    assignment = check_recorder(event, user)
    round_, table, seat_rows = _locate(event, data)
    _check_round_and_table(event, user, assignment, round_, table, data.reason or "")
    seats, players = _seated(table, seat_rows)
    try:
        offender = int(data.offender)
    except (TypeError, ValueError):
        raise invalid("offender", _("Choose the offender by seat.")) from None
    if offender not in players:
        raise invalid(
            "offender",
            _("The offender does not sit at table %(t)s in round %(r)s.")
            % {"t": table.number, "r": round_.number},
        )
    ruleset = get_ruleset(event.ruleset)
    if data.code not in ruleset.codes:
        raise invalid(
            "code",
            _("Unknown foul %(code)s for the %(rules)s rules.")
            % {"code": data.code, "rules": ruleset.name},
        )
    if data.details is not None and not isinstance(data.details, Mapping):
        raise invalid("details", _("Details are an object of named values."))
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
    raise invalid(
        "details.amount",
        _(
            "Riichi amounts are raw points (20 000 = 20.0 points): %(amount)d would be "
            "%(points)s in the standings. Did you mean %(proposed)s (= %(amount)d.0 points)?"
        )
        % {
            "amount": amount,
            "points": shown(f"{amount / 1000:.3f}".rstrip("0")),
            "proposed": shown(amount * 1000, group=True),
        },
    )
