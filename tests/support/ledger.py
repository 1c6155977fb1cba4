"""Ledger rows written directly with the ORM (foul reports and ledger entries are insert-only),
with the event revision bumped in the same transaction, as the penalty services do. Used by the
scoring tests and the integration tests; independent of ``penalties.services``."""

from __future__ import annotations

import uuid

from django.db import transaction

from penalties.models import FoulReport, LedgerEntry, Void
from tournament import writes
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table


class Ledger:
    def __init__(self, user):
        self.user = user

    def _report(self, table: Table, offender, code: str) -> FoulReport:
        event = table.round.event
        return FoulReport.objects.create(
            event=event,
            round=table.round,
            table=table,
            offender=offender,
            code=code,
            ruleset_key=event.ruleset,
            ruleset_version="test",
            referee=self.user,
            idempotency_key=f"k{uuid.uuid4().hex}",
        )

    def _entry(self, report, player, kind, points, scope, counterpart=None, **extra):
        return LedgerEntry(
            event=report.event,
            round=report.round,
            table=report.table,
            player=player,
            kind=kind,
            points=points,
            scope=scope,
            counterpart=counterpart,
            report=report,
            ruleset_key=report.ruleset_key,
            ruleset_version="test",
            created_by=self.user,
            **extra,
        )

    def transfers(self, table, offender, pays: dict, code="false_win") -> FoulReport:
        """``offender`` pays ``pays[player]`` to each player (table scope)."""
        with transaction.atomic():
            report = self._report(table, offender, code)
            LedgerEntry.objects.bulk_create(
                [
                    self._entry(report, offender, "transfer", points, "table", to)
                    for to, points in pays.items()
                ]
            )
            writes.bump_revision(Event.objects.get(pk=report.event_id))
        return report

    def deduct(self, table, player, points: int, scope: str, code="referee_decision"):
        """``points`` is the signed effect on the player (negative for a penalty)."""
        with transaction.atomic():
            report = self._report(table, player, code)
            self._entry(report, player, "deduct", points, scope).save()
            self._entry(report, player, "warning", 0, "none").save()
            writes.bump_revision(Event.objects.get(pk=report.event_id))
        return report

    def void(self, report: FoulReport, reason: str = "appeal upheld") -> Void:
        with transaction.atomic():
            void = Void.objects.create(report=report, reason=reason, voided_by=self.user)
            LedgerEntry.objects.bulk_create(
                [
                    self._entry(
                        report,
                        e.player,
                        e.kind,
                        -e.points,
                        e.scope,
                        e.counterpart,
                        void=void,
                        reverses=e,
                    )
                    for e in report.entries.filter(void__isnull=True)
                    if e.kind in ("transfer", "deduct")
                ]
            )
            writes.bump_revision(Event.objects.get(pk=report.event_id))
        return void


def seated_table(make_event, ruleset: str = "mcr", *, slug=None, players=4, rounds=1):
    """(event, table 1 of round 1, its players in wind order E S W N)."""
    event = make_event(
        slug or f"{ruleset.replace('_', '-')}-cup",
        players=players,
        ruleset=ruleset,
        rounds=rounds,
        seated=True,
    )
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    # Results are entered while a round is live (docs/rules/standings.md#table-result and issue 16).
    round_services.update_round(table.round, status=Round.Status.LIVE)
    table.round.refresh_from_db()
    return event, table, [s.player for s in table.seats.select_related("player")]
