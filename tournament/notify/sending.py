"""Sending the outbox: claim a batch of due deliveries under a lease, send them, record each
outcome.

A delivery is claimed by a conditional UPDATE (rows locked with SKIP LOCKED on PostgreSQL):
two workers never hold the same one. A worker that dies mid-batch leaves its claimed
deliveries pending with a lease that runs out; the next ``dispatch`` (the beat's sweep, or a
retried task) sends them again, with the same outbox id as Topic, tag and Message-ID, so the
phone and the mail reader show it once. Outcomes are recorded in small groups as they come
back, so that a crash resends few."""

from __future__ import annotations

import threading
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

from tournament.notify import channels, links, vapid
from tournament.notify.kinds import render
from tournament.notify.models import Delivery, Message, PushSubscription, Recipient
from tournament.notify.preferences import language_of

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


def claim(limit: int) -> list[Delivery]:
    """Up to ``limit`` due deliveries, leased to this worker for NOTIFY_LEASE_SECONDS."""
    now = timezone.now()
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
        .select_related("message", "message__event", "message__player", "subscription")
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
                fields["not_before"] = now + timedelta(
                    seconds=_backoff(delivery.attempts, outcome.retry_after)
                )
            else:
                fields["status"] = Delivery.Status.FAILED
            Delivery.objects.filter(pk=delivery.pk).update(**fields)
            if outcome.state == "gone":
                _drop_target(delivery)


def _drop_target(delivery: Delivery) -> None:
    """A push subscription that answered 404/410 is removed; a refused address is marked."""
    if delivery.channel == "push" and delivery.subscription_id:
        PushSubscription.objects.filter(pk=delivery.subscription_id).delete()
    elif delivery.channel == "email" and delivery.message.player_id:
        Recipient.objects.filter(player_id=delivery.message.player_id).update(email_invalid=True)


def _recipients(deliveries: list[Delivery]) -> dict[int, Recipient]:
    ids = {d.message.player_id for d in deliveries if d.message.player_id}
    return {r.player_id: r for r in Recipient.objects.filter(player_id__in=ids)}


def _email_address(delivery: Delivery, recipients: dict[int, Recipient]) -> str:
    message = delivery.message
    if message.player_id:
        recipient = recipients.get(message.player_id)
        return recipient.email if recipient and not recipient.email_invalid else ""
    return message.email


_local = threading.local()


def _session() -> requests.Session:
    session = getattr(_local, "session", None)
    if session is None:
        session = requests.Session()
        session.trust_env = False  # no proxy from the environment: the guard checked the host
        adapter = requests.adapters.HTTPAdapter(pool_connections=8, pool_maxsize=16)
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


def send_batch(deliveries: list[Delivery]) -> dict[str, int]:
    """Send claimed deliveries: pushes on a few threads, e-mails over one connection."""
    recipients = _recipients(deliveries)
    counts = {"sent": 0, "retry": 0, "gone": 0, "failed": 0}
    done: list[tuple[Delivery, channels.Outcome]] = []

    def keep(delivery, outcome):
        counts[outcome.state] += 1
        done.append((delivery, outcome))
        if len(done) >= RECORD_EVERY:
            record(done)
            done.clear()

    pushes = [d for d in deliveries if d.channel == "push"]
    emails = [d for d in deliveries if d.channel == "email"]
    if pushes:
        vapid.keys()
        hosts: dict[str, str] = {}
        with ThreadPoolExecutor(max_workers=settings.NOTIFY_PUSH_THREADS) as pool:
            futures = {
                pool.submit(_push, d, language_of(d.message, recipients), hosts): d for d in pushes
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
                keep(delivery, _email(connection, delivery, recipients))
        finally:
            connection.close()
    if done:
        record(done)
    return counts


def _email(connection, delivery: Delivery, recipients) -> channels.Outcome:
    message = delivery.message
    address = _email_address(delivery, recipients)
    if not address:
        return channels.Outcome("failed", "no address")
    language = language_of(message, recipients)
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


def dispatch_until_empty(batch: int | None = None, budget_seconds: float = 50.0) -> dict[str, int]:
    """Claim and send batches until nothing is due (or the time budget is spent)."""
    import time

    start = time.monotonic()
    totals = {"sent": 0, "retry": 0, "gone": 0, "failed": 0}
    while time.monotonic() - start < budget_seconds:
        claimed = claim(batch or settings.NOTIFY_BATCH_SIZE)
        if not claimed:
            break
        for key, value in send_batch(claimed).items():
            totals[key] += value
    return totals
