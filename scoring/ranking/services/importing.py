"""History in: past events from the EMA results file (the format ``scoring.exports.reading.ema``
writes) or from the product's own event archive, so that a new server starts with a real
ranking.

``read_ema_file`` reads and checks the file (places that skip or repeat inconsistently, an
unknown country, a bad EMA number, a name no player may have, a line the CSV reader cannot
read: the line and what is wrong, nothing imported; ``read_archive`` and ``archive_lines`` the
same for an archive);
``preview`` says for each line which person it matches (by EMA number, or candidates by name
and country that need the director's decision, or a new person); ``import_ema`` and
``import_archive`` write the event, its players, their persons and its published final places
in one transaction. An event imported twice (same name, family and last day; or an archive's
short name already here) is refused.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_countries import countries

from rules import ranking as rk
from rules.errors import RuleError
from scoring.exports import ArchiveError, import_event, missing_users
from scoring.exports.reading.ema import EMA_HEADER
from scoring.ranking import services
from scoring.ranking.models import RankingEvent
from scoring.ranking.reading.finals import final_places
from scoring.standings.services.reconcile import reconcile_event
from tournament.events.models import Event
from tournament.events.reading.dates import day
from tournament.events.services import derived_slug
from tournament.persons import services as persons
from tournament.persons.models import Person, person_match_key
from tournament.players.models import EMA_NUMBER_REGEX, PLAYER_NAME_MAX, Player, player_name_key
from tournament.players.services import clean_player_fields
from tournament.rounds.reading import schedule
from tournament.text import clean_text

MAX_LINES = 5000


@dataclass
class Line:
    number: int  # the line in the file (the header is line 1)
    place: int
    ema_number: str
    last_name: str
    first_name: str
    country: str

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first_name, self.last_name) if p)


@dataclass
class Match:
    line: Line
    person: Person | None = None  # found by EMA number
    candidates: list[Person] = field(default_factory=list)  # same name and country

    @property
    def needs_decision(self) -> bool:
        return self.person is None and bool(self.candidates)


def _strip(cell: Any) -> str:
    text = str(cell if cell is not None else "").strip()
    if text.startswith("'") and text[1:].startswith(("=", "+", "-", "@")):
        text = text[1:]
    return text


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ValidationError({"file": [_("The file is not text (UTF-8 or Windows-1252).")]})


def _csv_rows(text: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text))
    rows = []
    try:
        for row in reader:
            rows.append(row)
    except csv.Error:
        limit = csv.field_size_limit()
        raise ValidationError(
            {
                "file": [
                    ngettext(
                        "Line %(line)d cannot be read: a cell longer than %(max)d character, "
                        "or quotation marks that do not close.",
                        "Line %(line)d cannot be read: a cell longer than %(max)d characters, "
                        "or quotation marks that do not close.",
                        limit,
                    )
                    % {"line": reader.line_num, "max": limit}
                ]
            }
        ) from None
    return rows


def _name_errors(name: str, where: str) -> list[str]:
    """What is wrong with ``name`` as a player's name, each message after ``where``."""
    errors: dict[str, list[str]] = {}
    clean_text(name, label=_("A name"), limit=PLAYER_NAME_MAX, errors=errors, field="name")
    return [f"{where}: {message}" for message in errors.get("name", [])]


def read_ema_file(data: bytes) -> list[Line]:
    """The lines of an EMA results file, checked; ``ValidationError`` lists every problem."""
    if not data:
        raise ValidationError({"file": [_("The file is empty.")]})
    rows = _csv_rows(_decode(data))
    if not rows:
        raise ValidationError({"file": [_("The file is empty.")]})
    header = [_strip(h).lower() for h in rows[0]]
    wanted = [h.lower() for h in EMA_HEADER[:5]]
    if header[:5] != wanted:
        raise ValidationError(
            {
                "file": [
                    _("The first line must name the columns %(columns)s.")
                    % {"columns": ", ".join(EMA_HEADER)}
                ]
            }
        )
    if len(rows) - 1 > MAX_LINES:
        raise ValidationError({"file": [_("At most %(max)d lines.") % {"max": MAX_LINES}]})
    errors: list[str] = []
    lines: list[Line] = []
    seen_numbers: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(_strip(c) for c in row):
            continue
        cells = [_strip(c) for c in row] + [""] * 5
        place_text, ema, last, first, country = cells[:5]
        try:
            place = int(place_text)
        except ValueError:
            errors.append(
                _("Line %(line)d: the place %(place)s is not a whole number.")
                % {"line": number, "place": place_text[:10]}
            )
            continue
        country = country.upper()
        if country and country not in countries:
            errors.append(
                _("Line %(line)d: unknown country %(code)s.")
                % {"line": number, "code": country[:10]}
            )
        if ema and not re.match(EMA_NUMBER_REGEX, ema):
            errors.append(
                _("Line %(line)d: an EMA number has 8 digits (%(number)s).")
                % {"line": number, "number": ema[:12]}
            )
        elif ema in seen_numbers:
            errors.append(
                _("Line %(line)d: the EMA number %(number)s is on line %(first)d too.")
                % {"line": number, "number": ema, "first": seen_numbers[ema]}
            )
        elif ema:
            seen_numbers[ema] = number
        if not (first or last):
            errors.append(_("Line %(line)d: no name.") % {"line": number})
        errors += _name_errors(f"{first} {last}", _("Line %(line)d") % {"line": number})
        lines.append(Line(number, place, ema, last, first, country))
    if len(lines) < 2 and not errors:
        errors.append(_("A ranking needs at least 2 players."))
    try:
        rk.check_places([line.place for line in lines])
    except RuleError as error:
        errors.append(_(error.template) % error.params)
    if errors:
        raise ValidationError({"file": errors})
    return lines


