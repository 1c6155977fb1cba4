"""The round clock shown on the projector: pure arithmetic over start, length and extra time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

LAST_MINUTES = 10


@dataclass(frozen=True)
class Clock:
    state: str  # "not_scheduled", "not_started", "running", "last_minutes", "time", "paused"
    ends_at: datetime | None
    remaining_seconds: int


def round_clock(
    starts_at: datetime | None, length_minutes: int, now: datetime, extra_minutes: int = 0
) -> Clock:
    if starts_at is None:
        return Clock("not_scheduled", None, 0)
    try:
        ends_at = starts_at + timedelta(minutes=length_minutes + extra_minutes)
    except OverflowError:
        return Clock("not_scheduled", None, 0)
    if now < starts_at:
        return Clock("not_started", ends_at, int((ends_at - starts_at).total_seconds()))
    remaining = int((ends_at - now).total_seconds())
    if remaining <= 0:
        return Clock("time", ends_at, 0)
    if remaining <= LAST_MINUTES * 60:
        return Clock("last_minutes", ends_at, remaining)
    return Clock("running", ends_at, remaining)


def clock_of(round_, now: datetime, table_extra_minutes: int = 0) -> Clock:
    """The clock of a round as the hall sees it.

    A live round runs from the start the director set by hand (``clock_started_at``), else
    from its scheduled start if that has passed, else from when it went live
    (``live_since``): it never counts down to a scheduled start still ahead. Paused time and
    the round's extra minutes push the end back; while paused, the remaining time stands
    still. Rounds not live keep the scheduled view. Dates beyond the calendar (which the
    services refuse, but old rows may hold) read as not scheduled rather than failing."""
    extra = table_extra_minutes + (round_.extra_minutes or 0)
    try:
        if round_.status != "live":
            return round_clock(round_.starts_at, round_.length_minutes, now, extra)
        start = round_.clock_started_at
        if start is None:
            scheduled = round_.starts_at
            start = scheduled if scheduled is not None and scheduled <= now else None
        if start is None:
            start = round_.live_since or now
        at = round_.clock_paused_at or now
        start = start + timedelta(seconds=round_.paused_seconds or 0)
        clock = round_clock(start, round_.length_minutes, min(at, now), extra)
        if round_.clock_paused_at is not None and clock.ends_at is not None:
            # The end moves on with the pause; the remaining time stands still.
            ends_at = clock.ends_at + max(now - round_.clock_paused_at, timedelta(0))
            return Clock("paused", ends_at, clock.remaining_seconds)
        return clock
    except (OverflowError, ValueError):
        return Clock("not_scheduled", None, 0)
