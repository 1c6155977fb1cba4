"""The final ranking's message (``tournament.notify``): once an event is finished and its
standings are up to date, each player learns their place. A beat task looks every minute at
recently finished events; the outbox's unique key sends it once per player, ever."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.ranking import current_ranking
from scoring.standings.reading.snapshot import decoded_rows
from tournament.channels import services as channels
from tournament.events.models import Event
from tournament.notify import services as notify
from tournament.notify.models import Message

RECENT_DAYS = 7


def places(event: Event, snapshot: StandingsSnapshot) -> tuple[dict[int, int], int]:
    """Player id -> final place, and the number of placed players."""
    ranking = current_ranking(event, snapshot)
    if ranking is not None:
        return {pid: row.place for pid, row in ranking.by_player.items()}, ranking.count
    _rows, by_player, ranked = decoded_rows(event, snapshot)
    return {pid: row["place"] for pid, row in by_player.items() if row["place"]}, ranked


def tell_final_ranking(event: Event) -> int:
    snapshot = StandingsSnapshot.objects.filter(event=event).first()
    if snapshot is None or snapshot.revision < event.revision:
        return 0  # not up to date yet: the next sweep looks again
    placed, count = places(event, snapshot)
    base = {"slug": event.slug, "event": event.name, "count": count}
    channels.final_ranking(event, placed, count)
    return notify.enqueue_players(
        event, "final", f"final{event.pk}", {pid: {**base, "place": p} for pid, p in placed.items()}
    )


@shared_task(name="scoring.standings.final_ranking_notices")
def final_ranking_notices() -> int:
    since = timezone.localdate() - timedelta(days=RECENT_DAYS)
    told = set(
        Message.objects.filter(kind="final", event__status=Event.Status.FINISHED)
        .values_list("event_id", flat=True)
        .distinct()
    )
    count = 0
    for event in (
        Event.objects.filter(status=Event.Status.FINISHED)
        .exclude(end_date__lt=since)
        .exclude(pk__in=told)
    ):
        count += tell_final_ranking(event)
    return count
