"""Messages the tournament layer produces: a round's seating (and its corrections) and the
round's start (and, to the event's channels, the seating once published). Each is one
function a service calls after its write commits."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from math import ceil

from django.db import transaction
from django.utils import timezone

from tournament.channels import services as channels
from tournament.notify.models import Message
from tournament.notify.services import enqueue_players
from tournament.rounds.models import Round, Seat

WINDS = "ESWN"
SEATING_KINDS = ("seating", "seating_corrected", "seating_removed")
REMINDER_MINUTES = 10


def _seats(round_: Round) -> dict[int, dict]:
    """Player id -> the plain params of their seat in ``round_`` (one query)."""
    tables: dict[int, list[tuple]] = defaultdict(list)
    for row in (
        Seat.objects.filter(round=round_)
        .order_by()
        .values_list("table_id", "table__number", "wind", "player_id", "player__name")
    ):
        tables[row[0]].append(row)
    event = round_.event
    out = {}
    for seats in tables.values():
        seats.sort(key=lambda s: WINDS.index(s[2]))
        for _table, number, wind, pid, _name in seats:
            out[pid] = {
                "slug": event.slug,
                "event": event.name,
                "round": round_.number,
                "table": number,
                "wind": wind,
                "others": [s[4] for s in seats if s[3] != pid],
            }
    return out


def _seat_key(params: dict) -> tuple:
    return (params.get("table"), params.get("wind"), tuple(params.get("others", ())))


def seating_changed(round_: Round) -> int:
    """After a round's seating was written: "your seat" to players not told yet, a
    correction to those whose seat changed since their last message, "no longer seated" to
    those who lost their seat; nothing to the others. Calling it again changes nothing."""
    seats = _seats(round_)
    last: dict[int, Message] = {}
    for message in Message.objects.filter(
        event=round_.event, kind__in=SEATING_KINDS, subject__startswith=f"r{round_.pk}"
    ).order_by("id"):
        if message.subject == f"r{round_.pk}" or message.subject.startswith(f"r{round_.pk}:"):
            last[message.player_id] = message
    first, corrected, removed = {}, defaultdict(dict), defaultdict(dict)
    for pid, params in seats.items():
        before = last.get(pid)
        if before is None:
            first[pid] = params
        elif before.kind == "seating_removed" or _seat_key(before.params) != _seat_key(params):
            corrected[f"r{round_.pk}:after{before.pk}"][pid] = params
    for pid, before in last.items():
        if pid not in seats and before.kind != "seating_removed":
            removed[f"r{round_.pk}:after{before.pk}"][pid] = {
                "slug": round_.event.slug,
                "event": round_.event.name,
                "round": round_.number,
            }
    count = enqueue_players(round_.event, "seating", f"r{round_.pk}", first)
    for subject, group in corrected.items():
        count += enqueue_players(round_.event, "seating_corrected", subject, group)
    for subject, group in removed.items():
        count += enqueue_players(round_.event, "seating_removed", subject, group)
    return count


def after_seating(round_: Round) -> None:
    """What seating services call inside their transaction: the messages once it commits."""
    round_id = round_.pk

    def send():
        found = Round.objects.select_related("event").filter(pk=round_id).first()
        if found is not None and found.status in (Round.Status.SEATED, Round.Status.LIVE):
            seating_changed(found)
            channels.seating_published(found)

    transaction.on_commit(send, robust=True)


def remind_rounds(now=None) -> int:
    """ "Round N starts in 10 minutes" for rounds starting within the next 10 minutes (once
    per round and start time: a moved start reminds again)."""
    now = now or timezone.now()
    count = 0
    for round_ in Round.objects.select_related("event").filter(
        starts_at__gt=now,
        starts_at__lte=now + timedelta(minutes=REMINDER_MINUTES),
        status__in=(Round.Status.SEATED, Round.Status.PLANNED),
    ):
        minutes = max(1, ceil((round_.starts_at - now).total_seconds() / 60))
        seats = _seats(round_)
        params = {pid: {**p, "minutes": minutes} for pid, p in seats.items()}
        subject = f"r{round_.pk}:{round_.starts_at.isoformat()}"
        count += enqueue_players(round_.event, "round_soon", subject, params)
    return count
