"""An event's channel: a Discord webhook, or a Telegram bot with the chat it posts to."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event

MASK = "…"


def masked(secret: str, shown: int = 4) -> str:
    """A secret as pages and the API show it: its last few characters only."""
    return f"{MASK}{secret[-shown:]}" if len(secret) > 2 * shown else MASK if secret else ""


class EventChannel(models.Model):
    class Service(models.TextChoices):
        DISCORD = "discord", "Discord"
        TELEGRAM = "telegram", "Telegram"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="channels")
    service = models.CharField(_("service"), max_length=8, choices=Service.choices)
    name = models.CharField(_("name"), max_length=80, blank=True)
    # Secrets: written by the director, never shown back in full (``masked``).
    webhook_url = models.CharField(_("Discord webhook URL"), max_length=500, blank=True)
    bot_token = models.CharField(_("Telegram bot token"), max_length=100, blank=True)
    chat_id = models.CharField(_("Telegram chat id"), max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Removing a channel blanks its secrets and keeps the row, so that its posts stay counted.
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["event", "removed_at"])]

    def __str__(self) -> str:
        return f"{self.event}: {self.get_service_display()} {self.name}".strip()

    @property
    def recipient(self) -> str:
        """Its outbox rows' recipient."""
        return f"ch{self.pk}"

    @property
    def secret_shown(self) -> str:
        if self.service == self.Service.DISCORD:
            return masked(self.webhook_url)
        return masked(self.bot_token)
