"""A full event archive (JSON) that ``import_event`` restores exactly.

The archive holds every row of the event with its primary key; users are referenced by
username. The standings snapshot is left out: it is derived data, and the importing side
recomputes it. ``import_event`` inserts the rows with their primary keys (raw saves, so that
``auto_now_add`` timestamps keep their recorded values and the append-only models see inserts
only), then moves the sequences past them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import DatabaseError, connections, models, transaction
from django.utils.translation import gettext as _

from penalties.models import FoulReport, LedgerEntry, Replacement, Void
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
ARCHIVE_VERSION = 5
SUPPORTED_VERSIONS = (1, 2, 3, 4, 5)
REPRICED_KEY = re.compile(r"^reprice-(\d+)-(\d+)$")

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
    }


def _is_user_field(field: models.Field) -> bool:
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
            if _is_user_field(field) and value is not None:
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


def archive_json(event: Event) -> str:
    """The archive as text: keys sorted, so the same event always gives the same text."""
    return json.dumps(event_archive(event), sort_keys=True, indent=1, ensure_ascii=False) + "\n"


class ArchiveError(ValueError):
    """The archive cannot be imported; the message says why."""


def _check_header(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != ARCHIVE_FORMAT:
        raise ArchiveError(_("This file is not an event archive of this system."))
    version = data.get("version")
    if version not in SUPPORTED_VERSIONS:
        raise ArchiveError(
            _("Unknown archive format version %(version)s; this system reads version %(known)s.")
            % {"version": version, "known": ", ".join(str(v) for v in SUPPORTED_VERSIONS)}
        )


def _rows_of(data: dict, key: str) -> list[dict[str, Any]]:
    rows = data.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ArchiveError(
            _("The archive's %(section)s are not a list of rows.") % {"section": key}
        )
    return rows


def _build(
    model: type[models.Model],
    row: dict[str, Any],
    user_ids: dict[str, int],
    known_ids: dict[type[models.Model], set],
    section: str,
    extra: Sequence[str] = (),
) -> models.Model:
    """An unsaved instance from an archive row, after checking that the row only refers to
    rows of the archive (and to users)."""
    fields = {f.name: f for f in model._meta.concrete_fields}
    unknown = set(row) - set(fields) - set(extra)
    if unknown:
        raise ArchiveError(
            _("Unknown fields in the archive's %(section)s: %(fields)s.")
            % {"section": section, "fields": ", ".join(sorted(unknown))}
        )
    values = {}
    for name, field in fields.items():
        if name not in row or name in LEFT_OUT.get(model, ()):
            continue
        value = row[name]
        if _is_user_field(field):
            value = None if value is None else user_ids[value]
        elif value is not None:
            try:
                value = field.to_python(value)
            except Exception as error:
                raise ArchiveError(
                    _("Bad value %(value)s for %(field)s in the archive's %(section)s.")
                    % {"value": repr(value), "field": name, "section": section}
                ) from error
            target = field.related_model if field.is_relation else None
            if target is not None and target in known_ids and value not in known_ids[target]:
                raise ArchiveError(
                    _(
                        "A row of the archive's %(section)s refers to %(field)s %(value)s, which "
                        "is not in the archive."
                    )
                    % {"section": section, "field": name, "value": value}
                )
        values[field.attname] = value
    if values.get("id") is None:
        raise ArchiveError(
            _("A row of the archive's %(section)s has no id.") % {"section": section}
        )
    return model(**values)


def _insert(instances: Sequence[models.Model], using: str) -> None:
    """Insert with the given primary keys and timestamps: a raw save skips ``auto_now_add``
    and the append-only ``save`` guard (this is an insert, which that guard allows)."""
    for instance in instances:
        instance.save_base(raw=True, force_insert=True, using=using)


def import_event(data: dict[str, Any], *, using: str = "default") -> Event:
    """Restore an archive of ``event_archive`` into a database where that event does not exist.

    Rows keep their primary keys, so exporting the imported event gives the same archive.
    Missing users are created by username with unusable passwords. Everything happens in one
    transaction; ``ArchiveError`` (a ``ValueError``) says why an archive is refused."""
    _check_header(data)
    event_row = data.get("event")
    if not isinstance(event_row, dict):
        raise ArchiveError(_("The archive has no event."))
    slug = event_row.get("slug")
    if Event.objects.using(using).filter(slug=slug).exists():
        raise ArchiveError(
            _("An event with the short name %(slug)s already exists; it is not overwritten.")
            % {"slug": slug}
        )
    sections = {key: _rows_of(data, key) for key, _model in SECTIONS}
    earlier = data.get("version") in (1, 2, 3, 4)
    usernames = data.get("users", [])
    if not isinstance(usernames, list) or not all(isinstance(u, str) and u for u in usernames):
        raise ArchiveError(_("The archive's users are not a list of usernames."))

    try:
        with transaction.atomic(using=using):
            user_ids = _users(usernames, using)
            event, built, known_ids = _build_all(event_row, sections, user_ids)
            _check_ids_free([(Event, [event])] + [(m, b) for _k, m, b in built], using)
            co_offenders = [
                CO_OFFENDERS(foulreport_id=r["id"], player_id=p)
                for r in sections["foul_reports"]
                for p in _id_list(r.get("co_offenders", []), known_ids[Player])
            ]
            _insert([event], using)
            _insert_sections(built, using)
            CO_OFFENDERS.objects.using(using).bulk_create(co_offenders)
            _reset_sequences(using)
            if earlier:
                Replacement.objects.using(using).bulk_create(_earlier_replacements(sections))
            event_id = event.pk
            transaction.on_commit(lambda: _reconcile(event_id), using=using)
    except DatabaseError as error:
        # Also what the database checks only at commit (deferred foreign keys).
        raise ArchiveError(
            _("The database refused the archive: %(error)s") % {"error": error}
        ) from error
    return event


Built = list[tuple[str, type[models.Model], list[models.Model]]]


def _build_all(
    event_row: dict, sections: dict[str, list[dict]], user_ids: dict[str, int]
) -> tuple[Event, Built, dict[type[models.Model], set]]:
    """Unsaved instances of every section, checked to refer only to rows of the archive."""
    known_ids: dict[type[models.Model], set] = {}
    built: Built = []
    try:
        event = _build(Event, event_row, user_ids, known_ids, "event")
        known_ids[Event] = {event.pk}
        for key, model in SECTIONS:
            rows = sections[key]
            extra = ("co_offenders",) if model is FoulReport else ()
            if model is LedgerEntry:
                # Reversals refer to other entries of the same section.
                known_ids[model] = {row.get("id") for row in rows}
            instances = [_build(model, r, user_ids, known_ids, key, extra) for r in rows]
            known_ids[model] = {i.pk for i in instances}
            built.append((key, model, instances))
    except KeyError as error:
        raise ArchiveError(
            _("The archive refers to user %(user)s but does not list it.") % {"user": error.args[0]}
        ) from None
    for key, model, instances in built:
        has_event = any(f.name == "event" for f in model._meta.concrete_fields)
        if has_event and any(i.event_id != event.pk for i in instances):
            raise ArchiveError(
                _("The archive's %(section)s belong to another event.") % {"section": key}
            )
    return event, built, known_ids


def _check_ids_free(groups: list[tuple[type[models.Model], list[models.Model]]], using: str):
    for model, instances in groups:
        ids = [i.pk for i in instances]
        for start in range(0, len(ids), 500):
            if model._base_manager.using(using).filter(pk__in=ids[start : start + 500]).exists():
                raise ArchiveError(
                    _(
                        "Some %(rows)s of the archive have ids already used in this database; "
                        "import into a database without them (e.g. a fresh one)."
                    )
                    % {"rows": model._meta.verbose_name_plural}
                )


def _insert_sections(built: Built, using: str) -> None:
    """Insert section by section. A database trigger refuses seats in a closed round: closed
    rounds go in live and are closed once the seats are in."""
    closed: list[Round] = []
    for _key, model, instances in built:
        if model is Round:
            closed = [r for r in instances if r.status == Round.Status.CLOSED]
            for round_ in closed:
                round_.status = Round.Status.LIVE
        _insert(instances, using)
        if model is Seat and closed:
            Round.objects.using(using).filter(pk__in=[r.pk for r in closed]).update(
                status=Round.Status.CLOSED
            )
            for round_ in closed:
                round_.status = Round.Status.CLOSED


def _users(usernames: list[str], using: str) -> dict[str, int]:
    field = User.USERNAME_FIELD
    found = dict(
        User._default_manager.db_manager(using)
        .filter(**{f"{field}__in": usernames})
        .values_list(field, "pk")
    )
    for username in usernames:
        if username not in found:
            user = User(**{field: username})
            user.set_unusable_password()
            user.save(using=using)
            found[username] = user.pk
    return found


def _id_list(value: Any, allowed: set) -> list[int]:
    if not isinstance(value, list) or not all(v in allowed for v in value):
        raise ArchiveError(_("A foul report's co-offenders must be players of the archive."))
    return value


def _earlier_replacements(sections: dict[str, list[dict]]) -> list[Replacement]:
    """An archive from before version 5 has no replacement links: a re-pricing's replacement
    is known by its idempotency key, ``reprice-<voided report>-<event>``. New rows, with new
    ids (after the sequences moved past the archive's)."""
    voided = {row.get("report") for row in sections["voids"]}
    links = []
    for row in sections["foul_reports"]:
        found = REPRICED_KEY.match(str(row.get("idempotency_key", "")))
        if found is None or int(found[2]) != row.get("event"):
            continue
        if int(found[1]) in voided and int(found[1]) != row.get("id"):
            links.append(Replacement(replaced_id=int(found[1]), replacement_id=row["id"]))
    return links


def _reset_sequences(using: str) -> None:
    """Move the primary key sequences past the imported ids (PostgreSQL; no-op on SQLite)."""
    ops = connections[using].ops
    statements = ops.sequence_reset_sql(
        no_style(), [Event, CO_OFFENDERS, *(model for _key, model in SECTIONS)]
    )
    if statements:
        with connections[using].cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)


def _reconcile(event_id: int) -> None:
    """The imported event's standings, computed in the import's own step whatever the broker:
    ``verify`` and the pages read them at once, with no worker to wait for."""
    from scoring.standings.reconcile import reconcile_event

    reconcile_event(event_id)
