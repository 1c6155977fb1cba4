"""Teams of an event: creating, renaming and removing them, and who belongs to which.

A player belongs to at most one team, of the player's own event: a team of another event is
refused with a message, whichever way it comes in (page, API, file import). Team standings
are computed by scoring from the players' standings (``scoring.standings.reading.formats``);
every change of membership or names bumps the revision so that they follow.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.events.models import Event
from tournament.players.models import PLAYER_CLUB_MAX, Player, Team
from tournament.text import clean_text
from tournament.writes import bump_revision

MAX_TEAM_BEST = 100


def mark_teams(event: Event) -> None:
    """Keep ``Event.has_teams`` true while the event has a team (in the caller's
    transaction)."""
    has = event.teams.exists()
    Event.objects.filter(pk=event.pk).update(has_teams=has)
    event.has_teams = has


def clean_team_name(name: Any) -> str:
    errors: dict[str, list[str]] = {}
    text = clean_text(
        name, label=_("A team name"), limit=PLAYER_CLUB_MAX, errors=errors, field="name"
    )
    if not errors and not text:
        errors["name"] = [_("A team needs a name.")]
    if errors:
        raise ValidationError(errors)
    return text


def _name_taken(event: Event, name: str, exclude: int | None = None) -> bool:
    others = event.teams.filter(name__iexact=name)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    return others.exists()


def create_team(event: Event, name: Any) -> Team:
    name = clean_team_name(name)
    if _name_taken(event, name):
        raise ValidationError({"name": [_("Team %(name)s already exists.") % {"name": name}]})
    try:
        with transaction.atomic():
            team = Team.objects.create(event=event, name=name)
            mark_teams(event)
            bump_revision(event)
    except IntegrityError:
        raise ValidationError(
            {"name": [_("Team %(name)s already exists.") % {"name": name}]}
        ) from None
    return team


def rename_team(team: Team, name: Any) -> Team:
    name = clean_team_name(name)
    if name == team.name:
        return team
    if _name_taken(team.event, name, exclude=team.pk):
        raise ValidationError({"name": [_("Team %(name)s already exists.") % {"name": name}]})
    with transaction.atomic():
        team.name = name
        team.save(update_fields=["name"])
        bump_revision(team.event)
    return team


def delete_team(team: Team) -> None:
    """Remove a team; its members stay registered, without a team."""
    event = team.event
    with transaction.atomic():
        team.delete()
        mark_teams(event)
        bump_revision(event)


def resolve_team(event: Event, value: Any) -> Team | None:
    """The team ``value`` names for a player of ``event``: a ``Team``, its id, or nothing
    (``None`` or ""). A team of another event, or an unknown id, is refused."""
    if value is None or value == "":
        return None
    if isinstance(value, Team):
        team = value
    else:
        try:
            pk = int(str(value).strip())
        except ValueError:
            raise ValidationError(
                {"team": [_("Choose a team of this event (by its id).")]}
            ) from None
        team = Team.objects.filter(pk=pk).first()
        if team is None:
            raise ValidationError({"team": [_("There is no team %(id)s.") % {"id": pk}]})
    if team.event_id != event.pk:
        raise ValidationError(
            {"team": [_("Team %(name)s belongs to another event.") % {"name": team.name}]}
        )
    return team


def set_team(player: Player, value: Any) -> Player:
    """Put ``player`` into the team ``value`` names (or into none)."""
    team = resolve_team(player.event, value)
    if (team.pk if team else None) == player.team_id:
        return player
    with transaction.atomic():
        player.team = team
        player.save(update_fields=["team"])
        bump_revision(player.event)
    return player


def set_team_best(event: Event, value: Any) -> Event:
    """How many members' totals count for a team: a whole number, or nothing for every one."""
    if value is None or value == "":
        best = None
    else:
        try:
            best = int(str(value).strip())
        except ValueError:
            best = 0
        if not 1 <= best <= MAX_TEAM_BEST:
            raise ValidationError(
                {
                    "team_best": [
                        ngettext(
                            "Count from 1 to %(max)d member per team, or leave it empty for all.",
                            "Count from 1 to %(max)d members per team, or leave it empty for all.",
                            MAX_TEAM_BEST,
                        )
                        % {"max": MAX_TEAM_BEST}
                    ]
                }
            )
    if best == event.team_best:
        return event
    with transaction.atomic():
        Event.objects.filter(pk=event.pk).update(team_best=best)
        event.team_best = best
        bump_revision(event)
    return event


def teams_by_name(event: Event, names: set[str]) -> dict[str, Team]:
    """The event's teams of these names (case-blind), creating those that are missing; inside
    the caller's transaction (the file import)."""
    found = {t.name.casefold(): t for t in event.teams.all()}
    missing = []
    for name in sorted(names):
        if name.casefold() not in found:
            team = Team(event=event, name=name)
            found[name.casefold()] = team
            missing.append(team)
    Team.objects.bulk_create(missing)
    if missing:
        mark_teams(event)
    return {name: found[name.casefold()] for name in names}
