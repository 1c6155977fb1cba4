"""Registering players: one by one, changes, and CSV import."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django_countries import countries

from tournament.models import EMA_NUMBER_REGEX, Event, Player

from .common import bump_revision

CSV_COLUMNS = ("name", "country", "club", "ema_number")


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
