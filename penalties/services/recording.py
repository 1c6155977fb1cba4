"""Recording a foul: the report and its ledger entries in one transaction, a replayed
idempotency key answered with the stored report."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.handcheck import services as handcheck
from penalties.models import FoulReport, LedgerEntry
from penalties.services.checks import (
    MAX_KEY_LENGTH,
    MAX_VOID_REASON,
    CheckedFoul,
    Conflict,
    FoulInput,
    check_foul,
    check_recorder,
    invalid,
)
from tournament.events.models import Event
from tournament.notify import services as notify
from tournament.staff.models import RefereeAssignment
from tournament.writes import bump_revision


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


def checked_key(key: str | None) -> str:
    """The idempotency key, stripped: required, at most ``MAX_KEY_LENGTH`` long."""
    key = (key or "").strip()
    if not key:
        raise invalid("idempotency_key", _("Each report needs an idempotency key."))
    if len(key) > MAX_KEY_LENGTH:
        raise invalid(
            "idempotency_key",
            ngettext(
                "An idempotency key has at most %(n)d character.",
                "An idempotency key has at most %(n)d characters.",
                MAX_KEY_LENGTH,
            )
            % {"n": MAX_KEY_LENGTH},
        )
    return key


def check_texts(data: FoulInput) -> None:
    """The note, the explanation and the reason: no NUL, at most ``MAX_VOID_REASON`` long."""
    for name in ("note", "explanation", "reason"):
        text = getattr(data, name) or ""
        if "\x00" in text or len(text) > MAX_VOID_REASON:
            raise invalid(
                name,
                ngettext(
                    "A reason has at most %(max)d character and no NUL character.",
                    "A reason has at most %(max)d characters and no NUL character.",
                    MAX_VOID_REASON,
                )
                % {"max": MAX_VOID_REASON},
            )


def ledger_entries(
    event: Event, user: AbstractBaseUser, checked: CheckedFoul, report: FoulReport
) -> list[LedgerEntry]:
    """The checked foul's ledger lines as the (unsaved) entries of ``report``."""
    return [
        LedgerEntry(
            event=event,
            round=checked.round,
            table=checked.table,
            player=checked.seated[line.player],
            kind=line.kind,
            points=line.points,
            scope=line.scope,
            counterpart=None if line.counterpart is None else checked.seated[line.counterpart],
            detail=line.detail,
            report=report,
            ruleset_key=checked.ruleset_key,
            ruleset_version=checked.ruleset_version,
            created_by=user,
        )
        for line in checked.lines
    ]


def record_foul(
    event: Event, user: AbstractBaseUser, data: FoulInput, *, user_agent: str = ""
) -> tuple[FoulReport, bool]:
    """Store a foul report and its ledger entries. Returns ``(report, created)``; a replay of
    a stored idempotency key returns the first report with ``created=False``."""
    data.idempotency_key = key = checked_key(data.idempotency_key)
    check_texts(data)
    assignment = check_recorder(event, user)
    existing = _replayed(event, user, assignment, data)
    if existing is not None:
        return existing, False
    checked = check_foul(event, user, data)
    tiles = None
    if data.hand_check is not None:
        data.hand_check = handcheck.normalize(data.hand_check)
        tiles = handcheck.evaluate(event, data.hand_check)
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
                explanation=(data.explanation or "").strip(),
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
            entries = LedgerEntry.objects.bulk_create(ledger_entries(event, user, checked, report))
            if tiles is not None:
                handcheck.keep(report, data.hand_check, tiles)
            bump_revision(event)
    except IntegrityError:
        # A concurrent request with the same key won the race: answer as a replay.
        existing = _replayed(event, user, assignment, data)
        if existing is None:
            raise
        return existing, False
    transaction.on_commit(lambda: _tell_players(report, entries, checked), robust=True)
    return report, True


def _tell_players(report: FoulReport, entries: list[LedgerEntry], checked) -> None:
    """The penalty's message to the offender (and co-offenders), once the report is stored:
    plain params (the rulebook's lines and the seats) rendered in each reader's language."""
    params = {
        "slug": report.event.slug,
        "event": report.event.name,
        "round": checked.round.number,
        "table": checked.table.number,
        "code": report.code,
        "seats": dict(checked.table.seats.values_list("wind", "player_id")),
        "lines": [
            [e.player_id, e.kind, e.points, e.scope, e.counterpart_id, e.detail] for e in entries
        ],
        "explanation": report.explanation,
    }
    offenders = [report.offender_id, *(p.pk for p in checked.co_offenders)]
    notify.enqueue_players(
        report.event, "penalty", f"foul{report.pk}", {pid: params for pid in offenders}
    )
