"""Write operations on events, players, rounds, seating and referees.

Views, forms and the API call these functions; they own validation and transactions. Every
failure raises ``django.core.exceptions.ValidationError`` with a message per field and leaves
the database unchanged.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max, ProtectedError
from django.utils.translation import gettext as _
from django_countries import countries

from rules import RuleError, get_ruleset

from .models import (
    EMA_NUMBER_REGEX,
    MAX_NUMBER,
    WIND_ORDER,
    Announcement,
    Event,
    Player,
    RefereeAssignment,
    Round,
    Seat,
    Table,
)
from .signals import standings_changed

WINDS = [w.value for w in WIND_ORDER]
CSV_COLUMNS = ("name", "country", "club", "ema_number")


def bump_revision(event: Event) -> None:
    """Mark the event's standings-relevant state as changed, inside the caller's transaction;
    once that commits, ``standings_changed`` tells scoring to reconcile."""
    Event.objects.filter(pk=event.pk).update(revision=F("revision") + 1)
    event_id = event.pk
    transaction.on_commit(lambda: standings_changed.send(sender=Event, event_id=event_id))


def _integrity_error(exc: IntegrityError) -> ValidationError:
    text = str(exc).lower()
    if "seat_player_once_per_round" in text or "seat.round_id, tournament_seat.player" in text:
        return ValidationError({"seats": [_("A player can sit only once in a round.")]})
    if "seat_wind_unique_per_table" in text or "seat.table_id, tournament_seat.wind" in text:
        return ValidationError({"seats": [_("Each wind can be taken once per table.")]})
    if "closed" in text:
        return ValidationError({"round": [_("The round is closed; its seating cannot change.")]})
    return ValidationError(_("The change conflicts with existing data: %(error)s") % {"error": exc})


# Events -------------------------------------------------------------------------------------


def save_event(event: Event) -> Event:
    """Validate (fields, and the option overrides against the ruleset) and save. Only the
    overrides are stored, so the ruleset's defaults apply to everything else."""
    event.full_clean()
    try:
        get_ruleset(event.ruleset).options(event.ruleset_options or {})
    except RuleError as error:
        raise ValidationError({"ruleset_options": [error.message]}) from None
    with transaction.atomic():
        event.save()
        if event.pk:
            bump_revision(event)
    event.refresh_from_db(fields=["revision"])
    return event


# Players ------------------------------------------------------------------------------------


def _clean_player_fields(name: str, country: str, club: str, ema_number: str) -> dict[str, str]:

    errors: dict[str, list[str]] = {}
    name = (name or "").strip()
    country = (country or "").strip().upper()
    club = (club or "").strip()
    ema_number = (ema_number or "").strip()
    if not name:
        errors["name"] = [_("A name is required.")]
    if country and country not in countries:
        errors["country"] = [
            _("Unknown country code %(code)s (use ISO 3166 codes such as CZ, FR, FI, PL).")
            % {"code": country}
        ]
    if ema_number and not re.fullmatch(EMA_NUMBER_REGEX, ema_number):
        errors["ema_number"] = [
            _("An EMA number is 8 digits, e.g. 04010001; got %(value)s.") % {"value": ema_number}
        ]
    if errors:
        raise ValidationError(errors)
    return {"name": name, "country": country, "club": club, "ema_number": ema_number}


