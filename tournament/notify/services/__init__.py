"""The outbox's writes: enqueueing messages, a player's choices and subscriptions.

Enqueue API (for every producer, and for registration's mails)::

    enqueue_players(event, kind, subject, {player_id: params, ...}) -> int
    enqueue_email(address, kind, subject, params, language="", event=None) -> Message | None

Call them after your write has committed (``transaction.on_commit``), or inside your
transaction if the message must exist exactly when the write does. Both are idempotent: one
outbox row per (recipient, kind, subject) ever, so calling twice sends once. ``params`` are
plain JSON values; the text is rendered at send time by the kind's renderer
(``tournament.notify.reading.kinds.register``) in the recipient's language.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.contacts import services as contacts
from tournament.contacts.models import Contact
from tournament.events.models import Event
from tournament.notify.models import (
    CHANNELS,
    Delivery,
    Message,
    NotifySettings,
    PushSubscription,
    Recipient,
)
from tournament.notify.reading import guard
from tournament.notify.reading.kinds import FOLLOWS, KINDS, PLAYER_KINDS
from tournament.notify.reading.preferences import event_settings
from tournament.notify.services import vapid
from tournament.players.models import Player


def _schedule() -> None:
    from tournament.notify.tasks import kick

    transaction.on_commit(kick, robust=True)


clean_email = contacts.clean_address


def _wants(recipient: Recipient | None, contact: Contact | None, channel: str, kind: str) -> bool:
    """Pushes once subscribed, e-mail to the player's contact address while it is on; each
    kind on each channel unless the player turned it off."""
    if recipient is not None and f"{channel}:{kind}" in recipient.muted:
        return False
    if channel == "push":
        return recipient is None or recipient.push_on
    return contact is not None and contact.can_mail


def _deliveries(
    message_id: int,
    player_id: int | None,
    kind: str,
    recipient: Recipient | None,
    contact: Contact | None,
    subs,
) -> list[Delivery]:
    now = timezone.now()
    if player_id is None:
        return [Delivery(message_id=message_id, channel="email", target="email", not_before=now)]
    choice = FOLLOWS.get(kind, kind)
    rows = []
    if _wants(recipient, contact, "push", choice):
        rows += [
            Delivery(
                message_id=message_id,
                channel="push",
                target=f"s{sub_id}",
                subscription_id=sub_id,
                not_before=now,
            )
            for sub_id in subs
        ]
    if _wants(recipient, contact, "email", choice):
        rows.append(
            Delivery(message_id=message_id, channel="email", target="email", not_before=now)
        )
    return rows


def enqueue_players(
    event: Event, kind: str, subject: str, params_by_player: Mapping[int, dict]
) -> int:
    """One message of ``kind`` about ``subject`` to each player (ids of ``event``'s players)
    that has a channel for it; returns how many new messages were written. Players of another
    event are ignored (a private event sends nothing outside itself)."""
    if kind not in KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    config = event_settings(event)
    if not config.enabled or not params_by_player:
        return 0
    wanted = {pid: params for pid, params in params_by_player.items()}
    with transaction.atomic():
        players = set(
            Player.objects.filter(event=event, pk__in=list(wanted)).values_list("pk", flat=True)
        )
        recipients = {r.player_id: r for r in Recipient.objects.filter(player_id__in=players)}
        contacts_ = {c.player_id: c for c in Contact.objects.filter(player_id__in=players)}
        # Subscriptions made with an older VAPID key (before a rotation) are not used.
        subs: dict[int, list[int]] = {}
        for sub_id, pid in PushSubscription.objects.filter(
            player_id__in=players, vapid_key=vapid.public_key()
        ).values_list("pk", "player_id"):
            subs.setdefault(pid, []).append(sub_id)
        choice = FOLLOWS.get(kind, kind)
        reachable = [
            pid
            for pid in players
            if (subs.get(pid) and _wants(recipients.get(pid), None, "push", choice))
            or _wants(recipients.get(pid), contacts_.get(pid), "email", choice)
        ]
        keys = {f"p{pid}": pid for pid in reachable}
        existing = set(
            Message.objects.filter(
                recipient__in=list(keys), kind=kind, subject=subject
            ).values_list("recipient", flat=True)
        )
        new = [
            Message(
                event_id=event.pk,
                player_id=pid,
                recipient=key,
                language="",  # the player's, else the event's when it is sent
                kind=kind,
                subject=subject,
                params=wanted[pid],
            )
            for key, pid in keys.items()
            if key not in existing
        ]
        if not new:
            return 0
        Message.objects.bulk_create(new, ignore_conflicts=True, batch_size=1000)
        created = list(
            Message.objects.filter(
                recipient__in=[m.recipient for m in new], kind=kind, subject=subject
            ).values_list("pk", "player_id")
        )
        rows = [
            d
            for pk, pid in created
            for d in _deliveries(
                pk, pid, kind, recipients.get(pid), contacts_.get(pid), subs.get(pid, [])
            )
        ]
        Delivery.objects.bulk_create(rows, ignore_conflicts=True, batch_size=1000)
        _schedule()
    return len(created)


def enqueue_email(
    address: str,
    kind: str,
    subject: str,
    params: dict,
    *,
    language: str = "",
    event: Event | None = None,
) -> Message | None:
    """One e-mail of ``kind`` about ``subject`` to an arbitrary address (a director's test
    message, say); None when the event's sending is off, the event is private and the address
    is nobody's in it, or the address unsubscribed. A bad address (CR/LF, several, malformed)
    is a ValidationError. The outbox row names the address's contact, never the address."""
    if kind not in KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    address = clean_email(address)
    if event is not None:
        if not event_settings(event).enabled:
            return None
        if not event.is_public and not _belongs(event, address):
            return None
    contact = contacts.for_address(event, address)
    if not contact.email_on:
        return None
    recipient = f"c{contact.pk}"
    with transaction.atomic():
        message = Message.objects.filter(recipient=recipient, kind=kind, subject=subject).first()
        if message is not None:
            return message
        Message.objects.bulk_create(
            [
                Message(
                    event=event,
                    contact=contact,
                    recipient=recipient,
                    language=language,
                    kind=kind,
                    subject=subject,
                    params=params,
                )
            ],
            ignore_conflicts=True,
        )
        message = Message.objects.get(recipient=recipient, kind=kind, subject=subject)
        Delivery.objects.bulk_create(
            _deliveries(message.pk, None, kind, None, contact, []), ignore_conflicts=True
        )
        _schedule()
    return message


def _belongs(event: Event, address: str) -> bool:
    if event.director.email and event.director.email.lower() == address:
        return True
    return Contact.objects.filter(event=event, player__isnull=False, email=address).exists()


# A player's choices ------------------------------------------------------------------------


def recipient_of(player: Player) -> Recipient:
    return Recipient.objects.filter(player=player).first() or Recipient(player=player)


@transaction.atomic
def save_choices(
    player: Player,
    *,
    language: str,
    email: str,
    push_on: bool,
    email_on: bool,
    muted: list[str],
) -> Recipient:
    """The player's channels and kinds, and their address and language: the contact's, the
    same the registration shows (one place for both)."""
    language = contacts.clean_language(language)
    if email:
        try:
            email = clean_email(email)
        except ValidationError as exc:
            raise ValidationError({"email": exc.messages}) from exc
    allowed = {f"{c}:{k}" for c in CHANNELS for k in PLAYER_KINDS}
    bad = [m for m in muted if m not in allowed]
    if bad:
        raise ValidationError({"muted": [_("Unknown kind of message.")]})
    contacts.change(contacts.for_player(player), email=email, language=language, email_on=email_on)
    recipient, _created = Recipient.objects.select_for_update().get_or_create(player=player)
    recipient.push_on = push_on
    recipient.muted = sorted(set(muted))
    recipient.save()
    return recipient


@transaction.atomic
def subscribe(player: Player, body: bytes | str) -> PushSubscription:
    """Store a browser's push subscription for ``player`` (a ValidationError says what is
    wrong and nothing changes). The same endpoint moves to the newest player who used it."""
    info = guard.parse_subscription(body)
    PushSubscription.objects.filter(endpoint=info.endpoint).delete()
    recipient, _created = Recipient.objects.get_or_create(player=player)
    if not recipient.push_on:
        recipient.push_on = True
        recipient.save(update_fields=["push_on"])
    return PushSubscription.objects.create(
        player=player,
        endpoint=info.endpoint,
        p256dh=info.p256dh,
        auth=info.auth,
        vapid_key=vapid.public_key(),
    )


def unsubscribe_endpoint(player: Player, endpoint: str) -> int:
    return PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()[0]


@transaction.atomic
def unsubscribe(recipient: str, channel: str) -> bool:
    """What a signed unsubscribe link does: turn the channel off for that recipient (a
    player, or a contact: an address that is not a player's), for every later message too,
    and fail what is waiting for it."""
    if recipient.startswith("p") and recipient[1:].isdigit():
        player = Player.objects.filter(pk=int(recipient[1:])).first()
        if player is None:
            return False
        if channel == "push":
            found, _created = Recipient.objects.select_for_update().get_or_create(player=player)
            found.push_on = False
            found.save(update_fields=["push_on"])
            PushSubscription.objects.filter(player=player).delete()
        else:
            contacts.stop_mail(contacts.for_player(player))
        waiting = Delivery.objects.filter(message__recipient=recipient, channel=channel)
    elif recipient.startswith("c") and recipient[1:].isdigit():
        contact = Contact.objects.filter(pk=int(recipient[1:])).first()
        if contact is None:
            return False
        contacts.stop_mail(contact)
        waiting = Delivery.objects.filter(message__contact=contact)
    elif recipient.startswith("e"):  # a link in a mail sent before addresses became contacts
        stopped = Contact.objects.filter(email=recipient[1:].lower())
        stopped.update(email_on=False)
        waiting = Delivery.objects.filter(message__contact__in=stopped)
    else:
        return False
    waiting.filter(status=Delivery.Status.PENDING).update(
        status=Delivery.Status.FAILED, error="unsubscribed"
    )
    return True


@transaction.atomic
def save_event_settings(event: Event, *, enabled: bool) -> NotifySettings:
    """The event's switch. The language of players who chose none is the event's own
    (``Event.language``, on the event's settings)."""
    config, _created = NotifySettings.objects.select_for_update().get_or_create(event=event)
    config.enabled = enabled
    config.full_clean(exclude=["event"])
    config.save()
    if not enabled:
        Delivery.objects.filter(message__event=event, status=Delivery.Status.PENDING).update(
            status=Delivery.Status.FAILED, error="sending switched off"
        )
    return config


def send_test(event: Event, address: str) -> None:
    """A test e-mail from the director's view (a new one each time); a ValidationError when
    sending is off, or when a private event would mail someone outside it."""
    import uuid

    address = clean_email(address)
    if not event_settings(event).enabled:
        raise ValidationError(_("Sending is switched off for this event."))
    if not event.is_public and not _belongs(event, address):
        raise ValidationError(
            _("A private event sends only to its players and its director's address.")
        )
    if not contacts.for_address(event, address).email_on:
        raise ValidationError(
            _("%(to)s asked for no more e-mails from this event.") % {"to": address}
        )
    enqueue_email(
        address,
        "test",
        f"test:{uuid.uuid4().hex}",
        {"event": event.name, "slug": event.slug},
        event=event,
    )
