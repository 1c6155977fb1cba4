"""The round clock shown on the projector: pure arithmetic over start, length and extra time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

LAST_MINUTES = 10


@dataclass(frozen=True)
class Clock:
    state: str  # "not_scheduled", "not_started", "running", "last_minutes", "time"
    ends_at: datetime | None
    remaining_seconds: int


def round_clock(
    starts_at: datetime | None, length_minutes: int, now: datetime, extra_minutes: int = 0
) -> Clock:
    if starts_at is None:
        return Clock("not_scheduled", None, 0)
    ends_at = starts_at + timedelta(minutes=length_minutes + extra_minutes)
    if now < starts_at:
        return Clock("not_started", ends_at, int((ends_at - starts_at).total_seconds()))
    remaining = int((ends_at - now).total_seconds())
    if remaining <= 0:
        return Clock("time", ends_at, 0)
    if remaining <= LAST_MINUTES * 60:
        return Clock("last_minutes", ends_at, remaining)
    return Clock("running", ends_at, remaining)
