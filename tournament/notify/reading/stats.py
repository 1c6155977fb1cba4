"""The director's figures: messages and deliveries per kind (two grouped queries)."""

from __future__ import annotations

from django.db.models import Count, Max, Q

from tournament.contacts.models import Contact
from tournament.notify.models import Delivery, Message, PushSubscription
from tournament.notify.reading.kinds import label


def by_kind(event) -> list[dict]:
    messages = {
        row["kind"]: row
        for row in Message.objects.filter(event=event)
        .values("kind")
        .annotate(
            count=Count("id"),
            recipients=Count("recipient", distinct=True),
            last=Max("created_at"),
        )
    }
    deliveries = {
        row["message__kind"]: row
        for row in Delivery.objects.filter(message__event=event)
        .values("message__kind")
        .annotate(
            sent=Count("id", filter=Q(status="sent")),
            failed=Count("id", filter=Q(status="failed")),
            pending=Count("id", filter=Q(status="pending")),
        )
    }
    rows = []
    for kind, row in sorted(messages.items(), key=lambda kv: kv[1]["last"], reverse=True):
        d = deliveries.get(kind, {})
        rows.append(
            {
                "kind": kind,
                "label": label(kind),
                "messages": row["count"],
                "recipients": row["recipients"],
                "last": row["last"],
                "sent": d.get("sent", 0),
                "failed": d.get("failed", 0),
                "pending": d.get("pending", 0),
            }
        )
    return rows


def totals(event) -> dict:
    return Delivery.objects.filter(message__event=event).aggregate(
        sent=Count("id", filter=Q(status="sent")),
        failed=Count("id", filter=Q(status="failed")),
        pending=Count("id", filter=Q(status="pending")),
    )


def reach(event) -> dict:
    """Players with a push subscription, players with a usable e-mail address."""
    return {
        "push": PushSubscription.objects.filter(player__event=event)
        .values("player_id")
        .distinct()
        .count(),
        "email": Contact.objects.filter(player__event=event, email_invalid=False, email_on=True)
        .exclude(email="")
        .count(),
    }
