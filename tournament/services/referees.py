"""Referees, head referees and scorekeepers of an event."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import MAX_NUMBER, Event, RefereeAssignment


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
