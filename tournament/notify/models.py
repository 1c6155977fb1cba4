"""The outbox and what it needs: a player's choices, their browsers' push subscriptions, an
event's switch, and the deliveries of each message.

``Message`` is append-only (triggers in the migration): one row per (recipient, kind, subject),
with the plain parameters its text is rendered from at send time, in the recipient's language.
It holds no address: a message goes to a player or to a contact (``tournament.contacts``),
whose address and language are read when it is sent, and erased in that one place.
Its id is the push ``Topic``, the notification's ``tag`` and the e-mail's ``Message-ID``, so a
message sent again after a crash is shown once. ``Delivery`` is the mutable sending state of
one message on one channel (one per push subscription, one for e-mail)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyRule
from tournament.contacts.models import Contact
from tournament.events.models import Event
from tournament.players.models import Player

CHANNELS = ("push", "email")
# An event's channels' deliveries (``tournament.channels``): one per post.
POST_CHANNELS = ("discord", "telegram")


class NotifySettings(models.Model):
    """An event's switch for sending. Players who chose no language are written to in the
    event's (``Event.language``)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="notify_settings")
    enabled = models.BooleanField(_("send notifications"), default=True)

    def __str__(self) -> str:
        return f"{self.event}: {'on' if self.enabled else 'off'}"


class Recipient(models.Model):
    """A player's choices of web push and of the kinds of message they want on each channel.
    Their e-mail address, its switch and their language are their ``Contact``'s."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="notify")
    push_on = models.BooleanField(_("web push"), default=True)
    # "channel:kind" strings the player turned off.
    muted = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"{self.player}"


class PushSubscription(models.Model):
    """What a browser's PushManager handed us: where to POST and the keys to encrypt for.
    ``vapid_key`` is the application server key it was made with: after a rotation the page
    subscribes again and older subscriptions are not used."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    vapid_key = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["player"])]

    def __str__(self) -> str:
        return f"{self.player}: {self.endpoint[:40]}"


class Message(models.Model):
    """One outbox row. ``recipient`` is ``p<player id>`` or ``c<contact id>`` (an e-mail to
    an address that is not a player's, e.g. a director's test message)."""

    append_only_rule = AppendOnlyRule()

    event = models.ForeignKey(Event, on_delete=models.PROTECT, null=True, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, related_name="+")
    contact = models.ForeignKey(
        Contact, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recipient = models.CharField(max_length=260)
    language = models.CharField(max_length=8, blank=True)
    kind = models.CharField(max_length=40)
    subject = models.CharField(max_length=200)
    params = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["recipient", "kind", "subject"], name="notify_message_once"
            )
        ]
        indexes = [models.Index(fields=["event", "kind"])]

    def __str__(self) -> str:
        return f"#{self.pk} {self.kind} {self.subject} -> {self.recipient}"

    @property
    def tag(self) -> str:
        """The push Topic and the notification's tag (RFC 8030: at most 32 URL-safe
        characters)."""
        return f"m{self.pk}"


class Delivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        SENT = "sent", _("delivered")
        FAILED = "failed", _("failed")
        # A channel's post (``tournament.channels``) from its start to its answer, and one
        # whose answer never came (the worker stopped, the read timed out): not posted again.
        POSTING = "posting", _("posting")
        UNSURE = "unsure", _("unconfirmed")

    message = models.ForeignKey(Message, on_delete=models.PROTECT, related_name="deliveries")
    channel = models.CharField(max_length=8)
    # "s<subscription id>" for push, "email" for e-mail, the service for a channel's post:
    # one delivery per target.
    target = models.CharField(max_length=24)
    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    not_before = models.DateTimeField()
    leased_until = models.DateTimeField(null=True)
    sent_at = models.DateTimeField(null=True)
    error = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["message", "target"], name="notify_delivery_once")
        ]
        indexes = [models.Index(fields=["status", "not_before"])]

    def __str__(self) -> str:
        return f"{self.message_id} {self.target} {self.status}"