def preview(lines: list[Line]) -> list[Match]:
    """Which person each line is: three queries whatever the file's length."""
    numbers = {line.ema_number for line in lines if line.ema_number}
    by_number = {
        p.ema_number: p
        for p in Person.objects.filter(ema_number__in=numbers, merged_into__isnull=True)
    }
    keys = {person_match_key(line.name) for line in lines}
    by_key: dict[str, list[Person]] = {}
    for person in Person.objects.filter(match_key__in=keys, merged_into__isnull=True):
        by_key.setdefault(person.match_key, []).append(person)
    out = []
    for line in lines:
        found = by_number.get(line.ema_number) if line.ema_number else None
        candidates = []
        if found is None:
            candidates = [
                p
                for p in by_key.get(person_match_key(line.name), [])
                if not line.country or not p.country or str(p.country) == line.country
                if not (line.ema_number and p.ema_number)
            ]
        out.append(Match(line, found, candidates))
    return out


def _check_twice(name: str, family: str, last_day: date) -> None:
    if RankingEvent.objects.filter(
        event__name=name, family=family, last_day=last_day, published_at__isnull=False
    ).exists():
        raise ValidationError(
            _("%(name)s of %(day)s is in the ranking already: an event is imported once.")
            % {"name": name, "day": day(last_day)}
        )


def _choices(matches: list[Match], decisions: dict[int, str]) -> dict[int, int | None]:
    """{line number: person id or None (a new person)}; every line needing a decision must
    have one, naming one of its candidates or "new"."""
    out: dict[int, int | None] = {}
    missing = []
    for match in matches:
        line = match.line.number
        if match.person is not None:
            out[line] = match.person.pk
        elif match.candidates:
            decision = str(decisions.get(line, "")).strip()
            if decision == "new":
                out[line] = None
            elif decision.isdigit() and int(decision) in {p.pk for p in match.candidates}:
                out[line] = int(decision)
            else:
                missing.append(str(line))
        else:
            out[line] = None
    if missing:
        raise ValidationError(
            {
                "decisions": [
                    _("Decide who the players of lines %(lines)s are.")
                    % {"lines": ", ".join(missing)}
                ]
            }
        )
    return out


@transaction.atomic
def import_ema(
    data: bytes,
    *,
    name: str,
    ruleset: str,
    first_day: date,
    last_day: date,
    by,
    needs_qualification: bool = False,
    decisions: dict[int, str] | None = None,
) -> Event:
    """A past event from its EMA results file: the event (finished, public), its players as
    the file names them, each linked to a person, and its final places, published for the
    ranking with the facts of its weight."""
    errors: dict[str, list[str]] = {}
    name = clean_text(name, label=_("The event's name"), limit=200, errors=errors, field="name")
    if errors:
        raise ValidationError(errors)
    if not name:
        raise ValidationError({"name": [_("Give the event's name.")]})
    if last_day < first_day:
        raise ValidationError({"last_day": [_("The last day cannot be before the first day.")]})
    if last_day > timezone.localdate():
        raise ValidationError({"last_day": [_("Only past events can be imported.")]})
    family = rk.family_of(ruleset)
    lines = read_ema_file(data)
    _check_twice(name, family, last_day)
    matches = preview(lines)
    chosen = _choices(matches, decisions or {})
    event = Event.objects.create(
        name=name,
        slug=derived_slug(name),
        ruleset=ruleset,
        status=Event.Status.FINISHED,
        start_date=first_day,
        end_date=last_day,
        is_public=True,
        director=by,
    )
    players, places, links = [], [], {}
    used_keys: set[str] = set()
    for match in matches:
        line = match.line
        fields = clean_player_fields(
            name=line.name, country=line.country, ema_number=line.ema_number
        )
        key = player_name_key(fields["name"])
        if key in used_keys:  # two lines of one name: the EMA file allows it, the event not
            fields["name"] = f"{fields['name']} ({line.number})"
            key = player_name_key(fields["name"])
        used_keys.add(key)
        player = Player(event=event, **fields)
        players.append(player)
    Player.objects.bulk_create(players)
    players = list(Player.objects.filter(event=event).order_by("pk"))
    for player, match in zip(players, matches, strict=True):
        places.append((player.pk, match.line.place))
        if chosen[match.line.number] is not None:
            links[player.pk] = chosen[match.line.number]
    persons.link_event_players(event, players, by=by, choices=links)
    entry = RankingEvent.objects.create(
        event=event,
        family=family,
        is_ranking=True,
        imported=True,
        needs_qualification=needs_qualification,
    )
    by_pk = {p.pk: p for p in players}
    services.store_facts(entry, places, by_pk, last_day, min(3, (last_day - first_day).days + 1))
    entry.published_at = timezone.now()
    entry.save()
    services.store_results(entry, places)
    # its standings (players without tables), so that pages and ``verify`` find them computed
    reconcile_event(event.pk)
    services.request_recompute(
        family,
        set(links.values())
        | set(Player.objects.filter(event=event).values_list("person", flat=True)),
    )
    return event


