"""Creating and changing events."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from rules import RuleError, get_ruleset
from tournament.models import Event

from .common import bump_revision


def save_event(event: Event) -> Event:
    """Validate (fields, and the option overrides against the ruleset) and save. Only the
    overrides are stored, so the ruleset's defaults apply to everything else."""
    event.full_clean()
    try:
        get_ruleset(event.ruleset).options(event.ruleset_options or {})
    except RuleError as error:
        raise ValidationError({"ruleset_options": [error.message]}) from None
    with transaction.atomic():
        event.save()
        if event.pk:
            bump_revision(event)
    event.refresh_from_db(fields=["revision"])
    return event
