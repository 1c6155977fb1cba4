"""Creating and changing events."""

from __future__ import annotations

import zoneinfo

from anyascii import anyascii
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import RuleError, get_ruleset
from tournament.events.models import Event, current_time_zone, time_zone_names
from tournament.events.reading.pricing import reprice
from tournament.rounds.models import Round
from tournament.writes import bump_revision


def option_error(ruleset_key: str, error: RuleError) -> ValidationError:
    """A ruleset's complaint about an option as a message for people: translated, naming the
    option by its label. ``params["option"]`` keeps the option's key for forms that show each
    option as a field."""
    name = error.field.removeprefix("options").removeprefix(".")
    problem = error.translated(_, ngettext)
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


SLUG_LENGTH = 70  # room for "-2", "-3", ... within the field's 80


def derived_slug(name: str, *, taken: frozenset[str] = frozenset()) -> str:
    """The short name an event gets from its name when none is given: the name in ASCII
    letters ("Kraków Open 2026" and "Łódź Open" become "krakow-open-2026" and "lodz-open"),
    with "-2", "-3", ... when an event (or ``taken``) has it already."""
    base = slugify(anyascii(name or ""))[:SLUG_LENGTH].strip("-") or "event"
    slug, n = base, 1
    while slug in taken or Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _check(event: Event) -> None:
    errors: dict[str, list] = {}
    event.time_zone = current_time_zone(str(event.time_zone))
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


NEEDS_REPRICING = "needs_repricing"


def needs_repricing(error: ValidationError) -> bool:
    """Whether ``save_event`` refused a change that the audited re-pricing can make."""
    errors = getattr(error, "error_dict", {})
    return any(e.code == NEEDS_REPRICING for field in errors.values() for e in field)


def _check_played(event: Event) -> None:
    """Once a result or a foul is stored, the ruleset stays, and option changes that would
    price a recorded foul differently are refused: the standings would silently read the
    stored scores and amounts under other rules. ``penalties.repricing.services`` is the
    audited way."""
    stored = Event.objects.filter(pk=event.pk).values("ruleset", "ruleset_options").first()
    if stored is None:
        return
    if stored["ruleset"] != event.ruleset:
        results = event.table_results.exists()
        if results or event.foul_reports.exists():
            if results:
                message = _(
                    "The ruleset cannot change: this event already has table results, scored "
                    "under %(ruleset)s."
                )
            else:
                message = _(
                    "The ruleset cannot change silently: this event already has fouls, priced "
                    "under %(ruleset)s. Re-price them to change it."
                )
            code = "ruleset_played" if results else NEEDS_REPRICING
            raise ValidationError(
                {"ruleset": [ValidationError(message % {"ruleset": stored["ruleset"]}, code=code)]}
            )
        return
    if (stored["ruleset_options"] or {}) == (event.ruleset_options or {}):
        return
    changed = [r for r in reprice(event, event.ruleset, event.ruleset_options) if r.differs]
    if changed:
        message = ngettext(
            "These options change the amounts of %(count)d recorded foul (report #%(first)s). "
            "Keep the options, or re-price the foul.",
            "These options change the amounts of %(count)d recorded fouls (report #%(first)s "
            "first). Keep the options, or re-price the fouls.",
            len(changed),
        ) % {"count": len(changed), "first": changed[0].report.pk}
        raise ValidationError({"ruleset_options": [ValidationError(message, code=NEEDS_REPRICING)]})


def validate_event(event: Event) -> None:
    """Every check ``save_event`` makes, without writing: for forms (the admin's) that show
    the errors next to their fields before saving through ``save_event``."""
    _check(event)
    if event.pk:
        _check_played(event)


KEEP_LOCAL_TIMES, KEEP_MOMENTS = "local", "moments"
ROUND_TIMES = (KEEP_LOCAL_TIMES, KEEP_MOMENTS)


def _zone(name: str) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def zone_change_effect(event: Event, old_zone: str, new_zone: str) -> list[dict]:
    """What moving the event from ``old_zone`` to ``new_zone`` does to its rounds' starts: per
    round with a start, the local time now, that time kept in the new zone, and the same moment
    there (one query)."""
    old, new = _zone(old_zone), _zone(new_zone)
    effect = []
    for round_ in event.rounds.exclude(starts_at=None).order_by("number"):
        local = round_.starts_at.astimezone(old)
        effect.append(
            {
                "round": round_,
                "now": local,
                "local_kept": local.replace(tzinfo=new),
                "moment_kept": round_.starts_at.astimezone(new),
            }
        )
    return effect


def _move_round_starts(event: Event, stored_zone: str, round_times: str | None) -> None:
    """Under the lock: a new time zone keeps either the rounds' local times (11:30 stays 11:30,
    a new moment) or their moments (11:30 in Prague is 12:30 in Helsinki), as the director says;
    the change is refused while rounds have starts and nobody said which."""
    if event.time_zone == current_time_zone(stored_zone):
        return
    effect = zone_change_effect(event, stored_zone, event.time_zone)
    if not effect:
        return
    if round_times not in ROUND_TIMES:
        raise ValidationError(
            {
                "round_times": [
                    _(
                        "The rounds have start times: say whether they keep their local times "
                        "in the new time zone or the same moments."
                    )
                ]
            }
        )
    if round_times == KEEP_LOCAL_TIMES:
        for line in effect:
            line["round"].starts_at = line["local_kept"]
        Round.objects.bulk_update([line["round"] for line in effect], ["starts_at"])


def save_event(event: Event, *, repricing: bool = False, round_times: str | None = None) -> Event:
    """Validate (fields, dates, time zone, and the option overrides against the ruleset) and
    save. Only the overrides are stored, so the ruleset's defaults apply to everything else.
    ``repricing`` is for ``penalties.repricing.services`` alone, which re-prices every foul in
    the same transaction. ``round_times`` (``local`` or ``moments``) says what a new time zone
    does to the rounds' starts, when they have some."""
    derive = not event.pk and not event.slug
    if derive:
        event.slug = derived_slug(event.name)
    _check(event)
    if derive:
        return _insert_with_derived_slug(event)
    with transaction.atomic():
        if event.pk and not repricing:
            Event.objects.select_for_update().filter(pk=event.pk).first()
            _check_played(event)
        if event.pk:
            stored = Event.objects.filter(pk=event.pk).values_list("time_zone", flat=True).first()
            if stored is not None:
                _move_round_starts(event, stored, round_times)
        event.save()
        if event.pk:
            bump_revision(event)
    event.refresh_from_db(fields=["revision"])
    return event


def _insert_with_derived_slug(event: Event) -> Event:
    """A new event whose short name was derived: another event created at the same moment
    may take that name first; the next free one is taken then."""
    tried: set[str] = set()
    for _attempt in range(5):
        try:
            with transaction.atomic():
                event.save()
            return event
        except IntegrityError:
            if Event.objects.filter(slug=event.slug).exists():
                tried.add(event.slug)
                event.slug = derived_slug(event.name, taken=frozenset(tried))
                continue
            raise
    raise ValidationError({"slug": [_("Give the event a short name of its own.")]})
