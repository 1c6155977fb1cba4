"""Registering players one by one and changing them.

Every way in (pages, API, file import) goes through ``clean_player_fields``: names are
normalised to NFC with single spaces, refused with control or formatting characters, and held
to the column lengths; duplicates are found by the casefolded key the database keeps unique
(``tournament.models.player_name_key``). Any change that shows in the standings or exports
(a new player, a name, club, country, EMA number or status) bumps the event's revision.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django_countries import countries

from tournament.events.models import Event
from tournament.players.models import (
    EMA_NUMBER_REGEX,
    PLAYER_CLUB_MAX,
    PLAYER_NAME_MAX,
    Player,
    player_name_key,
)
from tournament.text import as_text, clean_text
from tournament.writes import bump_revision

SHOWN_FIELDS = ("name", "country", "club", "ema_number", "status")


def clean_player_fields(
    name: Any = "", country: Any = "", club: Any = "", ema_number: Any = ""
) -> dict[str, str]:
    """The checks every way in applies; ``ValidationError`` per field, or the clean values."""
    errors: dict[str, list[str]] = {}
    name = clean_text(
        name, label=_("A name"), limit=PLAYER_NAME_MAX, errors=errors, field="name", required=True
    )
    club = clean_text(club, label=_("A club"), limit=PLAYER_CLUB_MAX, errors=errors, field="club")
    country = as_text(country).strip().upper()
    ema_number = as_text(ema_number).strip()
    if country and country not in countries:
        errors["country"] = [
            _("Unknown country code %(code)s (use ISO 3166 codes such as CZ, FR, FI, PL).")
            % {"code": country[:10]}
        ]
    if ema_number and not re.fullmatch(EMA_NUMBER_REGEX, ema_number):
        errors["ema_number"] = [
            _("An EMA number is 8 digits, e.g. 04010001; got %(value)s.")
            % {"value": ema_number[:20]}
        ]
    if errors:
        raise ValidationError(errors)
    return {"name": name, "country": country, "club": club, "ema_number": ema_number}


def duplicate_errors(
    event: Event, fields: Mapping[str, str], exclude_pk: int | None = None
) -> dict[str, list[str]]:
    """Another player of the event with the same name (by key) or EMA number: one query."""
    others = event.players.all()
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    key = player_name_key(fields["name"])
    if fields["ema_number"]:
        others = others.filter(name_key=key) | others.filter(ema_number=fields["ema_number"])
    else:
        others = others.filter(name_key=key)
    errors: dict[str, list[str]] = {}
    for other in others.only("name", "name_key", "ema_number"):
        if other.name_key == key:
            errors["name"] = [
                _("%(name)s is already registered in this event.") % {"name": other.name}
            ]
        if fields["ema_number"] and other.ema_number == fields["ema_number"]:
            errors["ema_number"] = [
                _("EMA number %(number)s is already registered in this event (%(name)s).")
                % {"number": other.ema_number, "name": other.name}
            ]
    return errors


def _race_error(exc: IntegrityError, fields: Mapping[str, str]) -> ValidationError:
    """A player registered meanwhile by another request: the database refused the duplicate."""
    text = str(exc).lower()
    if "ema_unique" in text or "ema_number" in text:
        return ValidationError(
            {
                "ema_number": [
                    _("EMA number %(number)s is already registered in this event.")
                    % {"number": fields["ema_number"]}
                ]
            }
        )
    return ValidationError(
        {"name": [_("%(name)s is already registered in this event.") % {"name": fields["name"]}]}
    )


def add_player(
    event: Event,
    *,
    name: Any,
    country: Any = "",
    club: Any = "",
    ema_number: Any = "",
    team: Any = None,
) -> Player:
    from tournament.formats.services.teams import resolve_team

    fields = clean_player_fields(name, country, club, ema_number)
    errors = duplicate_errors(event, fields)
    if errors:
        raise ValidationError(errors)
    chosen_team = resolve_team(event, team)
    try:
        with transaction.atomic():
            player = Player.objects.create(event=event, team=chosen_team, **fields)
            bump_revision(event)
    except IntegrityError as exc:
        raise _race_error(exc, fields) from None
    return player


def update_player(player: Player, **changes: Any) -> Player:
    """Change any of name, country, club, EMA number and status (the others keep their
    values), and the team (``team``: a team of the player's event, its id, or "" for none).
    A change of any of them reaches the standings and exports: the revision moves."""
    from tournament.formats.services.teams import resolve_team

    team_given = "team" in changes
    team = changes.pop("team", None)
    unknown = set(changes) - set(SHOWN_FIELDS)
    if unknown:
        raise ValidationError(
            {field: [_("This field cannot be changed here.")] for field in sorted(unknown, key=str)}
        )
    merged = {
        "name": changes.get("name", player.name),
        "country": changes.get("country", str(player.country or "")),
        "club": changes.get("club", player.club),
        "ema_number": changes.get("ema_number", player.ema_number),
    }
    errors: dict[str, list[str]] = {}
    try:
        fields = clean_player_fields(**merged)
    except ValidationError as exc:
        errors.update(exc.message_dict)
        fields = {}
    status = as_text(changes.get("status", player.status))
    if status not in Player.Status.values:
        errors["status"] = [
            _("Choose a status: %(choices)s.")
            % {"choices": ", ".join(str(label) for label in Player.Status.labels)}
        ]
    if not errors:
        errors.update(duplicate_errors(player.event, fields, exclude_pk=player.pk))
    chosen_team = None
    if team_given:
        try:
            chosen_team = resolve_team(player.event, team)
        except ValidationError as exc:
            errors.update(exc.message_dict)
    if errors:
        raise ValidationError(errors)
    fields["status"] = status
    before = {key: as_text(getattr(player, key)) for key in SHOWN_FIELDS}
    changed = [key for key in SHOWN_FIELDS if before[key] != fields[key]]
    old_team = player.team_id
    if team_given and (chosen_team.pk if chosen_team else None) != old_team:
        changed.append("team")
        fields["team"] = chosen_team
        before["team"] = player.team
    if not changed:
        return player
    for key in changed:
        setattr(player, key, fields[key])
    try:
        with transaction.atomic():
            player.save(update_fields=changed)
            bump_revision(player.event)
    except IntegrityError as exc:
        for key in changed:
            setattr(player, key, before[key])
        raise _race_error(exc, fields) from None
    return player
