"""Who may write a sheet: staff who may enter the table's result, or the table's players with a
PIN when the event lets them."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from rules.hands.model import ADJUSTMENT
from scoring.results import services as result_services
from tournament.access.roles import referee_assignments
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table
from tournament.staff.models import RefereeAssignment


@dataclass(frozen=True)
class Author:
    """Who writes: a user (staff) or a player signed in with a PIN."""

    user: AbstractBaseUser | None = None
    player: Player | None = None

    def __post_init__(self) -> None:
        if (self.user is None) == (self.player is None):
            raise ValueError("an author is a user or a player")


def check_enabled(event: Event) -> None:
    if not event.keeps_score_sheets:
        raise ValidationError(_("This event keeps no score sheets."))


def check_author(
    table: Table, author: Author, *, reason: str | None = None, confirming: bool = False
) -> None:
    """Staff: who may enter the table's result (and, to confirm a player's hand, any referee
    of the table too). Players: their own table, in a live round, if the event lets them."""
    event = table.round.event
    if author.user is not None:
        if confirming and not table.round.is_closed and referees_table(author.user, table):
            return
        result_services.check_rights(author.user, event, table, reason)
        return
    player = author.player
    assert player is not None
    if not event.players_enter_hands or player.event_id != event.pk:
        raise PermissionDenied(_("Players do not enter hands at this event."))
    if table.round.status != Round.Status.LIVE:
        raise PermissionDenied(_("Players enter hands only while their round is live."))
    if not Seat.objects.filter(table=table, player=player).exists():
        raise PermissionDenied(_("You may enter hands only at your own table."))


def check_author_under_lock(
    table: Table, author: Author, *, reason: str | None = None, confirming: bool = False
) -> None:
    """``check_author`` again once the sheet's row is locked, if the round moved meanwhile
    (``scoring.results.services.round_status_moved``)."""
    if result_services.round_status_moved(table):
        check_author(table, author, reason=reason, confirming=confirming)


def check_hand_kind(author: Author, kind: str) -> None:
    """A referee adjustment moves points by a referee's decision: never a player's."""
    if author.player is not None and kind == ADJUSTMENT:
        raise PermissionDenied(_("A referee adjustment is entered by a referee, not a player."))


def referees_table(user: AbstractBaseUser, table: Table) -> bool:
    return any(
        a.covers_table(table.number)
        for a in referee_assignments(user, table.round.event)
        if a.role != RefereeAssignment.Role.SCOREKEEPER
    )


def can_write_sheet(user: AbstractBaseUser, table: Table) -> bool:
    try:
        check_author(table, Author(user=user), reason=None)
    except PermissionDenied:
        return False
    return True
