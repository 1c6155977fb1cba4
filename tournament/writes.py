"""What every write service shares: the revision bump that asks for a reconcile, and the
translation of a database integrity error into a form error."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournament.events.models import Event
from tournament.rounds.models import WIND_ORDER
from tournament.signals import standings_changed

WINDS = [w.value for w in WIND_ORDER]


def bump_revision(event: Event) -> None:
    """Mark the event's standings-relevant state as changed, inside the caller's transaction;
    once that commits, ``standings_changed`` tells scoring to reconcile."""
    Event.objects.filter(pk=event.pk).update(revision=F("revision") + 1)
    event_id = event.pk
    transaction.on_commit(lambda: standings_changed.send(sender=Event, event_id=event_id))


def integrity_error(exc: IntegrityError) -> ValidationError:
    text = str(exc).lower()
    if "seat_player_once_per_round" in text or "seat.round_id, tournament_seat.player" in text:
        return ValidationError({"seats": [_("A player can sit only once in a round.")]})
    if "seat_wind_unique_per_table" in text or "seat.table_id, tournament_seat.wind" in text:
        return ValidationError({"seats": [_("Each wind can be taken once per table.")]})
    if "closed" in text:
        return ValidationError({"round": [_("The round is closed; its seating cannot change.")]})
    return ValidationError(
        _("The change conflicts with data saved meanwhile; reload the page and try again.")
    )
