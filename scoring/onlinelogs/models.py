"""A player's name on each online platform, and the record of the logs imported."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyModel
from rules.onlinelogs import MAJSOUL, TENHOU
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Table

PLATFORM_CHOICES = [(TENHOU, _("tenhou.net")), (MAJSOUL, _("Mahjong Soul"))]


class OnlineName(models.Model):
    """The name a player plays under on a platform (Mahjong Soul: the nickname, or the
    account id where two players share a nickname). Set by the director or the player."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="online_names")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="online_names")
    platform = models.CharField(_("platform"), max_length=10, choices=PLATFORM_CHOICES)
    name = models.CharField(_("online name"), max_length=100)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["player_id", "platform"]
        verbose_name = _("online name")
        verbose_name_plural = _("online names")
        constraints = [
            models.UniqueConstraint(fields=["player", "platform"], name="online_name_once"),
            models.UniqueConstraint(
                fields=["event", "platform", "name"], name="online_name_unique_in_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} on {self.platform}: {self.name}"


class LogImport(AppendOnlyModel):
    """A game log written into a table's sheet: the log as given (``content``), its platform
    and id (an uploaded mjlog without an id is named by its digest), how many hands it added,
    and who imported it. One per log and event: importing it again adds nothing."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="log_imports")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="log_imports")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="log_imports")
    platform = models.CharField(_("platform"), max_length=10, choices=PLATFORM_CHOICES)
    log_id = models.CharField(_("log id"), max_length=100)
    digest = models.CharField(max_length=64)
    content = models.TextField()
    hands = models.PositiveSmallIntegerField(_("hands added"))
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="log_imports",
    )
    imported_by_player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="log_imports"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_id", "table_id", "pk"]
        verbose_name = _("imported game log")
        verbose_name_plural = _("imported game logs")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "platform", "log_id"], name="log_import_once_per_event"
            ),
            models.CheckConstraint(
                condition=Q(imported_by__isnull=True) ^ Q(imported_by_player__isnull=True),
                name="log_import_one_author",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.platform} {self.log_id} -> {self.table}"
