"""Stages of an event: ranges of rounds, each with its own standings, a stage after the first
possibly starting with a cut.

An event without stages is one stage of every round, as before. Stages may not overlap; a
round with a result or in play ("played") may not leave its stage, and a stage whose cut is
confirmed keeps its cut. Every refused change says why and writes nothing. Confirming a cut
needs the standings and lives in ``scoring.formats.services``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.events.models import MAX_NUMBER, Event
from tournament.formats.models import Stage
from tournament.registration.models import RegistrationSettings
from tournament.rounds.models import Round
from tournament.writes import bump_revision

STAGE_FIELDS = (
    "name",
    "first_round",
    "last_round",
    "cut_size",
    "carry",
    "seed_points",
    "rest",
    "seating",
    "allow_byes",
)
MAX_SEEDS = 1000


def _whole(value: Any, field: str, errors: dict, *, required: bool = True) -> int | None:
    if value is None or value == "":
        if required:
            errors[field] = [_("This field is required.")]
        return None
    try:
        number = int(str(value).strip())
    except ValueError:
        errors[field] = [_("Give a whole number.")]
        return None
    if not 1 <= number <= MAX_NUMBER:
        errors[field] = [_("Give a number from 1 to %(max)d.") % {"max": MAX_NUMBER}]
        return None
    return number


def _seeds(value: Any, errors: dict) -> list[str]:
    """Seed points by place: a list (or a text of numbers separated by commas or spaces) of
    whole numbers or exact fractions such as 7/2; stored as exact strings."""
    if value in (None, ""):
        return []
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or len(items) > MAX_SEEDS:
        errors["seed_points"] = [_("Give the seed points as numbers, best place first.")]
        return []
    out = []
    for item in items:
        try:
            if isinstance(item, float | bool):
                raise ValueError
            value = Fraction(str(item).strip())
            if (value * 12).denominator != 1:
                errors["seed_points"] = [
                    _(
                        "Seed points are whole numbers or halves, thirds, quarters, sixths or "
                        "twelfths; %(value)s is not."
                    )
                    % {"value": str(item)[:20]}
                ]
                return []
            out.append(str(value))
        except (ValueError, ZeroDivisionError):
            errors["seed_points"] = [
                _("%(value)s is not a whole number or a fraction such as 7/2.")
                % {"value": str(item)[:20]}
            ]
            return []
    return out


def _played_rounds(event: Event) -> set[int]:
    """Round numbers with a result or in play (live or closed)."""
    return set(
        event.rounds.filter(
            Q(status__in=[Round.Status.LIVE, Round.Status.CLOSED]) | Q(table_results__isnull=False)
        ).values_list("number", flat=True)
    )


def clean_stage(event: Event, values: dict[str, Any], stage: Stage | None = None) -> dict:
    """The checked fields of a new or changed stage, or ``ValidationError`` per field."""
    unknown = set(values) - set(STAGE_FIELDS)
    if unknown:
        raise ValidationError(
            {field: [_("This field cannot be changed here.")] for field in sorted(unknown)}
        )
    current = {f: getattr(stage, f) for f in STAGE_FIELDS} if stage else {}
    merged = {**current, **values}
    errors: dict[str, list[str]] = {}
    name = " ".join(str(merged.get("name") or "").split())[:80]
    if not name:
        errors["name"] = [_("A stage needs a name.")]
    first = _whole(merged.get("first_round"), "first_round", errors)
    last = _whole(merged.get("last_round"), "last_round", errors)
    if first and last and last < first:
        errors["last_round"] = [_("The last round cannot come before the first.")]
    cut = _whole(merged.get("cut_size"), "cut_size", errors, required=False)
    choices = {
        "carry": Stage.Carry.values,
        "rest": Stage.Rest.values,
        "seating": Stage.Seating.values,
    }
    chosen = {}
    for field, allowed in choices.items():
        value = merged.get(field) or getattr(Stage, field).field.default
        if value not in allowed:
            errors[field] = [_("Choose one of: %(choices)s.") % {"choices": ", ".join(allowed)}]
        chosen[field] = value
    seeds = _seeds(merged.get("seed_points"), errors)
    if chosen["carry"] == Stage.Carry.SEED and not seeds and "seed_points" not in errors:
        errors["seed_points"] = [_("Give the seed points by place, best place first.")]
    allow_byes = merged.get("allow_byes") in (True, "on", "true", "1", 1)
    if errors:
        raise ValidationError(errors)
    return {
        "name": name,
        "first_round": first,
        "last_round": last,
        "cut_size": cut,
        "seed_points": seeds,
        "allow_byes": allow_byes,
        **chosen,
    }


def _check_plan(event: Event, fields: dict, stage: Stage | None) -> None:
    """Overlaps, played rounds leaving their stage, cuts in the wrong place or size."""
    others = list(event.stages.exclude(pk=stage.pk if stage else None).order_by("first_round"))
    first, last = fields["first_round"], fields["last_round"]
    for other in others:
        if first <= other.last_round and other.first_round <= last:
            raise ValidationError(
                {
                    "first_round": [
                        _(
                            "Rounds %(first)d to %(last)d overlap stage %(name)s (rounds "
                            "%(other_first)d to %(other_last)d)."
                        )
                        % {
                            "first": first,
                            "last": last,
                            "name": other.name,
                            "other_first": other.first_round,
                            "other_last": other.last_round,
                        }
                    ]
                }
            )
    played = _played_rounds(event)
    if stage is not None:
        leaving = sorted(n for n in played if stage.holds(n) and not first <= n <= last)
        if leaving:
            raise ValidationError(
                {
                    "first_round": [
                        _("Round %(number)d is played in stage %(name)s; it cannot move out of it.")
                        % {"number": leaving[0], "name": stage.name}
                    ]
                }
            )
        decided = hasattr(stage, "cut")
        if decided and fields["cut_size"] != stage.cut_size:
            raise ValidationError(
                {"cut_size": [_("The cut of this stage is confirmed; it cannot change.")]}
            )
    before = [o for o in others if o.last_round < first]
    cut = fields["cut_size"]
    if cut is None:
        return
    if not before:
        raise ValidationError(
            {"cut_size": [_("The first stage has no stage before it to cut from.")]}
        )
    field_size = stage_field_size(event, before)
    if not any(other.cut_size for other in before):
        places = _places_still_open(event)
        if places is not None:  # the field is still signing up: the cut is checked when made
            field_size = max(field_size, places)
    if cut > field_size:
        raise ValidationError(
            {
                "cut_size": [
                    ngettext(
                        "A cut to %(cut)d is larger than the field of %(field)d player.",
                        "A cut to %(cut)d is larger than the field of %(field)d players.",
                        field_size,
                    )
                    % {"cut": cut, "field": field_size}
                ]
            }
        )
    if cut % 4 and not fields["allow_byes"]:
        raise ValidationError(
            {
                "cut_size": [
                    _(
                        "A cut to %(cut)d does not fill tables of four; choose a multiple of 4 "
                        "or allow substitutes or byes."
                    )
                    % {"cut": cut}
                ]
            }
        )


def _places_still_open(event: Event) -> int | None:
    """While registration still brings players in (check-in not closed), how many the event
    may have (its cap); ``None`` when the event's players are not registering (the field is
    the players already there)."""
    regset = RegistrationSettings.objects.filter(event=event, opens_at__isnull=False).first()
    if regset is None or regset.check_in_closed_at is not None:
        return None
    return regset.cap


def stage_field_size(event: Event, stages_before: list[Stage]) -> int:
    """How many players the last of ``stages_before`` has: its cut (or the one before it), or
    every ranked player of the event."""
    for stage in reversed(stages_before):
        decision = getattr(stage, "cut", None)
        if decision is not None:
            return len(decision.qualified)
        if stage.cut_size:
            return stage.cut_size
    return event.players.filter(is_substitute=False).count()


def _renumber(event: Event) -> None:
    """Number the stages 1, 2, ... in round order (through numbers past the current ones, as
    the numbers are unique), and keep ``Event.has_stages`` current."""
    stages = list(event.stages.order_by("first_round"))
    offset = max((s.number for s in stages), default=0) + 1
    for index, stage in enumerate(stages):
        stage.number = offset + index
    Stage.objects.bulk_update(stages, ["number"])
    for number, stage in enumerate(stages, start=1):
        stage.number = number
    Stage.objects.bulk_update(stages, ["number"])
    Event.objects.filter(pk=event.pk).update(has_stages=bool(stages))
    event.has_stages = bool(stages)


def _next_number(event: Event) -> int:
    return max(event.stages.values_list("number", flat=True), default=0) + 1


def add_stage(event: Event, **values: Any) -> Stage:
    fields = clean_stage(event, values)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        _check_plan(event, fields, None)
        stage = Stage.objects.create(event=event, number=_next_number(event), **fields)
        _renumber(event)
        bump_revision(event)
    stage.refresh_from_db()
    return stage


def update_stage(stage: Stage, **changes: Any) -> Stage:
    event = stage.event
    fields = clean_stage(event, changes, stage)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        _check_plan(event, fields, stage)
        for key, value in fields.items():
            setattr(stage, key, value)
        stage.save(update_fields=list(fields))
        _renumber(event)
        bump_revision(event)
    stage.refresh_from_db()
    return stage


def delete_stage(stage: Stage) -> None:
    event = stage.event
    played = [n for n in _played_rounds(event) if stage.holds(n)]
    if played or hasattr(stage, "cut"):
        raise ValidationError(
            _("Stage %(name)s is played or its cut is confirmed; it cannot be removed.")
            % {"name": stage.name}
        )
    with transaction.atomic():
        stage.delete()
        _renumber(event)
        bump_revision(event)
