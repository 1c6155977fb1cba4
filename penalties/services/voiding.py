"""Voiding a report: reversing entries, never an update or a delete."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.models import FoulReport, LedgerEntry, Void
from penalties.services.checks import MAX_VOID_REASON, Conflict, denied, invalid
from rules import (
    REVERSIBLE_KINDS,
)
from tournament.access.roles import is_director, referee_assignment
from tournament.events.models import Event
from tournament.staff.models import RefereeAssignment
from tournament.writes import bump_revision


def check_voider(event: Event, user: AbstractBaseUser) -> None:
    """Only the director and the event's head referee may void; others get 403."""
    if is_director(user, event):
        return
    assignment = referee_assignment(user, event)
    if assignment is None or assignment.role != RefereeAssignment.Role.HEAD:
        raise denied(_("Only the head referee or the director may void a report."))


def void_report(
    report: FoulReport, user: AbstractBaseUser, reason: str, *, user_agent: str = ""
) -> Void:
    """Reverse every reversible entry of ``report`` (appeal upheld, referee error)."""
    event = report.event
    check_voider(event, user)
    reason = (reason or "").strip()
    if not reason:
        raise invalid("reason", _("Say why the report is voided."))
    if "\x00" in reason or len(reason) > MAX_VOID_REASON:
        raise invalid(
            "reason",
            ngettext(
                "A reason has at most %(max)d character and no NUL character.",
                "A reason has at most %(max)d characters and no NUL character.",
                MAX_VOID_REASON,
            )
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
