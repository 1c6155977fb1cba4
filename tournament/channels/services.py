"""The writes of an event's channels: adding and removing one, and the posts.

A post is an outbox row (``tournament.notify``'s ``Message``) per channel and subject, so a
producer that calls twice posts once, with one ``Delivery`` the outbox's sender posts (see
``tournament.notify.services.sending``). Producers call one function after their write commits::

    seating_published(round_)   round_started(round_)   announced(announcement)
    cut_confirmed(event, stage_name, next_name, qualified_ids, subject)
    final_ranking(event, places, count)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.channels import notices
from tournament.channels.models import EventChannel
from tournament.events.models import Announcement, Event
from tournament.notify.models import Delivery, Message
from tournament.notify.reading import guard
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat

MAX_CHANNELS = 10
FINAL_TOP = 10
WINDS = "ESWN"
_WEBHOOK_PATH = re.compile(r"^/api/webhooks/\d{1,25}/[A-Za-z0-9_-]{1,100}/?$")
_BOT_TOKEN = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{20,80}$")
_CHAT_ID = re.compile(r"^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$")


def active(event: Event):
    return EventChannel.objects.filter(event=event, removed_at__isnull=True)


def _check_webhook(url: str) -> str:
    url = (url or "").strip()
    if not url:
        raise ValidationError({"webhook_url": [_("Paste the channel's webhook URL.")]})
    try:
        guard.check_endpoint(url, resolve=False)
    except ValidationError as exc:
        raise ValidationError(
            {"webhook_url": [_("The webhook URL is not a valid https address.")]}
        ) from exc
    parts = re.match(r"^[a-z]+://[^/]+(/[^?#]*)", url)
    if not guard.channel_host_allowed(url) or parts is None:
        raise ValidationError({"webhook_url": [_("A Discord webhook URL is on discord.com.")]})
    if not _WEBHOOK_PATH.match(parts.group(1)):
        raise ValidationError(
            {"webhook_url": [_("A Discord webhook URL looks like /api/webhooks/<id>/<token>.")]}
        )
    return url


def _check_telegram(bot_token: str, chat_id: str) -> tuple[str, str]:
    bot_token, chat_id = (bot_token or "").strip(), (chat_id or "").strip()
    errors = {}
    if not _BOT_TOKEN.match(bot_token):
        errors["bot_token"] = [_("A bot token looks like 123456789:AA… (as @BotFather gives it).")]
    if not _CHAT_ID.match(chat_id):
        errors["chat_id"] = [_("A chat id is a number (-100… for a group) or @channelname.")]
    if errors:
        raise ValidationError(errors)
    if not guard.channel_host_allowed(settings.NOTIFY_TELEGRAM_API):
        raise ValidationError(_("Posts go only to Discord's and Telegram's addresses."))
    return bot_token, chat_id


@transaction.atomic
def add_channel(
    event: Event,
    *,
    service: str,
    name: str = "",
    webhook_url: str = "",
    bot_token: str = "",
    chat_id: str = "",
    by=None,
) -> EventChannel:
    """A Discord webhook (``webhook_url``) or a Telegram bot and chat (``bot_token``,
    ``chat_id``) the event posts to; a ValidationError says what is wrong, nothing changes."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    name = " ".join((name or "").split())
    if len(name) > 80 or any(ord(c) < 32 for c in name):
        raise ValidationError({"name": [_("A name has at most 80 characters.")]})
    channel = EventChannel(event=event, service=service, name=name)
    if service == EventChannel.Service.DISCORD:
        channel.webhook_url = _check_webhook(webhook_url)
        taken = active(event).filter(webhook_url=channel.webhook_url)
    elif service == EventChannel.Service.TELEGRAM:
        channel.bot_token, channel.chat_id = _check_telegram(bot_token, chat_id)
        taken = active(event).filter(bot_token=channel.bot_token, chat_id=channel.chat_id)
    else:
        raise ValidationError({"service": [_("Choose Discord or Telegram.")]})
    if taken.exists():
        raise ValidationError(_("This channel is already one of the event's."))
    if active(event).count() >= MAX_CHANNELS:
        raise ValidationError(_("An event has at most %(max)d channels.") % {"max": MAX_CHANNELS})
    channel.created_by = by if by is not None and by.is_authenticated else None
    channel.save()
    return channel


