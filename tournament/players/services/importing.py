"""Importing players from what spreadsheets write: CSV in any usual encoding, or an Excel
workbook (.xlsx).

Reading (``read_player_file``) finds the format, the encoding and the delimiter and returns the
rows; checking (``check_player_file``) applies to every line exactly the checks of a single
player (``players.clean_player_fields``) and the duplicate checks, without writing; importing
(``import_players``) does both and then writes all players or none. The director's pages show
the checked file as a preview before the import; the API may import directly.

Encodings: a byte order mark says UTF-8 or UTF-16; otherwise UTF-8 if the bytes are valid
UTF-8; otherwise the 8-bit code page under which the text reads most like names (Windows-1252,
Western European, or Windows-1250, Central European: Excel's plain "CSV" writes the one of the
computer's language), ties going to ``prefer``. The preview shows the guess, and the director
can choose another.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import unicodedata
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.events.models import Event
from tournament.formats.services.teams import clean_team_name, teams_by_name
from tournament.players.models import Player, player_name_key
from tournament.players.services import clean_player_fields
from tournament.writes import bump_revision

CSV_COLUMNS = ("name", "country", "club", "ema_number", "team")
REQUIRED_COLUMNS = ("name",)
HEADER_ALIASES = {"ema": "ema_number", "ema_no": "ema_number", "ema_id": "ema_number"}
XLSX = "xlsx"
AUTO = ""
ENCODINGS: tuple[tuple[str, object], ...] = (
    ("utf-8", gettext_lazy("UTF-8")),
    ("utf-16", gettext_lazy("UTF-16 (Excel: Unicode text)")),
    ("cp1252", gettext_lazy("Windows-1252 (Western European)")),
    ("cp1250", gettext_lazy("Windows-1250 (Central European)")),
    ("iso-8859-1", gettext_lazy("ISO-8859-1 (Latin-1)")),
    ("iso-8859-2", gettext_lazy("ISO-8859-2 (Latin-2)")),
)
EIGHT_BIT = ("cp1252", "cp1250")
# An .xlsx is a zip archive: its parts may not unpack to more than this.
XLSX_MAX_UNPACKED = 16 * 1024 * 1024
XLSX_MAX_COLUMNS = 40


@dataclass(frozen=True)
class CsvLineError:
    line: int
    message: str


class CsvImportError(Exception):
    """The file was rejected; ``errors`` says what is wrong, line by line."""

    def __init__(self, errors: Sequence[CsvLineError]):
        super().__init__("; ".join(f"line {e.line}: {e.message}" for e in errors))
        self.errors = list(errors)


@dataclass
class PlayerFile:
    """The rows of an uploaded file: the header (normalised names) and the data rows with
    the line (CSV) or row (xlsx) number each had in the file."""

    kind: str
    encoding: str
    delimiter: str
    header: list[str]
    rows: list[tuple[int, list[str]]]

    @property
    def ignored_columns(self) -> list[str]:
        return [h for h in self.header if h and h not in CSV_COLUMNS]

    @property
    def encoding_label(self) -> str:
        labels = dict(ENCODINGS)
        base = "utf-8" if self.encoding == "utf-8-sig" else self.encoding
        if base.startswith("utf-16"):
            base = "utf-16"
        return str(labels.get(base, self.encoding))


@dataclass
class CheckedFile:
    """A file after the checks: the clean players (line, fields) and the problems."""

    file: PlayerFile
    players: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    errors: list[CsvLineError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.players)


def max_rows() -> int:
    return int(getattr(settings, "PLAYER_IMPORT_MAX_ROWS", 2000))


def _too_many(line: int) -> CsvImportError:
    return CsvImportError(
        [
            CsvLineError(
                line,
                ngettext(
                    "The file has more than %(max)d player. Import at most %(max)d at a time: "
                    "split the file.",
                    "The file has more than %(max)d players. Import at most %(max)d at a time: "
                    "split the file.",
                    max_rows(),
                )
                % {"max": max_rows()},
            )
        ]
    )


# Reading ------------------------------------------------------------------------------------


def _oddness(text: str) -> int:
    """How many non-ASCII characters of ``text`` are not letters: fewer means the code page
    reads the bytes as names more plausibly."""
    return sum(
        1 for char in text if ord(char) > 127 and not unicodedata.category(char).startswith("L")
    )


def detect_encoding(data: bytes, prefer: Sequence[str] = EIGHT_BIT) -> str:
    """The encoding to read ``data`` with (see the module docstring)."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if len(data) >= 4:
        even, odd = data[0::2], data[1::2]
        if not even.count(0) and odd.count(0) > len(odd) // 2:
            return "utf-16-le"
        if not odd.count(0) and even.count(0) > len(even) // 2:
            return "utf-16-be"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return "utf-8"
    order = [e for e in prefer if e in EIGHT_BIT] + [e for e in EIGHT_BIT if e not in prefer]
    scored = []
    for rank, encoding in enumerate(order):
        try:
            scored.append((_oddness(data.decode(encoding)), rank, encoding))
        except UnicodeDecodeError:
            continue
    return min(scored)[2] if scored else "iso-8859-1"


