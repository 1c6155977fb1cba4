"""The event's rounds in time: when the next round starts, as the players' pages and the hall's
projector say it (the first round not started yet that has a scheduled start, in the event's
time zone), and which rounds keep the event from being over."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournament.rounds.models import Round


def next_round(event) -> Round | None:
    """The first planned or seated round with a scheduled start (one query)."""
    return (
        Round.objects.filter(
            event=event,
            status__in=(Round.Status.PLANNED, Round.Status.SEATED),
            starts_at__isnull=False,
        )
        .order_by("number")
        .only("pk", "event_id", "number", "status", "starts_at", "length_minutes")
        .first()
    )


def starts_text(round_: Round, now: datetime | None = None) -> str:
    """ "Round 2 starts at 14:30." on its day, else with its date, in the active time zone
    (the event's, on its pages)."""
    local = timezone.localtime(round_.starts_at)
    time = date_format(local, "H:i")
    if local.date() == timezone.localtime(now or timezone.now()).date():
        return _("Round %(number)d starts at %(time)s.") % {"number": round_.number, "time": time}
    return _("Round %(number)d starts on %(date)s at %(time)s.") % {
        "number": round_.number,
        "date": date_format(local, "DATE_FORMAT"),
        "time": time,
    }


def unfinished_rounds(event) -> tuple[list[int], list[int]]:
    """The rounds that keep the event from being finished: (live ones, ones never played,
    that is planned or seated). One query."""
    live, unplayed = [], []
    for number, status in (
        Round.objects.filter(event=event).order_by("number").values_list("number", "status")
    ):
        if status == Round.Status.LIVE:
            live.append(number)
        elif status != Round.Status.CLOSED:
            unplayed.append(number)
    return live, unplayed
