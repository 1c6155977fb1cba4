"""A full event archive (JSON) that ``import_event`` (``scoring.exports.services``) restores
exactly.

The archive holds every row of the event with its primary key; users are referenced by
username. The standings snapshot is left out: it is derived data, and the importing side
recomputes it.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models

from penalties.models import FoulReport, LedgerEntry, Replacement, Void
from scoring.reseat.models import SeatCorrection
from scoring.results.models import SeatScore, TableResult
from scoring.sheets.models import HandConfirmation, ScoreSheet, SheetHand
from tournament.events.models import Announcement, Event
from tournament.formats.models import CutDecision, Stage
from tournament.players.models import Player, Team
from tournament.rounds.models import Round, RoundStatusChange, Seat, Table
from tournament.staff.models import RefereeAssignment

ARCHIVE_FORMAT = "mahjong-tournament-event"
# Version 2 adds the event's ``announcements_revision``; a version 1 archive imports with 0.
# Version 3 adds the score sheets, their hands and confirmations, and teams, stages and cut
# decisions (and the event's ``team_best``); older archives import without them.
# Version 4 adds the rounds' status changes (who moved a round back, when, why).
# Version 5 adds a report's public ``explanation`` (``note`` is private since) and the
# re-pricing ``replacements``; older archives import with empty explanations, and their
# re-pricings linked from the replacements' idempotency keys, as migration penalties 0004 did.
# Version 6 adds the seat corrections after play (``scoring.reseat``).
ARCHIVE_VERSION = 6
SUPPORTED_VERSIONS = (1, 2, 3, 4, 5, 6)

User = get_user_model()

# (archive key, model), in insertion order: every row refers only to rows of earlier sections
# (or, for ledger entries, to earlier entries of its own section).
SECTIONS: tuple[tuple[str, type[models.Model]], ...] = (
    ("teams", Team),
    ("players", Player),
    ("stages", Stage),
    ("cut_decisions", CutDecision),
    ("rounds", Round),
    ("round_status_changes", RoundStatusChange),
    ("tables", Table),
    ("seats", Seat),
    ("referee_assignments", RefereeAssignment),
    ("announcements", Announcement),
    ("score_sheets", ScoreSheet),
    ("results", TableResult),
    ("seat_scores", SeatScore),
    ("foul_reports", FoulReport),
    ("voids", Void),
    ("replacements", Replacement),
    ("ledger_entries", LedgerEntry),
    ("sheet_hands", SheetHand),
    ("hand_confirmations", HandConfirmation),
    ("seat_corrections", SeatCorrection),
)
CO_OFFENDERS = FoulReport.co_offenders.through
# Fields that are not the event's own: a player's person spans events (``tournament.persons``);
# an archive leaves it out, and an import ignores it.
LEFT_OUT = {Player: frozenset({"person"})}


def _querysets(event: Event) -> dict[str, models.QuerySet]:
    return {
        "teams": Team.objects.filter(event=event),
        "players": Player.objects.filter(event=event),
        "stages": Stage.objects.filter(event=event),
        "cut_decisions": CutDecision.objects.filter(stage__event=event),
        "rounds": Round.objects.filter(event=event),
        "round_status_changes": RoundStatusChange.objects.filter(round__event=event),
        "tables": Table.objects.filter(round__event=event),
        "seats": Seat.objects.filter(round__event=event),
        "referee_assignments": RefereeAssignment.objects.filter(event=event),
        "announcements": Announcement.objects.filter(event=event),
        "results": TableResult.objects.filter(event=event),
        "seat_scores": SeatScore.objects.filter(result__event=event),
        "foul_reports": FoulReport.objects.filter(event=event),
        "voids": Void.objects.filter(report__event=event),
        "replacements": Replacement.objects.filter(replaced__event=event),
        "ledger_entries": LedgerEntry.objects.filter(event=event),
        "score_sheets": ScoreSheet.objects.filter(event=event),
        "sheet_hands": SheetHand.objects.filter(sheet__event=event),
        "hand_confirmations": HandConfirmation.objects.filter(hand__sheet__event=event),
        "seat_corrections": SeatCorrection.objects.filter(event=event),
    }


def is_user_field(field: models.Field) -> bool:
    return bool(field.is_relation and field.related_model is User)


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _dump_rows(
    queryset: models.QuerySet, usernames: dict[int, str], used: set[str]
) -> list[dict[str, Any]]:
    left_out = LEFT_OUT.get(queryset.model, frozenset())
    fields = [f for f in queryset.model._meta.concrete_fields if f.name not in left_out]
    out = []
    for values in queryset.order_by("pk").values(*[f.attname for f in fields]):
        row = {}
        for field in fields:
            value = values[field.attname]
            if is_user_field(field) and value is not None:
                value = usernames[value]
                used.add(value)
            row[field.name] = _jsonable(value)
        out.append(row)
    return out


def event_archive(event: Event) -> dict[str, Any]:
    """Every row of the event, keyed by section, with primary keys; users by username."""
    usernames = dict(User.objects.values_list("pk", User.USERNAME_FIELD))
    used: set[str] = set()
    data: dict[str, Any] = {
        "format": ARCHIVE_FORMAT,
        "version": ARCHIVE_VERSION,
        "event": _dump_rows(Event.objects.filter(pk=event.pk), usernames, used)[0],
    }
    querysets = _querysets(event)
    for key, _model in SECTIONS:
        data[key] = _dump_rows(querysets[key], usernames, used)
    co_offenders: dict[int, list[int]] = {}
    for report_id, player_id in (
        CO_OFFENDERS.objects.filter(foulreport__event=event)
        .order_by("foulreport_id", "player_id")
        .values_list("foulreport_id", "player_id")
    ):
        co_offenders.setdefault(report_id, []).append(player_id)
    for report in data["foul_reports"]:
        report["co_offenders"] = co_offenders.get(report["id"], [])
    data["users"] = sorted(used)
    return data


def archive_text(data: dict[str, Any]) -> str:
    """An archive as text: keys sorted, so the same event always gives the same text."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def archive_json(event: Event) -> str:
    """The event's archive as text."""
    return archive_text(event_archive(event))