def _duplicate_errors(
    event: Event, fields: Mapping[str, str], exclude_pk: int | None = None
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    others = event.players.all()
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    if others.filter(name__iexact=fields["name"]).exists():
        errors["name"] = [
            _("%(name)s is already registered in this event.") % {"name": fields["name"]}
        ]
    if fields["ema_number"] and others.filter(ema_number=fields["ema_number"]).exists():
        errors["ema_number"] = [
            _("EMA number %(number)s is already registered in this event.")
            % {"number": fields["ema_number"]}
        ]
    return errors


def add_player(
    event: Event, *, name: str, country: str = "", club: str = "", ema_number: str = ""
) -> Player:
    fields = _clean_player_fields(name, country, club, ema_number)
    errors = _duplicate_errors(event, fields)
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            return Player.objects.create(event=event, **fields)
    except IntegrityError as exc:
        raise ValidationError({"name": [_("This player is already registered.")]}) from exc


def update_player(player: Player, **changes: str) -> Player:
    merged = {
        "name": changes.get("name", player.name),
        "country": changes.get("country", str(player.country or "")),
        "club": changes.get("club", player.club),
        "ema_number": changes.get("ema_number", player.ema_number),
    }
    fields = _clean_player_fields(**merged)
    errors = _duplicate_errors(player.event, fields, exclude_pk=player.pk)
    status = changes.get("status", player.status)
    if status not in Player.Status.values:
        errors["status"] = [_("Unknown status %(status)s.") % {"status": status}]
    if errors:
        raise ValidationError(errors)
    for key, value in fields.items():
        setattr(player, key, value)
    status_changed = status != player.status
    player.status = status
    with transaction.atomic():
        player.save()
        if status_changed:
            bump_revision(player.event)
    return player


@dataclass(frozen=True)
class CsvLineError:
    line: int
    message: str


class CsvImportError(Exception):
    """The CSV file was rejected; ``errors`` says what is wrong, line by line."""

    def __init__(self, errors: Sequence[CsvLineError]):
        super().__init__("; ".join(f"line {e.line}: {e.message}" for e in errors))
        self.errors = list(errors)


def _flatten(error: ValidationError) -> str:
    if hasattr(error, "error_dict"):
        return " ".join(
            f"{field}: {' '.join(messages)}" for field, messages in error.message_dict.items()
        )
    return " ".join(error.messages)


def import_players_csv(event: Event, data: bytes | str) -> list[Player]:
    """Import players from CSV (header: name, country, club, ema_number; the last three optional
    columns may be empty). All or nothing: any bad line rejects the whole file."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CsvImportError([CsvLineError(1, _("The file is not UTF-8 text."))]) from exc
    else:
        text = data
    sample = text[:2048]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    rows = list(reader)
    if not rows:
        raise CsvImportError([CsvLineError(1, _("The file is empty."))])
    header = [h.strip().lower().replace(" ", "_") for h in rows[0]]
    missing = [c for c in CSV_COLUMNS if c not in header]
    if missing:
        raise CsvImportError(
            [
                CsvLineError(
                    1,
                    _("Missing column(s): %(columns)s. Expected header: %(header)s.")
                    % {"columns": ", ".join(missing), "header": ",".join(CSV_COLUMNS)},
                )
            ]
        )
    index = {c: header.index(c) for c in CSV_COLUMNS}
    errors: list[CsvLineError] = []
    cleaned: list[dict[str, str]] = []
    seen_names: dict[str, int] = {}
    seen_ema: dict[str, int] = {}
    for line_no, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            errors.append(
                CsvLineError(
                    line_no,
                    _("Expected %(expected)d columns, found %(found)d.")
                    % {"expected": len(header), "found": len(row)},
                )
            )
            continue
        values = {c: row[i] for c, i in index.items()}
        try:
            fields = _clean_player_fields(**values)
        except ValidationError as exc:
            errors.append(CsvLineError(line_no, _flatten(exc)))
            continue
        key = fields["name"].casefold()
        if key in seen_names:
            errors.append(
                CsvLineError(
                    line_no,
                    _("Duplicate player %(name)s (also on line %(line)d).")
                    % {"name": fields["name"], "line": seen_names[key]},
                )
            )
            continue
        if fields["ema_number"] and fields["ema_number"] in seen_ema:
            errors.append(
                CsvLineError(
                    line_no,
                    _("Duplicate EMA number %(number)s (also on line %(line)d).")
                    % {"number": fields["ema_number"], "line": seen_ema[fields["ema_number"]]},
                )
            )
            continue
        duplicates = _duplicate_errors(event, fields)
        if duplicates:
            errors.append(
                CsvLineError(line_no, " ".join(m for ms in duplicates.values() for m in ms))
            )
            continue
        seen_names[key] = line_no
        if fields["ema_number"]:
            seen_ema[fields["ema_number"]] = line_no
        cleaned.append(fields)
    if errors:
        raise CsvImportError(errors)
    if not cleaned:
        raise CsvImportError([CsvLineError(2, _("The file has a header but no players."))])
    with transaction.atomic():
        return Player.objects.bulk_create([Player(event=event, **fields) for fields in cleaned])


# Rounds -------------------------------------------------------------------------------------

ROUND_TRANSITIONS: dict[str, set[str]] = {
    Round.Status.PLANNED: {Round.Status.SEATED},
    Round.Status.SEATED: {Round.Status.PLANNED, Round.Status.LIVE},
    Round.Status.LIVE: {Round.Status.SEATED, Round.Status.CLOSED},
    Round.Status.CLOSED: {Round.Status.LIVE},
}


def create_round(
    event: Event,
    *,
    number: int | None = None,
    starts_at: datetime | None = None,
    length_minutes: int = 120,
) -> Round:
    with transaction.atomic():
        if number is None:
            number = (event.rounds.aggregate(m=Max("number"))["m"] or 0) + 1
        if not 1 <= number <= MAX_NUMBER:
            raise ValidationError(
                {"number": [_("Round numbers run from 1 to %(max)d.") % {"max": MAX_NUMBER}]}
            )
        if event.rounds.filter(number=number).exists():
            raise ValidationError(
                {"number": [_("Round %(number)d already exists.") % {"number": number}]}
            )
        if length_minutes < 1:
            raise ValidationError({"length_minutes": [_("A round lasts at least one minute.")]})
        return Round.objects.create(
            event=event, number=number, starts_at=starts_at, length_minutes=length_minutes
        )


def update_round(round_: Round, **changes) -> Round:
    new_status = changes.pop("status", round_.status)
    if new_status != round_.status:
        if new_status not in ROUND_TRANSITIONS.get(round_.status, set()):
            raise ValidationError(
                {
                    "status": [
                        _("A %(old)s round cannot become %(new)s.")
                        % {"old": round_.get_status_display(), "new": new_status}
                    ]
                }
            )
        if new_status in (Round.Status.SEATED, Round.Status.LIVE) and not round_.seats.exists():
            raise ValidationError({"status": [_("Seat the round before it can start.")]})
    if "length_minutes" in changes and (changes["length_minutes"] or 0) < 1:
        raise ValidationError({"length_minutes": [_("A round lasts at least one minute.")]})
    for key, value in changes.items():
        setattr(round_, key, value)
    round_.status = new_status
    with transaction.atomic():
        round_.save()
        bump_revision(round_.event)
    return round_


def _check_round_open(round_: Round) -> None:
    if round_.status == Round.Status.CLOSED:
        raise ValidationError(
            {
                "round": [
                    _("Round %(number)d is closed; its seating cannot change.")
                    % {"number": round_.number}
                ]
            }
        )


# Tables and seats ---------------------------------------------------------------------------


def create_table(round_: Round, *, number: int | None = None, label: str = "") -> Table:
    _check_round_open(round_)
    with transaction.atomic():
        if number is None:
            number = (round_.tables.aggregate(m=Max("number"))["m"] or 0) + 1
        if not 1 <= number <= MAX_NUMBER:
            raise ValidationError(
                {"number": [_("Table numbers run from 1 to %(max)d.") % {"max": MAX_NUMBER}]}
            )
        if round_.tables.filter(number=number).exists():
            raise ValidationError(
                {
                    "number": [
                        _("Table %(number)d already exists in this round.") % {"number": number}
                    ]
                }
            )
        return Table.objects.create(round=round_, number=number, label=label)


def _players_by_id(event: Event, ids: Iterable[int]) -> dict[int, Player]:
    wanted = set(ids)
    found = {p.pk: p for p in event.players.filter(pk__in=wanted)}
    missing = wanted - set(found)
    if missing:
        raise ValidationError(
            {
                "seats": [
                    _("Not players of this event: %(ids)s.")
                    % {"ids": ", ".join(str(i) for i in sorted(missing))}
                ]
            }
        )
    return found


def seat_table(table: Table, seats: Mapping[str, int | None]) -> list[Seat]:
    """Replace the seating of one table: ``seats`` maps wind (E/S/W/N) to a player id."""
    round_ = table.round
    _check_round_open(round_)
    errors: list[str] = []
    unknown = [w for w in seats if w not in WINDS]
    if unknown:
        errors.append(
            _("Unknown wind(s) %(winds)s; use E, S, W, N.")
            % {"winds": ", ".join(map(str, unknown))}
        )
    wanted = {w: p for w, p in seats.items() if p is not None and w in WINDS}
    ids = list(wanted.values())
    if len(ids) != len(set(ids)):
        errors.append(_("A player can take only one seat at a table."))
    if errors:
        raise ValidationError({"seats": errors})
    players = _players_by_id(round_.event, ids)
    elsewhere = list(
        Seat.objects.filter(round=round_, player_id__in=ids)
        .exclude(table=table)
        .select_related("table", "player")
    )
    if elsewhere:
        raise ValidationError(
            {
                "seats": [
                    _("%(player)s already sits at table %(table)d in this round.")
                    % {"player": s.player.name, "table": s.table.number}
                    for s in elsewhere
                ]
            }
        )
    try:
        with transaction.atomic():
            table.seats.all().delete()
            created = Seat.objects.bulk_create(
                [
                    Seat(table=table, round=round_, wind=w, player=players[p])
                    for w, p in wanted.items()
                ]
            )
            bump_revision(round_.event)
    except IntegrityError as exc:
        raise _integrity_error(exc) from exc
    return created


def seat_round(round_: Round, tables: Sequence[Sequence[int | None]]) -> list[Table]:
    """Replace the whole seating of a round. ``tables[i]`` lists the player ids of table i+1 in
    wind order E, S, W, N (``None`` for an empty seat)."""
    _check_round_open(round_)
    errors: list[str] = []
    seen: dict[int, int] = {}
    for number, players in enumerate(tables, start=1):
        if len(players) > 4:
            errors.append(
                _("Table %(table)d has %(count)d players; a table seats four.")
                % {"table": number, "count": len(players)}
            )
        for pid in players:
            if pid is None:
                continue
            if pid in seen:
                errors.append(
                    _("Player %(id)s is seated at table %(first)d and table %(second)d.")
                    % {"id": pid, "first": seen[pid], "second": number}
                )
            seen[pid] = number
    if errors:
        raise ValidationError({"seats": errors})
    players = _players_by_id(round_.event, seen)
    try:
        with transaction.atomic():
            Seat.objects.filter(round=round_).delete()
            round_.tables.all().delete()
            created_tables = Table.objects.bulk_create(
                [Table(round=round_, number=n) for n in range(1, len(tables) + 1)]
            )
            Seat.objects.bulk_create(
                [
                    Seat(table=table, round=round_, wind=WINDS[i], player=players[pid])
                    for table, ids in zip(created_tables, tables, strict=True)
                    for i, pid in enumerate(ids)
                    if pid is not None
                ]
            )
            if round_.status == Round.Status.PLANNED and seen:
                round_.status = Round.Status.SEATED
                round_.save(update_fields=["status"])
            bump_revision(round_.event)
    except ProtectedError as exc:
        raise ValidationError(
            {
                "seats": [
                    _(
                        "Results or fouls are already recorded for this round's tables; "
                        "change the seating of single tables instead."
                    )
                ]
            }
        ) from exc
    except IntegrityError as exc:
        raise _integrity_error(exc) from exc
    return created_tables


# Referees -----------------------------------------------------------------------------------


def assign_referee(
    event: Event, user: AbstractBaseUser, *, role: str, table_numbers: Sequence[int] = ()
) -> RefereeAssignment:
    errors: dict[str, list[str]] = {}
    if role not in RefereeAssignment.Role.values:
        errors["role"] = [_("Role must be head or floor.")]
    numbers = sorted(set(table_numbers))
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in numbers)
    if not whole or any(not 1 <= n <= MAX_NUMBER for n in numbers):
        errors["table_numbers"] = [_("Table numbers run from 1 to %(max)d.") % {"max": MAX_NUMBER}]
    if user.pk == event.director_id:
        errors["user"] = [_("The director already has every right in this event.")]
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        assignment, _created = RefereeAssignment.objects.update_or_create(
            event=event, user=user, defaults={"role": role, "table_numbers": numbers}
        )
    return assignment


# Hall: announcements and extra time ---------------------------------------------------------


def _announcements_changed(event_id: int) -> None:
    Event.objects.filter(pk=event_id).update(announcements_revision=F("announcements_revision") + 1)


def add_announcement(event: Event, text: str) -> Announcement:
    text = (text or "").strip()
    if not text:
        raise ValidationError({"text": [_("Write the announcement.")]})
    if len(text) > 300:
        raise ValidationError({"text": [_("An announcement has at most 300 characters.")]})
    with transaction.atomic():
        announcement = Announcement.objects.create(event=event, text=text)
        _announcements_changed(event.pk)
    return announcement


def set_announcement_shown(announcement: Announcement, shown: bool) -> Announcement:
    announcement.is_active = shown
    with transaction.atomic():
        announcement.save(update_fields=["is_active"])
        _announcements_changed(announcement.event_id)
    return announcement


def grant_extra_time(table: Table, minutes: int) -> Table:
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 <= minutes <= 120:
        raise ValidationError({"extra_minutes": [_("Extra time is 0 to 120 minutes.")]})
    if table.round.status == Round.Status.CLOSED:
        raise ValidationError({"round": [_("The round is closed.")]})
    table.extra_minutes = minutes
    table.save(update_fields=["extra_minutes"])
    return table
