"""Rounds: creating them, editing their time, moving them through their states, and the
round clock (start, pause, extend).

Status moves forward one step at a time (planned, seated, live, closed); a round goes live
only after every earlier round has been live (the event's channels are told it started).
Moving back (reopening a closed round, stopping a live one, unseating) is allowed with a
reason and recorded. Every bound is checked
here, not by the database: SQLite would store any integer, PostgreSQL would fail with a 500.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.channels import services as channels
from tournament.events.models import MAX_NUMBER, Event
from tournament.rounds.models import Round, RoundStatusChange
from tournament.writes import bump_revision

ROUND_TRANSITIONS: dict[str, set[str]] = {
    Round.Status.PLANNED: {Round.Status.SEATED},
    Round.Status.SEATED: {Round.Status.PLANNED, Round.Status.LIVE},
    Round.Status.LIVE: {Round.Status.SEATED, Round.Status.CLOSED},
    Round.Status.CLOSED: {Round.Status.LIVE},
}
# Moves back in a round's life: each needs a reason, and is recorded.
BACKWARD_MOVES = {
    (Round.Status.SEATED, Round.Status.PLANNED),
    (Round.Status.LIVE, Round.Status.SEATED),
    (Round.Status.CLOSED, Round.Status.LIVE),
}
MAX_LENGTH_MINUTES = 24 * 60
MAX_EXTRA_MINUTES = 6 * 60
# Round starts are accepted within these years: later dates overflow the clock arithmetic.
FIRST_YEAR, LAST_YEAR = 2000, 2999
MAX_REASON = 500


def check_length(length_minutes, field: str = "length_minutes") -> int:
    if isinstance(length_minutes, bool) or not isinstance(length_minutes, int):
        raise ValidationError({field: [_("The length is a whole number of minutes.")]})
    if not 1 <= length_minutes <= MAX_LENGTH_MINUTES:
        raise ValidationError(
            {
                field: [
                    ngettext(
                        "A round lasts from 1 to %(max)d minute (24 hours).",
                        "A round lasts from 1 to %(max)d minutes (24 hours).",
                        MAX_LENGTH_MINUTES,
                    )
                    % {"max": MAX_LENGTH_MINUTES}
                ]
            }
        )
    return length_minutes


def check_starts_at(starts_at: datetime | None) -> datetime | None:
    if starts_at is None:
        return None
    if not isinstance(starts_at, datetime):
        raise ValidationError({"starts_at": [_("Give the start as a date and time.")]})
    year = starts_at.astimezone(UTC).year if starts_at.tzinfo else starts_at.year
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValidationError(
            {
                "starts_at": [
                    _("A round starts between the years %(first)d and %(last)d.")
                    % {"first": FIRST_YEAR, "last": LAST_YEAR}
                ]
            }
        )
    return starts_at


def create_round(
    event: Event,
    *,
    number: int | None = None,
    starts_at: datetime | None = None,
    length_minutes: int = 120,
) -> Round:
    check_length(length_minutes)
    check_starts_at(starts_at)
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
        return Round.objects.create(
            event=event, number=number, starts_at=starts_at, length_minutes=length_minutes
        )


MAX_ROUNDS_AT_ONCE = 40
MAX_BREAK_MINUTES = 24 * 60


def check_break(break_minutes) -> int:
    if isinstance(break_minutes, bool) or not isinstance(break_minutes, int):
        raise ValidationError({"break_minutes": [_("The break is a whole number of minutes.")]})
    if not 0 <= break_minutes <= MAX_BREAK_MINUTES:
        raise ValidationError(
            {
                "break_minutes": [
                    ngettext(
                        "A break lasts from 0 to %(max)d minute (24 hours).",
                        "A break lasts from 0 to %(max)d minutes (24 hours).",
                        MAX_BREAK_MINUTES,
                    )
                    % {"max": MAX_BREAK_MINUTES}
                ]
            }
        )
    return break_minutes


def batch_starts(
    starts_at: datetime | None, count: int, length_minutes: int, break_minutes: int
) -> list[datetime | None]:
    """The starts of ``count`` rounds in a row: the first at ``starts_at``, each next one
    after the one before, its length and the break (elapsed time: a change of daylight
    saving time in between moves the clock, not the schedule)."""
    if starts_at is None:
        return [None] * count
    step = timedelta(minutes=length_minutes + break_minutes)
    return [starts_at + i * step for i in range(count)]


def create_rounds(
    event: Event,
    *,
    count: int = 1,
    number: int | None = None,
    starts_at: datetime | None = None,
    length_minutes: int = 120,
    break_minutes: int = 0,
) -> list[Round]:
    """``count`` rounds numbered on from ``number`` (by default the next number), all or none;
    with ``starts_at``, the first starts then and each next one after the one before, its
    length and ``break_minutes`` (``batch_starts``)."""
    if not isinstance(count, int) or not 1 <= count <= MAX_ROUNDS_AT_ONCE:
        raise ValidationError(
            {
                "count": [
                    ngettext(
                        "Add 1 to %(max)d round at a time.",
                        "Add 1 to %(max)d rounds at a time.",
                        MAX_ROUNDS_AT_ONCE,
                    )
                    % {"max": MAX_ROUNDS_AT_ONCE}
                ]
            }
        )
    check_length(length_minutes)
    check_break(break_minutes)
    starts = batch_starts(check_starts_at(starts_at), count, length_minutes, break_minutes)
    check_starts_at(starts[-1])
    with transaction.atomic():
        first = create_round(
            event, number=number, starts_at=starts[0], length_minutes=length_minutes
        )
        created = [first] + [
            create_round(
                event, number=first.number + i, starts_at=starts[i], length_minutes=length_minutes
            )
            for i in range(1, count)
        ]
        bump_revision(event)  # the players' pages and the calendar show the new starts
    return created


def _check_move(round_: Round, new_status: str, reason: str) -> bool:
    """Raise unless ``round_`` may move to ``new_status``; True for a move back."""
    if new_status not in ROUND_TRANSITIONS.get(round_.status, set()):
        raise ValidationError(
            {
                "status": [
                    _("A %(old)s round cannot become %(new)s.")
                    % {
                        "old": round_.get_status_display(),
                        "new": Round.Status(new_status).label
                        if new_status in Round.Status.values
                        else new_status,
                    }
                ]
            }
        )
    if new_status in (Round.Status.SEATED, Round.Status.LIVE) and not round_.seats.exists():
        raise ValidationError({"status": [_("Seat the round before it can start.")]})
    if new_status == Round.Status.LIVE and round_.status == Round.Status.SEATED:
        waiting = list(
            Round.objects.filter(
                event_id=round_.event_id,
                number__lt=round_.number,
                status__in=[Round.Status.PLANNED, Round.Status.SEATED],
            ).values_list("number", flat=True)
        )
        if waiting:
            raise ValidationError(
                {
                    "status": [
                        _("Round %(number)d cannot start before round %(earlier)s.")
                        % {
                            "number": round_.number,
                            "earlier": ", ".join(map(str, waiting)),
                        }
                    ]
                }
            )
    backward = (round_.status, new_status) in BACKWARD_MOVES
    if backward and not reason:
        raise ValidationError(
            {
                "reason": [
                    _("Moving round %(number)d back from %(old)s to %(new)s needs a reason.")
                    % {
                        "number": round_.number,
                        "old": round_.get_status_display(),
                        "new": Round.Status(new_status).label,
                    }
                ]
            }
        )
    return backward


def update_round(
    round_: Round,
    *,
    reason: str = "",
    by: AbstractBaseUser | None = None,
    **changes,
) -> Round:
    """Change a round's status, time or length. Moving back needs ``reason`` (recorded with
    ``by``). A round going live starts its clock, and takes its event out of Draft."""
    reason = (reason or "").strip()
    if "\x00" in reason or len(reason) > MAX_REASON:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A reason has at most %(max)d character.",
                        "A reason has at most %(max)d characters.",
                        MAX_REASON,
                    )
                    % {"max": MAX_REASON}
                ]
            }
        )
    new_status = changes.pop("status", round_.status)
    old_status = round_.status
    backward = False
    if new_status != old_status:
        backward = _check_move(round_, new_status, reason)
    if "length_minutes" in changes:
        check_length(changes["length_minutes"])
    if "starts_at" in changes:
        check_starts_at(changes["starts_at"])
    for key, value in changes.items():
        setattr(round_, key, value)
    round_.status = new_status
    now = timezone.now()
    if new_status == Round.Status.LIVE and old_status != Round.Status.LIVE:
        round_.live_since = now
    elif new_status in (Round.Status.PLANNED, Round.Status.SEATED):
        round_.live_since = None
        round_.clock_started_at = None
        round_.clock_paused_at = None
        round_.paused_seconds = 0
    with transaction.atomic():
        round_.save()
        if new_status == Round.Status.LIVE:
            Event.objects.filter(pk=round_.event_id, status=Event.Status.DRAFT).update(
                status=Event.Status.RUNNING
            )
        if backward:
            RoundStatusChange.objects.create(
                round=round_,
                old_status=old_status,
                new_status=new_status,
                reason=reason,
                changed_by=by if by is not None and by.is_authenticated else None,
            )
        bump_revision(round_.event)
        if new_status == Round.Status.LIVE and old_status != Round.Status.LIVE:
            channels.after_commit(channels.round_started, round_)
    return round_


def round_clock_action(round_: Round, action: str, *, minutes: int = 0) -> Round:
    """The director's clock buttons: ``start`` (now), ``pause``, ``resume``, ``extend`` (add
    ``minutes``, negative to take back). Only a live round has a running clock."""
    if round_.status != Round.Status.LIVE:
        raise ValidationError(
            {"clock": [_("Only a live round's clock can be started, paused or extended.")]}
        )
    now = timezone.now()
    rows = Round.objects.filter(pk=round_.pk)
    if action == "start":
        rows.update(clock_started_at=now, clock_paused_at=None, paused_seconds=0)
    elif action == "pause":
        if round_.clock_paused_at is not None:
            raise ValidationError({"clock": [_("The clock is already paused.")]})
        rows.filter(clock_paused_at__isnull=True).update(clock_paused_at=now)
    elif action == "resume":
        if round_.clock_paused_at is None:
            raise ValidationError({"clock": [_("The clock is not paused.")]})
        paused = int((now - round_.clock_paused_at).total_seconds())
        rows.update(clock_paused_at=None, paused_seconds=F("paused_seconds") + max(paused, 0))
    elif action == "extend":
        if isinstance(minutes, bool) or not isinstance(minutes, int):
            raise ValidationError({"minutes": [_("Give whole minutes.")]})
        total = round_.extra_minutes + minutes
        if not 0 <= total <= MAX_EXTRA_MINUTES:
            raise ValidationError(
                {
                    "minutes": [
                        ngettext(
                            "A round's extra time runs from 0 to %(max)d minute.",
                            "A round's extra time runs from 0 to %(max)d minutes.",
                            MAX_EXTRA_MINUTES,
                        )
                        % {"max": MAX_EXTRA_MINUTES}
                    ]
                }
            )
        rows.update(extra_minutes=total)
    else:
        raise ValidationError({"clock": [_("Unknown clock action.")]})
    round_.refresh_from_db()
    return round_


def check_round_open(round_: Round) -> None:
    if round_.status == Round.Status.CLOSED:
        raise ValidationError(
            {
                "round": [
                    _("Round %(number)d is closed; its seating cannot change.")
                    % {"number": round_.number}
                ]
            }
        )
