"""What the director's page and the API show of an event's channels: each with its secret
masked and how its posts went (one grouped query)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from tournament.channels.models import EventChannel
from tournament.events.models import Event
from tournament.notify.models import Delivery


@dataclass(frozen=True)
class Posts:
    sent: int = 0
    pending: int = 0
    failed: int = 0
    unsure: int = 0


@dataclass(frozen=True)
class ChannelLine:
    channel: EventChannel
    posts: Posts


def lines(event: Event) -> list[ChannelLine]:
    """The event's channels (not removed), oldest first, with their posts' counts."""
    channels = list(EventChannel.objects.filter(event=event, removed_at__isnull=True))
    counts = {
        row["message__recipient"]: row
        for row in Delivery.objects.filter(
            message__event=event, message__recipient__in=[c.recipient for c in channels]
        )
        .values("message__recipient")
        .annotate(
            sent=Count("id", filter=Q(status=Delivery.Status.SENT)),
            pending=Count(
                "id", filter=Q(status__in=[Delivery.Status.PENDING, Delivery.Status.POSTING])
            ),
            failed=Count("id", filter=Q(status=Delivery.Status.FAILED)),
            unsure=Count("id", filter=Q(status=Delivery.Status.UNSURE)),
        )
    }
    return [
        ChannelLine(
            c,
            Posts(
                **{
                    k: counts.get(c.recipient, {}).get(k, 0)
                    for k in ("sent", "pending", "failed", "unsure")
                }
            ),
        )
        for c in channels
    ]
