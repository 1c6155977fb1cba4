"""The event archive with its persons taken out, to share an event for testing or research.

It is ``event_archive`` with every value that names a person, or that a person typed, replaced:
players become "Player 1", "Player 2", ... in the order of their ids, clubs "Club 1", ... (a club
however capitalised is one club), teams "Team 1", ..., stages "Stage <number>", the staff's
usernames "director" (the event's) and "staff-1", ...; notes, explanations, reasons and
announcements become "Note 1", "Reason 2", ... (the same text, the same pseudonym); the event is
"Anonymised event <id>". EMA numbers, PINs, table labels, the venue and the devices are left
empty, and the clients' idempotency keys are made from the rows' ids. Ids, results, ledger,
hands, rules, times and countries stay, so the file imports with ``import_event`` and gives the
same standings.

Pseudonyms are data, not the reader's language: the same event gives the same file whoever
downloads it. A text field of the archive that ``RULES`` and ``KEPT`` do not name (a field added
later) is treated as typed text, so that nothing new leaks before somebody decides about it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from django.db import models

# The archive's test for a user field, which it writes as a username.
from scoring.exports.reading.archive import SECTIONS, archive_text, event_archive, is_user_field
from tournament.events.models import Event
from tournament.players.models import player_name_key

PLAYER = "Player {}"
CLUB = "Club {}"
TEAM = "Team {}"
STAGE = "Stage {}"
EVENT = "Anonymised event {}"
SLUG = "anonymised-{}"
DIRECTOR = "director"
STAFF = "staff-{}"
NOTE = "Note {}"
EXPLANATION = "Explanation {}"
REASON = "Reason {}"
ANNOUNCEMENT = "Announcement {}"
TEXT = "Text {}"

MODELS: dict[str, type[models.Model]] = {"event": Event, **dict(SECTIONS)}
TEXT_FIELDS = (models.CharField, models.TextField, models.JSONField)


class Pseudonyms:
    """Numbered pseudonyms, one per (pattern, original): "Player 3" for player 3 everywhere."""

    def __init__(self, director: str | None) -> None:
        self.director = director
        self.given: dict[str, dict[Any, str]] = defaultdict(dict)

    def of(self, pattern: str, original: Any) -> str:
        given = self.given[pattern]
        if original not in given:
            given[original] = pattern.format(len(given) + 1)
        return given[original]

    def user(self, username: str | None) -> str | None:
        if username is None:
            return None
        return DIRECTOR if username == self.director else self.of(STAFF, username)


Rule = Callable[[Pseudonyms, dict[str, Any], Any], Any]


def _typed(pattern: str) -> Rule:
    """A text somebody typed: the same text, the same pseudonym; an empty one stays empty."""
    return lambda names, row, value: names.of(pattern, value) if value else value


def _blank(names: Pseudonyms, row: dict[str, Any], value: Any) -> str:
    return ""


def _key(kind: str) -> Rule:
    """A client's idempotency key (unique where it was): made from the row's id."""
    return lambda names, row, value: f"{kind}-{row['id']}" if value else value


def _player(names: Pseudonyms, row: dict[str, Any], value: Any) -> str:
    return names.of(PLAYER, row["id"])


def _club(names: Pseudonyms, row: dict[str, Any], value: Any) -> str:
    return names.of(CLUB, player_name_key(value)) if value else ""


# (section, field) -> what the anonymised archive holds instead.
RULES: dict[str, dict[str, Rule]] = {
    "event": {
        "name": lambda names, row, value: EVENT.format(row["id"]),
        "slug": lambda names, row, value: anonymised_slug(row["id"]),
        "venue": _blank,
    },
    "teams": {"name": lambda names, row, value: names.of(TEAM, row["id"])},
    "players": {
        "name": _player,
        "name_key": lambda names, row, value: player_name_key(_player(names, row, value)),
        "club": _club,
        "ema_number": _blank,
        # A PIN belongs to the server that issued it; the importing director issues new ones.
        "pin_digest": _blank,
        "pin_generation": lambda names, row, value: 0,
    },
    "stages": {"name": lambda names, row, value: STAGE.format(row["number"])},
    "tables": {"label": _blank},
    "announcements": {"text": _typed(ANNOUNCEMENT)},
    "round_status_changes": {"reason": _typed(REASON)},
    "results": {"reason": _typed(REASON), "idempotency_key": _key("result")},
    "foul_reports": {
        "note": _typed(NOTE),
        "explanation": _typed(EXPLANATION),
        "reason": _typed(REASON),
        "user_agent": _blank,
        "idempotency_key": _key("foul"),
    },
    "voids": {"reason": _typed(REASON), "user_agent": _blank},
    "sheet_hands": {"reason": _typed(REASON), "idempotency_key": _key("hand")},
    "seat_corrections": {"reason": _typed(REASON), "idempotency_key": _key("seats")},
}
# Text fields kept as they are: codes and versions the rules read, the rules' own structures of
# ids, seats and numbers, and sentences the system wrote from seat winds (a foul's consequences).
KEPT: dict[str, frozenset[str]] = {
    "event": frozenset({"ruleset_options", "time_zone"}),
    "stages": frozenset({"seed_points"}),
    "cut_decisions": frozenset({"standing", "tied", "chosen", "qualified"}),
    "referee_assignments": frozenset({"table_numbers"}),
    "results": frozenset({"ruleset_key", "ruleset_version"}),
    "foul_reports": frozenset(
        {"code", "details", "description", "ruleset_key", "ruleset_version", "co_offenders"}
    ),
    "ledger_entries": frozenset({"detail", "ruleset_key", "ruleset_version"}),
    "sheet_hands": frozenset({"kind", "data"}),
    # Seats by wind and what the correction wrote (ids), and the tag the system drew.
    "seat_corrections": frozenset({"before", "after", "written", "tag"}),
}


def anonymised_slug(event_id: int) -> str:
    return SLUG.format(event_id)


def _unnamed(names: Pseudonyms, row: dict[str, Any], value: Any) -> Any:
    """A field nobody classified: typed text for all we know."""
    if isinstance(value, str):
        return _typed(TEXT)(names, row, value)
    if isinstance(value, dict | list):
        return type(value)()
    return value


def _keep(names: Pseudonyms, row: dict[str, Any], value: Any) -> Any:
    return value


def _user(names: Pseudonyms, row: dict[str, Any], value: Any) -> Any:
    return names.user(value)


def section_rules(section: str) -> dict[str, Rule]:
    """Every field of a section's rows with its rule; rows may hold other keys (``_unnamed``)."""
    rules: dict[str, Rule] = {}
    for field in MODELS[section]._meta.concrete_fields:
        if field.name in RULES.get(section, {}):
            rules[field.name] = RULES[section][field.name]
        elif is_user_field(field):
            rules[field.name] = _user
        elif field.name in KEPT.get(section, ()) or not is_text(field):
            rules[field.name] = _keep
        else:
            rules[field.name] = _unnamed
    for name in KEPT.get(section, ()):
        rules.setdefault(name, _keep)
    return rules


def is_text(field: models.Field) -> bool:
    """A field that can hold what a person typed: text or JSON, not a choice or a reference."""
    return isinstance(field, TEXT_FIELDS) and not field.choices and not field.is_relation


def _anonymised_rows(
    names: Pseudonyms, section: str, rows: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    rules = section_rules(section)
    return [
        {key: rules.get(key, _unnamed)(names, row, value) for key, value in row.items()}
        for row in rows
    ]


def anonymise(data: dict[str, Any]) -> dict[str, Any]:
    """An archive of ``event_archive`` with its persons and typed texts replaced."""
    names = Pseudonyms(data["event"].get("director"))
    out = dict(data)
    out["event"] = _anonymised_rows(names, "event", [data["event"]])[0]
    for section, _model in SECTIONS:
        out[section] = _anonymised_rows(names, section, data[section])
    out["users"] = sorted(names.user(username) for username in data["users"])
    return out


def anonymised_archive(event: Event) -> dict[str, Any]:
    return anonymise(event_archive(event))


def anonymised_archive_json(event: Event) -> str:
    """The anonymised archive as text (keys sorted, like the archive)."""
    return archive_text(anonymised_archive(event))