@transaction.atomic
def remove_channel(channel: EventChannel) -> EventChannel:
    """Stop posting to ``channel``: its secrets are blanked (the row stays, with its posts
    counted), and what waited for it is not posted."""
    channel = EventChannel.objects.select_for_update().get(pk=channel.pk)
    if channel.removed_at is None:
        channel.removed_at = timezone.now()
        channel.webhook_url = channel.bot_token = ""
        channel.save(update_fields=["removed_at", "webhook_url", "bot_token"])
        Delivery.objects.filter(
            message__recipient=channel.recipient, status=Delivery.Status.PENDING
        ).update(status=Delivery.Status.FAILED, error="channel removed")
    return channel


def post(event: Event, kind: str, subject: str, params: dict) -> int:
    """One post of ``kind`` about ``subject`` to each of ``event``'s channels, once ever per
    channel; returns how many were new. Rendered in the event's language when sent."""
    if kind not in notices.KINDS:
        raise ValueError(f"unknown post kind {kind!r}")
    with transaction.atomic():
        targets = {c.recipient: c for c in active(event)}
        if not targets:
            return 0
        existing = set(
            Message.objects.filter(
                recipient__in=list(targets), kind=kind, subject=subject
            ).values_list("recipient", flat=True)
        )
        new = [key for key in targets if key not in existing]
        if not new:
            return 0
        Message.objects.bulk_create(
            [
                Message(event=event, recipient=key, kind=kind, subject=subject, params=params)
                for key in new
            ],
            ignore_conflicts=True,
        )
        now = timezone.now()
        rows = [
            Delivery(
                message_id=pk,
                channel=targets[key].service,
                target=targets[key].service,
                not_before=now,
            )
            for pk, key in Message.objects.filter(
                recipient__in=new, kind=kind, subject=subject
            ).values_list("pk", "recipient")
        ]
        Delivery.objects.bulk_create(rows, ignore_conflicts=True)
        transaction.on_commit(_kick, robust=True)
    return len(rows)


def _kick() -> None:
    from tournament.notify.tasks import kick

    kick()


def _base(event: Event) -> dict:
    return {"slug": event.slug, "event": event.name}


def seating_published(round_: Round) -> int:
    """The round's seating, table by table (once per round: a later correction tells the
    players concerned, not the whole chat)."""
    tables: dict[int, list[tuple[str, str]]] = {}
    for number, wind, name in (
        Seat.objects.filter(round=round_)
        .order_by("table__number")
        .values_list("table__number", "wind", "player__name")
    ):
        tables.setdefault(number, []).append((wind, name))
    if not tables:
        return 0
    params = {
        **_base(round_.event),
        "round": round_.number,
        "tables": [
            [number, sorted(seats, key=lambda s: WINDS.index(s[0]))]
            for number, seats in sorted(tables.items())
        ],
    }
    return post(round_.event, "ch_seating", f"r{round_.pk}", params)


def round_started(round_: Round) -> int:
    return post(
        round_.event,
        "ch_round",
        f"live{round_.pk}",
        {**_base(round_.event), "round": round_.number},
    )


def announced(announcement: Announcement) -> int:
    event = announcement.event
    return post(
        event, "ch_announcement", f"a{announcement.pk}", {**_base(event), "text": announcement.text}
    )


def cut_confirmed(
    event: Event, stage_name: str, next_name: str, qualified: Iterable[int], subject: str
) -> int:
    ids = list(qualified)
    names = dict(Player.objects.filter(event=event, pk__in=ids).values_list("pk", "name"))
    params = {
        **_base(event),
        "stage": stage_name,
        "next": next_name,
        "qualified": [names[pid] for pid in ids if pid in names],
    }
    return post(event, "ch_cut", subject, params)


def final_ranking(event: Event, places: Mapping[int, int], count: int) -> int:
    """The first ``FINAL_TOP`` places (ties share a place) and how many were ranked."""
    top = sorted(places.items(), key=lambda kv: (kv[1], kv[0]))[:FINAL_TOP]
    names = dict(
        Player.objects.filter(event=event, pk__in=[pid for pid, _p in top]).values_list(
            "pk", "name"
        )
    )
    params = {
        **_base(event),
        "count": count,
        "top": [[place, names.get(pid, "")] for pid, place in top],
    }
    return post(event, "ch_final", f"final{event.pk}", params)


def after_commit(function, *args) -> None:
    """Call a post function once the caller's transaction commits."""
    transaction.on_commit(lambda: function(*args), robust=True)
