"""The outbox and what it needs: a player's choices, their browsers' push subscriptions, an
event's switch, and the deliveries of each message.

``Message`` is append-only (triggers in the migration): one row per (recipient, kind, subject),
with the plain parameters its text is rendered from at send time, in the recipient's language.
Its id is the push ``Topic``, the notification's ``tag`` and the e-mail's ``Message-ID``, so a
message sent again after a crash is shown once. ``Delivery`` is the mutable sending state of
one message on one channel (one per push subscription, one for e-mail)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event
from tournament.players.models import Player

CHANNELS = ("push", "email")


class NotifySettings(models.Model):
    """An event's switch for sending, and the language of players who chose none."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="notify_settings")
    enabled = models.BooleanField(_("send notifications"), default=True)
    language = models.CharField(
        _("language of messages"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
    )

    def __str__(self) -> str:
        return f"{self.event}: {'on' if self.enabled else 'off'}"


class Recipient(models.Model):
    """A player's choices: language, e-mail address, channels and muted kinds."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="notify")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    email = models.EmailField(_("e-mail address"), blank=True)
    email_invalid = models.BooleanField(default=False, editable=False)
    push_on = models.BooleanField(_("web push"), default=True)
    email_on = models.BooleanField(_("e-mail"), default=True)
    # "channel:kind" strings the player turned off.
    muted = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"{self.player}"

    def wants(self, channel: str, kind: str) -> bool:
        on = self.push_on if channel == "push" else self.email_on and bool(self.email)
        return on and f"{channel}:{kind}" not in self.muted


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
    """One outbox row. ``recipient`` is ``p<player id>`` or ``e<address>`` (an arbitrary
    e-mail recipient, e.g. someone registering)."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, null=True, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, related_name="+")
    recipient = models.CharField(max_length=260)
    email = models.EmailField(blank=True)
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

    message = models.ForeignKey(Message, on_delete=models.PROTECT, related_name="deliveries")
    channel = models.CharField(max_length=8)
    # "s<subscription id>" for push, "email" for e-mail: one delivery per target.
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