def _header(cells: Sequence[str]) -> list[str]:
    names = []
    for cell in cells:
        name = "_".join(str(cell).replace("\ufeff", "").strip().lower().split())
        names.append(HEADER_ALIASES.get(name, name))
    return names


def _read_csv(data: bytes | str, encoding: str, prefer: Sequence[str]) -> PlayerFile:
    if isinstance(data, str):
        text, used = data, "utf-8"
    else:
        used = encoding or detect_encoding(data, prefer)
        if used == "utf-8" and data.startswith(codecs.BOM_UTF8):
            used = "utf-8-sig"
        try:
            text = data.decode(used)
        except (UnicodeDecodeError, LookupError):
            message = _("The file cannot be read as %(encoding)s.") % {"encoding": used}
            raise CsvImportError([CsvLineError(1, message)]) from None
    text = text.removeprefix("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    limit = max_rows()
    try:
        while True:
            line = reader.line_num + 1  # where the row starts (a quoted cell may span lines)
            row = next(reader, None)
            if row is None:
                break
            if header is None:
                if any(cell.strip() for cell in row):
                    header = _header(row)
                continue
            if not any(cell.strip() for cell in row):
                continue
            if len(rows) >= limit:
                raise _too_many(line)
            rows.append((line, row))
    except csv.Error:
        raise CsvImportError(
            [
                CsvLineError(
                    max(reader.line_num, 1),
                    _("This line cannot be read (a cell is too long or a quote is not closed)."),
                )
            ]
        ) from None
    return PlayerFile("csv", used, dialect.delimiter, header or [], rows)


def _cell(value: object, column: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).upper()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and column == "ema_number":
        return f"{value:08d}"  # a number cell lost the EMA number's leading zeros
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    return str(value)


def _padded_ema_number(text: str) -> str:
    """An EMA number of seven digits, as Excel writes to a CSV file one whose country code
    starts with 0 (04010001 becomes 4010001), with its zero put back as a workbook's number cell
    has (``_cell``). Shorter numbers stay as they are, and refused."""
    stripped = (text or "").strip()
    if stripped.isascii() and stripped.isdigit() and len(stripped) == 7:
        return "0" + stripped
    return text


def _read_xlsx(data: bytes) -> PlayerFile:
    from openpyxl import load_workbook

    unreadable = CsvImportError([CsvLineError(1, _("The file is not a readable .xlsx workbook."))])
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if sum(info.file_size for info in archive.infolist()) > XLSX_MAX_UNPACKED:
                raise CsvImportError(
                    [CsvLineError(1, _("The workbook unpacks to too much data for a player list."))]
                )
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except CsvImportError:
        raise
    except Exception:  # a damaged workbook may fail in zipfile, XML or openpyxl in many ways
        raise unreadable from None
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    limit = max_rows()
    try:
        sheet = workbook.worksheets[0]
        for number, values in enumerate(
            sheet.iter_rows(values_only=True, max_col=XLSX_MAX_COLUMNS), start=1
        ):
            if header is None:
                if any(v is not None and str(v).strip() for v in values):
                    header = _header([_cell(v, "") for v in values])
                continue
            cells = [_cell(v, header[i] if i < len(header) else "") for i, v in enumerate(values)]
            if not any(c.strip() for c in cells):
                continue
            if len(rows) >= limit:
                raise _too_many(number)
            rows.append((number, cells))
    except CsvImportError:
        raise
    except Exception:  # as above: malformed sheet XML surfaces while iterating
        raise unreadable from None
    finally:
        workbook.close()
    while header and not header[-1]:
        header.pop()
    return PlayerFile(XLSX, "", "", header or [], rows)


def is_xlsx(data: bytes | str, filename: str = "") -> bool:
    return isinstance(data, bytes) and (
        filename.lower().endswith(".xlsx") or data.startswith(b"PK\x03\x04")
    )


def read_player_file(
    data: bytes | str,
    *,
    filename: str = "",
    encoding: str = AUTO,
    prefer: Sequence[str] = EIGHT_BIT,
) -> PlayerFile:
    """The header and rows of a CSV (``encoding`` empty: detected) or .xlsx file."""
    if not data:
        raise CsvImportError([CsvLineError(1, _("The file is empty."))])
    if encoding and encoding not in dict(ENCODINGS):
        raise CsvImportError(
            [CsvLineError(1, _("Unknown encoding %(encoding)s.") % {"encoding": encoding[:20]})]
        )
    file = _read_xlsx(data) if is_xlsx(data, filename) else _read_csv(data, encoding, prefer)
    if not file.header:
        raise CsvImportError([CsvLineError(1, _("The file is empty."))])
    missing = [c for c in REQUIRED_COLUMNS if c not in file.header]
    if missing:
        raise CsvImportError(
            [
                CsvLineError(
                    1,
                    _(
                        "The first line must name the columns, with at least %(required)s; "
                        "the others may be %(optional)s. Found: %(found)s."
                    )
                    % {
                        "required": ", ".join(REQUIRED_COLUMNS),
                        "optional": ", ".join(c for c in CSV_COLUMNS if c not in REQUIRED_COLUMNS),
                        "found": ", ".join(h[:30] for h in file.header[:10]) or "-",
                    },
                )
            ]
        )
    return file


# Checking -----------------------------------------------------------------------------------

FIELD_LABELS = {
    "name": gettext_lazy("Name"),
    "country": gettext_lazy("Country"),
    "club": gettext_lazy("Club"),
    "ema_number": gettext_lazy("EMA number"),
    "team": gettext_lazy("Team"),
}


def _flatten(error: ValidationError) -> str:
    if hasattr(error, "error_dict"):
        return " ".join(
            " ".join(messages)
            if field == "name"
            else f"{FIELD_LABELS.get(field, field)}: " + " ".join(messages)
            for field, messages in error.message_dict.items()
        )
    return " ".join(error.messages)


def check_player_file(event: Event, file: PlayerFile) -> CheckedFile:
    """Every line through the single-player checks, then duplicates within the file and
    against the event (two queries, whatever the file's length). Writes nothing."""
    checked = CheckedFile(file)
    index = {c: file.header.index(c) for c in CSV_COLUMNS if c in file.header}
    candidates: list[tuple[int, dict[str, str]]] = []
    for line, row in file.rows:
        if len(row) < len(file.header):
            row = [*row, *[""] * (len(file.header) - len(row))]
        values = {c: row[i] for c, i in index.items()}
        if file.kind == "csv":
            values["ema_number"] = _padded_ema_number(values.get("ema_number", ""))
        team = values.pop("team", "")
        try:
            fields = clean_player_fields(**values)
            if team.strip():
                fields["team"] = clean_team_name(team)
            candidates.append((line, fields))
        except ValidationError as exc:
            checked.errors.append(CsvLineError(line, _flatten(exc)))
    keys = {player_name_key(f["name"]) for _line, f in candidates}
    numbers = {f["ema_number"] for _line, f in candidates if f["ema_number"]}
    registered = dict(event.players.filter(name_key__in=keys).values_list("name_key", "name"))
    registered_ema = dict(
        event.players.filter(ema_number__in=numbers).values_list("ema_number", "name")
    )
    seen_names: dict[str, int] = {}
    seen_ema: dict[str, int] = {}
    for line, fields in candidates:
        key = player_name_key(fields["name"])
        problems = []
        if key in seen_names:
            problems.append(
                _("Duplicate player %(name)s (also on line %(line)d).")
                % {"name": fields["name"], "line": seen_names[key]}
            )
        elif key in registered:
            problems.append(
                _("%(name)s is already registered in this event.") % {"name": registered[key]}
            )
        number = fields["ema_number"]
        if number and number in seen_ema:
            problems.append(
                _("Duplicate EMA number %(number)s (also on line %(line)d).")
                % {"number": number, "line": seen_ema[number]}
            )
        elif number and number in registered_ema:
            problems.append(
                _("EMA number %(number)s is already registered in this event (%(name)s).")
                % {"number": number, "name": registered_ema[number]}
            )
        seen_names.setdefault(key, line)
        if number:
            seen_ema.setdefault(number, line)
        if problems:
            checked.errors.append(CsvLineError(line, " ".join(problems)))
        else:
            checked.players.append((line, fields))
    checked.errors.sort(key=lambda e: e.line)
    if not checked.errors and not checked.players:
        checked.errors.append(CsvLineError(2, _("The file has a header but no players.")))
    return checked


# Importing ----------------------------------------------------------------------------------


def import_players(
    event: Event,
    data: bytes | str,
    *,
    filename: str = "",
    encoding: str = AUTO,
    prefer: Sequence[str] = EIGHT_BIT,
) -> list[Player]:
    """Read, check and import a player file: all players or none (``CsvImportError`` lists
    every bad line). Players registered meanwhile by another request make it fail the same
    way, never half-import."""
    checked = check_player_file(
        event, read_player_file(data, filename=filename, encoding=encoding, prefer=prefer)
    )
    if checked.errors:
        raise CsvImportError(checked.errors)
    try:
        with transaction.atomic():
            teams = teams_by_name(
                event, {f["team"] for _line, f in checked.players if f.get("team")}
            )
            created = Player.objects.bulk_create(
                [
                    Player(
                        event=event,
                        team=teams.get(fields.get("team", "")),
                        **{k: v for k, v in fields.items() if k != "team"},
                    )
                    for _line, fields in checked.players
                ]
            )
            bump_revision(event)
    except IntegrityError:
        again = check_player_file(event, checked.file)
        raise CsvImportError(
            again.errors
            or [
                CsvLineError(
                    1,
                    _("Players were registered meanwhile; nothing was imported. Try again."),
                )
            ]
        ) from None
    return created


def import_players_csv(event: Event, data: bytes | str) -> list[Player]:
    """``import_players`` of CSV or .xlsx bytes with the encoding detected."""
    return import_players(event, data)
