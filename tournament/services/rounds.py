"""Rounds: creating them and moving them through their states."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournament.models import MAX_NUMBER, Event, Round

from .common import bump_revision

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
