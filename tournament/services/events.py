"""Creating and changing events."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rules import RuleError, get_ruleset
from tournament.models import Event, time_zone_names

from .common import bump_revision


def option_error(ruleset_key: str, error: RuleError) -> ValidationError:
    """A ruleset's complaint about an option as a message for people: translated, naming the
    option by its label. ``params["option"]`` keeps the option's key for forms that show each
    option as a field."""
    name = error.field.removeprefix("options").removeprefix(".")
    problem = _(error.template) % error.params if error.params else _(error.template)
    try:
        spec = get_ruleset(ruleset_key).option_specs.get(name)
    except RuleError:
        spec = None
    if spec is None:
        message = _("Ruleset options: %(problem)s.") % {"problem": problem}
    else:
        message = _("%(option)s: %(problem)s.") % {"option": _(spec.label), "problem": problem}
    # Django fills ``params`` into the message: a literal % must be doubled.
    return ValidationError(message.replace("%", "%%"), code="option", params={"option": name})


def _check(event: Event) -> None:
    errors: dict[str, list] = {}
    if event.start_date and event.end_date and event.end_date < event.start_date:
        errors["end_date"] = [_("The last day cannot be before the first day.")]
    if event.time_zone not in time_zone_names():
        errors["time_zone"] = [
            _("Unknown time zone %(zone)s; choose one such as Europe/Prague.")
            % {"zone": str(event.time_zone)[:64]}
        ]
    try:
        event.full_clean(exclude=list(errors), validate_constraints=not errors)
    except ValidationError as exc:
        for field, messages in exc.message_dict.items():
            errors.setdefault(field, []).extend(messages)
    if "ruleset" not in errors:
        try:
            get_ruleset(event.ruleset).options(event.ruleset_options or {})
        except RuleError as error:
            errors["ruleset_options"] = [option_error(event.ruleset, error)]
    if errors:
        raise ValidationError(errors)


def save_event(event: Event) -> Event:
    """Validate (fields, dates, time zone, and the option overrides against the ruleset) and
    save. Only the overrides are stored, so the ruleset's defaults apply to everything else."""
    _check(event)
    with transaction.atomic():
        event.save()
        if event.pk:
            bump_revision(event)
    event.refresh_from_db(fields=["revision"])
    return event
