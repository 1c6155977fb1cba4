"""Sending the outbox: claim a batch of due deliveries under a lease, send them, record each
outcome.

A delivery is claimed by a conditional UPDATE (rows locked with SKIP LOCKED on PostgreSQL):
two workers never hold the same one. A worker that dies mid-batch leaves its claimed
deliveries pending with a lease that runs out; the next ``dispatch`` (the beat's sweep, or a
retried task) sends them again, with the same outbox id as Topic, tag and Message-ID, so the
phone and the mail reader show it once. Outcomes are recorded in small groups as they come
back, so that a crash resends few.

A post to an event's channel (Discord, Telegram: ``tournament.channels``) cannot be shown once
by its reader: it is marked ``posting`` (a conditional UPDATE: one worker only) before its
request goes out and its outcome is recorded at once. A post left ``posting`` by a worker that
died is never sent again but marked ``unsure`` (it most likely arrived); the claimed posts the
worker had not started are sent by the next one."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from datetime import timedelta

import requests
from django.conf import settings
from django.core import mail
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from tournament.channels.models import EventChannel
from tournament.contacts.models import Contact
from tournament.notify.models import POST_CHANNELS, Delivery, Message, PushSubscription
from tournament.notify.reading import links
from tournament.notify.reading.kinds import render
from tournament.notify.reading.preferences import Contacts, language_of
from tournament.notify.services import channel_posts as posting
from tournament.notify.services import channels, vapid

RECORD_EVERY = 20


@dataclass
class Claimed:
    delivery: Delivery
    message: Message


def _due() -> Q:
    now = timezone.now()
    return Q(status=Delivery.Status.PENDING, not_before__lte=now) & (
        Q(leased_until__isnull=True) | Q(leased_until__lt=now)
    )


UNSURE_DETAIL = "the worker stopped while posting; not posted again"


def give_up_stale_posts(now=None) -> int:
    """Posts a dead worker left ``posting`` (their lease ran out): ``unsure``, never resent."""
    return Delivery.objects.filter(
        status=Delivery.Status.POSTING, leased_until__lt=now or timezone.now()
    ).update(status=Delivery.Status.UNSURE, leased_until=None, error=UNSURE_DETAIL)


def claim(limit: int) -> list[Delivery]:
    """Up to ``limit`` due deliveries, leased to this worker for NOTIFY_LEASE_SECONDS."""
    now = timezone.now()
    give_up_stale_posts(now)
    with transaction.atomic():
        ids = list(
            Delivery.objects.filter(_due())
            .select_for_update(skip_locked=True)
            .order_by("not_before", "id")
            .values_list("id", flat=True)[:limit]
        )
        if not ids:
            return []
        Delivery.objects.filter(_due(), id__in=ids).update(
            leased_until=now + timedelta(seconds=settings.NOTIFY_LEASE_SECONDS),
            attempts=F("attempts") + 1,
        )
    return list(
        Delivery.objects.filter(id__in=ids, leased_until__gt=now)
        .select_related(
            "message", "message__event", "message__player", "message__contact", "subscription"
        )
        .order_by("id")
    )


def next_due_seconds() -> float | None:
    """Seconds until the earliest pending delivery is due (None: nothing pending)."""
    first = (
        Delivery.objects.filter(status=Delivery.Status.PENDING)
        .order_by("not_before")
        .values_list("not_before", "leased_until")
        .first()
    )
    if first is None:
        return None
    at = max(first[0], first[1] or first[0])
    return max(0.0, (at - timezone.now()).total_seconds())


def _backoff(attempts: int, hint: float | None) -> float:
    delay = min(
        settings.NOTIFY_RETRY_MAX_SECONDS, settings.NOTIFY_RETRY_BASE_SECONDS * 2 ** (attempts - 1)
    )
    return max(delay, min(hint or 0, settings.NOTIFY_RETRY_MAX_SECONDS))


def record(results: list[tuple[Delivery, channels.Outcome]]) -> None:
    now = timezone.now()
    sent = [d.pk for d, o in results if o.state == "sent"]
    with transaction.atomic():
        if sent:
            Delivery.objects.filter(pk__in=sent).update(
                status=Delivery.Status.SENT, sent_at=now, leased_until=None, error=""
            )
        for delivery, outcome in results:
            if outcome.state == "sent":
                continue
            fields = {"leased_until": None, "error": outcome.detail[:200]}
            if outcome.state == "retry" and delivery.attempts < settings.NOTIFY_MAX_ATTEMPTS:
                fields["status"] = Delivery.Status.PENDING
                fields["not_before"] = now + timedelta(
                    seconds=_backoff(delivery.attempts, outcome.retry_after)
                )
            elif outcome.state == "unsure":
                fields["status"] = Delivery.Status.UNSURE
            else:
                fields["status"] = Delivery.Status.FAILED
            Delivery.objects.filter(pk=delivery.pk).update(**fields)
            if outcome.state == "gone":
                _drop_target(delivery)


def _drop_target(delivery: Delivery) -> None:
    """A push subscription that answered 404/410 is removed; a refused address is marked."""
    message = delivery.message
    if delivery.channel == "push" and delivery.subscription_id:
        PushSubscription.objects.filter(pk=delivery.subscription_id).delete()
    elif delivery.channel == "email" and message.contact_id:
        Contact.objects.filter(pk=message.contact_id).update(email_invalid=True)
    elif delivery.channel == "email" and message.player_id:
        Contact.objects.filter(player_id=message.player_id).update(email_invalid=True)


def _contacts(deliveries: list[Delivery]) -> Contacts:
    """The contacts the claimed messages go to, read now (an address changed or erased since
    the message was written is the one used, or none)."""
    ids = {d.message.player_id for d in deliveries if d.message.player_id}
    return Contacts({c.player_id: c for c in Contact.objects.filter(player_id__in=ids)})


_local = threading.local()


def _session() -> requests.Session:
    session = getattr(_local, "session", None)
    if session is None:
        session = requests.Session()
        session.trust_env = False  # no proxy from the environment: the guard checked the host
        adapter = channels.PinnedAdapter(pool_connections=8, pool_maxsize=16)
        session.mount("https://", adapter)
        session.mount("http://", adapter)
        _local.session = session
    return session


def _push(delivery: Delivery, language: str, hosts: dict) -> channels.Outcome:
    sub = delivery.subscription
    if sub is None:
        return channels.Outcome("failed", "subscription removed")
    message = delivery.message
    text = render(message.kind, message.params, language)
    return channels.send_push(
        _session(),
        endpoint=sub.endpoint,
        p256dh=sub.p256dh,
        auth=sub.auth,
        message_id=message.pk,
        tag=message.tag,
        kind=message.kind,
        text=text,
        checked_hosts=hosts,
    )


def send_batch(deliveries: list[Delivery], deadline: float | None = None) -> dict[str, int]:
    """Send claimed deliveries: pushes on a few threads, e-mails over one connection, posts
    to channels one by one (those not started by ``deadline``, a ``time.monotonic()``, go
    back to the outbox)."""
    contacts = _contacts(deliveries)
    counts = {"sent": 0, "retry": 0, "gone": 0, "failed": 0, "unsure": 0}
    done: list[tuple[Delivery, channels.Outcome]] = []

    def keep(delivery, outcome):
        counts[outcome.state] += 1
        done.append((delivery, outcome))
        if len(done) >= RECORD_EVERY:
            record(done)
            done.clear()

    pushes = [d for d in deliveries if d.channel == "push"]
    emails = [d for d in deliveries if d.channel == "email"]
    posts = [d for d in deliveries if d.channel in POST_CHANNELS]
    if posts:
        for state in _post_all(posts, deadline or time.monotonic() + 60.0):
            counts[state] += 1
    if pushes:
        vapid.keys()
        hosts: dict[str, str] = {}
        with ThreadPoolExecutor(max_workers=settings.NOTIFY_PUSH_THREADS) as pool:
            futures = {
                pool.submit(_push, d, language_of(d.message, contacts), hosts): d for d in pushes
            }
            for future in as_completed(futures):
                try:
                    outcome = future.result()
                except Exception as exc:  # a malformed stored key: not retried
                    outcome = channels.Outcome("failed", type(exc).__name__)
                keep(futures[future], outcome)
    if emails:
        connection = mail.get_connection()
        try:
            for delivery in emails:
                keep(delivery, _email(connection, delivery, contacts))
        finally:
            connection.close()
    if done:
        record(done)
    return counts


def _email(connection, delivery: Delivery, contacts: Contacts) -> channels.Outcome:
    message = delivery.message
    contact = contacts.of(message)
    if contact is None or not contact.email:
        return channels.Outcome("failed", "no address")
    if not contact.email_on:
        return channels.Outcome("failed", "unsubscribed")
    if contact.email_invalid:
        return channels.Outcome("failed", "address refused")
    address = contact.email
    language = language_of(message, contacts)
    text = render(message.kind, message.params, language)
    with override(language):
        footer = _("You receive this because you asked for it. To stop these e-mails:")
    email = channels.build_email(
        message_id=message.pk,
        address=address,
        text=text,
        unsubscribe=links.unsubscribe_url(message.recipient, "email"),
        footer=footer,
    )
    outcome = channels.send_email(connection, email)
    if outcome.state == "retry":
        connection.close()
    return outcome


def _start_posting(delivery: Delivery) -> bool:
    """Mark a claimed post ``posting`` if it is still this worker's (nobody claimed it after
    its lease ran out): only one worker ever sends it."""
    return bool(
        Delivery.objects.filter(
            pk=delivery.pk, status=Delivery.Status.PENDING, leased_until=delivery.leased_until
        ).update(
            status=Delivery.Status.POSTING,
            leased_until=timezone.now() + timedelta(seconds=settings.NOTIFY_LEASE_SECONDS),
        )
    )


def _defer(delivery: Delivery, seconds: float) -> None:
    """Give a claimed post back to the outbox, due in ``seconds``, its attempt not counted."""
    Delivery.objects.filter(pk=delivery.pk, status=Delivery.Status.PENDING).update(
        leased_until=None,
        not_before=timezone.now() + timedelta(seconds=seconds),
        attempts=F("attempts") - 1,
    )


def _channel_of(message: Message, found: dict[int, EventChannel]) -> EventChannel | None:
    key = message.recipient[2:]
    channel = found.get(int(key)) if key.isdigit() else None
    return channel if channel is not None and channel.removed_at is None else None


# When each channel may be posted to next by this process (time.monotonic()).
_channel_free_at: dict[int, float] = {}


def _post_all(deliveries: list[Delivery], deadline: float) -> list[str]:
    """Send claimed posts one by one, each recorded as soon as it is answered, at most one
    per channel every ``NOTIFY_CHANNEL_INTERVAL`` (longer when Discord asks). A post whose
    channel must wait longer than that, or past the task's ``deadline``, waits in the outbox."""
    keys = {d.message.recipient[2:] for d in deliveries}
    found = EventChannel.objects.select_related("event").in_bulk(
        [int(k) for k in keys if k.isdigit()]
    )
    free_at = _channel_free_at
    states = []
    for delivery in deliveries:
        message = delivery.message
        channel = _channel_of(message, found)
        if channel is None:
            record([(delivery, channels.Outcome("failed", "channel removed"))])
            states.append("failed")
            continue
        wait = free_at.get(channel.pk, 0.0) - time.monotonic()
        if wait > settings.NOTIFY_CHANNEL_INTERVAL or time.monotonic() + wait > deadline:
            _defer(delivery, max(wait, 0.0))
            continue
        if wait > 0:
            time.sleep(wait)
        if not _start_posting(delivery):
            continue
        text = render(message.kind, message.params, message.language or channel.event.language)
        outcome = posting.post(_session(), channel, text)
        record([(delivery, outcome)])
        states.append(outcome.state)
        pause = (outcome.retry_after or 0.0) if outcome.state == "sent" else 0.0
        free_at[channel.pk] = time.monotonic() + max(settings.NOTIFY_CHANNEL_INTERVAL, pause)
    return states


def dispatch_until_empty(batch: int | None = None, budget_seconds: float = 50.0) -> dict[str, int]:
    """Claim and send batches until nothing is due (or the time budget is spent)."""
    start = time.monotonic()
    totals = {"sent": 0, "retry": 0, "gone": 0, "failed": 0, "unsure": 0}
    while time.monotonic() - start < budget_seconds:
        claimed = claim(batch or settings.NOTIFY_BATCH_SIZE)
        if not claimed:
            break
        for key, value in send_batch(claimed, start + budget_seconds).items():
            totals[key] += value
    return totals