def unknown_users(archive: dict) -> list[str]:
    """The archive's usernames with no account here (an import records them as the director
    importing it)."""
    names = archive.get("users")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        return []
    return missing_users(names)


def read_archive(data: bytes) -> dict:
    try:
        archive = json.loads(_decode(data))
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to read
        raise ValidationError({"file": [_("The file is not a JSON event archive.")]}) from None
    if not isinstance(archive, dict) or not isinstance(archive.get("players"), list):
        raise ValidationError({"file": [_("The file is not a JSON event archive.")]})
    return archive


def archive_lines(archive: dict) -> list[Line]:
    """The archive's players as preview lines (place 0: places come from its standings),
    checked as a player is; ``ValidationError`` lists every problem."""
    out, errors = [], []
    for number, row in enumerate(archive.get("players", []), start=1):
        if not isinstance(row, dict):
            continue
        try:
            fields = clean_player_fields(
                name=row.get("name"), country=row.get("country"), ema_number=row.get("ema_number")
            )
        except ValidationError as error:
            where = _("Player %(number)d") % {"number": number}
            errors += [f"{where}: {message}" for message in error.messages]
            continue
        out.append(Line(number, 0, fields["ema_number"], fields["name"], "", fields["country"]))
    if errors:
        raise ValidationError({"file": errors})
    return out


@transaction.atomic
def import_archive(
    data: bytes, *, by, needs_qualification: bool = False, decisions: dict[int, str] | None = None
) -> Event:
    """A past event from its archive: restored exactly (``import_event``), marked as a ranking
    event and its final ranking published, each player linked to a person. The archive's users
    without an account here are recorded as ``by`` (no account is created; the preview says
    so)."""
    archive = read_archive(data)
    slug = (
        (archive.get("event") or {}).get("slug") if isinstance(archive.get("event"), dict) else None
    )
    if slug is not None:
        try:
            validate_slug(slug if isinstance(slug, str) else "")
        except ValidationError:
            raise ValidationError(
                {"file": [_("The archive's event has no valid short name.")]}
            ) from None
    if slug and Event.objects.filter(slug=slug).exists():
        raise ValidationError(
            {
                "file": [
                    _(
                        "An event with the short name %(slug)s already exists; it is not "
                        "overwritten."
                    )
                    % {"slug": slug}
                ]
            }
        )
    matches = preview(archive_lines(archive))
    chosen = _choices(matches, decisions or {})
    username = by.get_username()
    try:
        event = import_event(archive, users={name: username for name in unknown_users(archive)})
    except ArchiveError as error:
        raise ValidationError({"file": [str(error)]}) from None
    last_day = event.end_date or event.start_date
    if last_day is not None:
        _check_twice(event.name, rk.family_of(event.ruleset), last_day)
    ids = [row.get("id") for row in archive["players"] if isinstance(row, dict)]
    links = {
        pk: chosen[match.line.number]
        for pk, match in zip(ids, matches, strict=False)
        if chosen.get(match.line.number) is not None
    }
    players = list(Player.objects.filter(event=event).order_by("pk"))
    persons.link_event_players(event, players, by=by, choices=links)
    services.mark(event, is_ranking=True, needs_qualification=needs_qualification)
    # A past event: the rounds it never played are given up; a live round is refused.
    _live, unplayed = schedule.unfinished_rounds(event)
    entry = services.publish(event, by=by, without=unplayed)
    RankingEvent.objects.filter(pk=entry.pk).update(imported=True)
    return event


__all__ = [
    "Line",
    "Match",
    "archive_lines",
    "final_places",
    "import_archive",
    "import_ema",
    "preview",
    "read_archive",
    "read_ema_file",
    "unknown_users",
]
