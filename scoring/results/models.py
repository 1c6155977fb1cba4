"""Table results (versioned, never edited) and the per-event standings snapshot.

A table's result is a sequence of versions: a correction adds version n+1 with who, when and
why, and the earlier versions stay. At most one version per table *counts* in the standings:
the latest one, or, when the event asks for confirmation, the latest confirmed one. ``counts``
is stored (and moved by ``scoring.results.services`` in the writing transaction) so that the
reconcile reads the counting scores with one plain filter whatever the event size.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyRule
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Table, Wind


class TableResult(models.Model):
    append_only_rule = AppendOnlyRule(
        may_change=("counts",), set_once=("confirmed_by_id", "confirmed_at")
    )

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="table_results")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="table_results")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="results")
    version = models.PositiveIntegerField(_("version"))
    reason = models.TextField(_("reason"), blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="entered_results",
        verbose_name=_("entered by"),
        null=True,
        blank=True,
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="confirmed_results",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    counts = models.BooleanField(_("counts in the standings"), default=False)
    # The ruleset the scores were entered under, like a foul report's: ``verify`` flags a
    # result whose event has moved to another ruleset since.
    ruleset_key = models.CharField(max_length=20, blank=True, default="")
    ruleset_version = models.CharField(max_length=40, blank=True, default="")
    # The tablet's key for this entry (empty from clients that send none): a resend of the
    # same entry returns this version instead of writing another.
    idempotency_key = models.CharField(max_length=64, blank=True, default="", editable=False)
    # Set when the result was written by closing (or correcting) the table's score sheet.
    sheet = models.ForeignKey(
        "scoring.ScoreSheet",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="results",
        verbose_name=_("from the score sheet"),
    )

    class Meta:
        ordering = ["table", "-version"]
        verbose_name = _("table result")
        verbose_name_plural = _("table results")
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="result_version_unique"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(counts=True), name="result_one_counting_per_table"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="result_version_positive"),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="result_key_once_per_table",
            ),
        ]
        indexes = [models.Index(fields=["event", "counts"], name="result_event_counts")]

    def __str__(self) -> str:
        return f"{self.table} v{self.version}"


class SeatScore(models.Model):
    """One seat's final score in one result version."""

    append_only_rule = AppendOnlyRule()

    result = models.ForeignKey(TableResult, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seat_scores")
    wind = models.CharField(_("wind"), max_length=1, choices=Wind.choices)
    score = models.BigIntegerField(_("score"))

    class Meta:
        ordering = ["result", "pk"]
        verbose_name = _("seat score")
        verbose_name_plural = _("seat scores")
        constraints = [
            models.UniqueConstraint(fields=["result", "wind"], name="seat_score_wind_unique"),
            models.UniqueConstraint(fields=["result", "player"], name="seat_score_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.wind} {self.score}"
