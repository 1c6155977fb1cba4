"""Restoring an event archive (``scoring.exports.reading.archive``) exactly.

An import creates no user at will: each username must be a user here, or be mapped to one
(``users``), or the operator asks for the missing ones to be made without a password
(``create_users``, the ``import_event --create-users`` command line); otherwise it is refused,
naming them. The standings snapshot is not in the archive: the import recomputes it.
``import_event`` inserts the rows with their primary keys (raw saves, so that ``auto_now_add``
timestamps keep their recorded values and the append-only models see inserts only), then moves
the sequences past them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import DatabaseError, connections, models, transaction
from django.utils.translation import gettext as _

from penalties.models import FoulReport, LedgerEntry, Replacement
from scoring.exports.reading.archive import (
    ARCHIVE_FORMAT,
    CO_OFFENDERS,
    LEFT_OUT,
    SECTIONS,
    SUPPORTED_VERSIONS,
    is_user_field,
)
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat
from tournament.staff.models import RefereeAssignment

REPRICED_KEY = re.compile(r"^reprice-(\d+)-(\d+)$")

User = get_user_model()


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
        if is_user_field(field):
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


def import_event(
    data: dict[str, Any],
    *,
    using: str = "default",
    users: Mapping[str, str] | None = None,
    create_users: bool = False,
) -> Event:
    """Restore an archive of ``event_archive`` into a database where that event does not exist.

    Rows keep their primary keys, so exporting the imported event gives the same archive.
    ``users`` maps an archive's username to an existing user's (several may go to one, who
    then holds each of their roles once); a username neither mapped nor found is refused,
    unless ``create_users`` makes it (unusable password). Everything happens
    in one transaction; ``ArchiveError`` (a ``ValueError``) says why an archive is refused."""
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
            user_ids = _users(usernames, using, users or {}, create_users)
            event, built, known_ids = _build_all(event_row, sections, user_ids)
            built = _merged_roles(built)
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


def _merged_roles(built: Built) -> Built:
    """When a mapping sends several of the archive's users to one user, their roles in the
    event become one each (a user holds a role once): the first assignment stays, covering
    the tables of all of them (every table if one of them did)."""
    out: Built = []
    for key, model, instances in built:
        if model is RefereeAssignment:
            kept: dict[tuple, RefereeAssignment] = {}
            for assignment in sorted(instances, key=lambda a: a.pk):
                same = (assignment.user_id, assignment.event_id, assignment.role)
                first = kept.setdefault(same, assignment)
                if first is not assignment and first.table_numbers:
                    tables = assignment.table_numbers
                    first.table_numbers = sorted({*first.table_numbers, *tables}) if tables else []
            instances = list(kept.values())
        out.append((key, model, instances))
    return out


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


def missing_users(usernames: list[str], using: str = "default") -> list[str]:
    """The archive's usernames that name no user here."""
    field = User.USERNAME_FIELD
    known = set(
        User._default_manager.db_manager(using)
        .filter(**{f"{field}__in": usernames})
        .values_list(field, flat=True)
    )
    return sorted(set(usernames) - known)


def _users(
    usernames: list[str], using: str, mapped: Mapping[str, str], create: bool
) -> dict[str, int]:
    """The user id of each archive username: the user it is mapped to, else the user of that
    name, else (``create`` only) a new one without a password."""
    field = User.USERNAME_FIELD
    wanted = {name: mapped.get(name, name) for name in usernames}
    found = dict(
        User._default_manager.db_manager(using)
        .filter(**{f"{field}__in": list(wanted.values())})
        .values_list(field, "pk")
    )
    bad_targets = sorted({mapped[n] for n in usernames if n in mapped and mapped[n] not in found})
    if bad_targets:
        raise ArchiveError(
            _("No user is called %(names)s here: map the archive's users to existing ones.")
            % {"names": ", ".join(bad_targets)}
        )
    missing = sorted(name for name, target in wanted.items() if target not in found)
    if missing and not create:
        raise ArchiveError(
            _(
                "The archive names users who have no account here: %(names)s. Create them "
                "first, or map each to an existing user (import_event --user NAME=EXISTING), "
                "or let the import create them without a password (--create-users)."
            )
            % {"names": ", ".join(missing)}
        )
    for username in missing:
        user = User(**{field: username})
        user.set_unusable_password()
        user.save(using=using)
        found[username] = user.pk
    return {name: found[target] for name, target in wanted.items()}


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
    from scoring.standings.services.reconcile import reconcile_event

    reconcile_event(event_id)
