"""Stages of an event and the decisions at their cuts."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event


class Stage(models.Model):
    """A range of an event's rounds with its own standings. An event without stages is one
    stage of every round. A stage after the first may start with a cut (``cut_size``): the
    players who go on are fixed when the director confirms it (``CutDecision``)."""

    class Carry(models.TextChoices):
        FULL = "full", _("Every total in full")
        HALF = "half", _("Half of every total")
        NONE = "none", _("Nothing (start from zero)")
        SEED = "seed", _("Fixed seed points by place")

    class Rest(models.TextChoices):
        STOP = "stop", _("Stop playing")
        CONSOLATION = "consolation", _("Play on in a consolation group")

    class Seating(models.TextChoices):
        GENERATOR = "generator", _("Seating generator within the stage's players")
        RANK = "rank", _("By rank (1-4 at table 1, 5-8 at table 2, ...)")
        PROGRESSIVE = "progressive", _("Progressive: players of close rank together")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=80)
    first_round = models.PositiveSmallIntegerField(_("first round"))
    last_round = models.PositiveSmallIntegerField(_("last round"))
    cut_size = models.PositiveSmallIntegerField(
        _("cut to"),
        null=True,
        blank=True,
        help_text=_("The top players of the previous stage who go on; empty: everybody."),
    )
    carry = models.CharField(
        _("carried over"), max_length=10, choices=Carry.choices, default=Carry.FULL
    )
    seed_points = models.JSONField(_("seed points by place"), default=list, blank=True)
    rest = models.CharField(
        _("players who are not qualified"),
        max_length=12,
        choices=Rest.choices,
        default=Rest.STOP,
    )
    seating = models.CharField(
        _("seating"), max_length=12, choices=Seating.choices, default=Seating.GENERATOR
    )
    allow_byes = models.BooleanField(
        _("substitutes or byes allowed"),
        default=False,
        help_text=_("Allows a cut that is not a multiple of four."),
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="stage_number_unique"),
            models.CheckConstraint(
                condition=Q(first_round__gte=1) & Q(last_round__gte=F("first_round")),
                name="stage_rounds_in_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def holds(self, round_number: int) -> bool:
        return self.first_round <= round_number <= self.last_round


class CutDecision(models.Model):
    """A confirmed cut: the previous stage's standing at that moment (player ids with their
    places), the players tied at the line, the director's choice among them, and who went on.
    Written once; a cut is never changed afterwards."""

    stage = models.OneToOneField(Stage, on_delete=models.CASCADE, related_name="cut")
    standing = models.JSONField(default=list)
    tied = models.JSONField(default=list, blank=True)
    chosen = models.JSONField(default=list, blank=True)
    qualified = models.JSONField(default=list)
    revision = models.BigIntegerField(default=0)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("cut decision")
        verbose_name_plural = _("cut decisions")

    def __str__(self) -> str:
        return f"{self.stage}: {len(self.qualified)}"
