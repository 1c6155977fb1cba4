"""Foul reports, the append-only penalty ledger, voids and re-pricing replacements.

Nothing here is ever updated or deleted. A report is what the referee saw, with a private note
for the staff and a public explanation; recording it writes its ledger entries in the same
transaction (``penalties.services.record_foul``). A void is a new row that says who reversed a
report and why; its reversing entries point at the entries they undo through ``reverses``,
which is unique, so an entry is reversed at most once. A re-pricing voids a report and records
its replacement; a ``Replacement`` row links the two. A ``HandCheck`` keeps the tiles a
referee checked with the false-win report they led to.
The model layer refuses updates and deletes (``integrity.models``, shared by every
append-only table); below it the triggers of ``integrity.operations.AppendOnly`` refuse them
too.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyModel
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Table


class FoulReport(AppendOnlyModel):
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="foul_reports")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="foul_reports")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="foul_reports")
    offender = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="fouls")
    co_offenders = models.ManyToManyField(Player, related_name="co_fouls", blank=True)
    code = models.CharField(_("foul"), max_length=40)
    details = models.JSONField(_("details"), default=dict, blank=True)
    note = models.TextField(
        _("private note"),
        blank=True,
        help_text=_("For the staff only (director, referees); never shown on public pages."),
    )
    explanation = models.TextField(
        _("public explanation"),
        blank=True,
        help_text=_("Shown on the public penalties page and the player's page."),
    )
    reason = models.TextField(
        _("reason for a late record"),
        blank=True,
        help_text=_("Required when the director records a foul in a closed round."),
    )
    description = models.TextField(_("consequences"), blank=True)
    ruleset_key = models.CharField(max_length=20)
    ruleset_version = models.CharField(max_length=40)
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="foul_reports"
    )
    user_agent = models.CharField(_("device"), max_length=300, blank=True)
    idempotency_key = models.CharField(_("idempotency key"), max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("foul report")
        verbose_name_plural = _("foul reports")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "idempotency_key"], name="foul_report_key_unique_per_event"
            ),
        ]
        indexes = [models.Index(fields=["event", "code"])]

    def __str__(self) -> str:
        return f"#{self.pk} {self.code} ({self.offender})"


class Void(AppendOnlyModel):
    """An appeal upheld or a referee error: the report's reversible entries are reversed."""

    report = models.OneToOneField(FoulReport, on_delete=models.PROTECT, related_name="void")
    reason = models.TextField(_("reason"))
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="voids"
    )
    user_agent = models.CharField(_("device"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("void")
        verbose_name_plural = _("voids")

    def __str__(self) -> str:
        return f"void of #{self.report_id}"


class Replacement(AppendOnlyModel):
    """A re-pricing voided ``replaced`` and recorded ``replacement``, the same observation priced
    under the new rules. What points at the first (a sheet's hand) now means the second: readers
    follow these links (``penalties.current``) instead of rewriting the rows that point."""

    replaced = models.OneToOneField(
        FoulReport, on_delete=models.PROTECT, related_name="replaced_by"
    )
    replacement = models.OneToOneField(
        FoulReport, on_delete=models.PROTECT, related_name="replaces"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("replacement")
        verbose_name_plural = _("replacements")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(replaced=models.F("replacement")),
                name="replacement_is_another_report",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.replaced_id} -> #{self.replacement_id}"


class HandCheck(AppendOnlyModel):
    """The referee's check of a hand from its tiles, kept with the foul report it led to: what
    was entered (``inputs``: the notation and the situation) and what the rulebook read from it
    (``result``: the fans or yaku line by line and the totals). Evidence, written once with the
    report and never changed (issue 36)."""

    report = models.OneToOneField(FoulReport, on_delete=models.PROTECT, related_name="hand_check")
    family = models.CharField(max_length=10)
    notation = models.CharField(_("tiles"), max_length=200)
    inputs = models.JSONField(default=dict)
    result = models.JSONField(default=dict)
    total = models.IntegerField(_("total"))
    reaches_minimum = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("hand check")
        verbose_name_plural = _("hand checks")

    def __str__(self) -> str:
        return f"check of #{self.report_id}: {self.notation}"


class LedgerEntry(AppendOnlyModel):
    class Kind(models.TextChoices):
        TRANSFER = "transfer", _("Transfer")
        DEDUCT = "deduct", _("Deduction")
        DEAD_HAND = "dead_hand", _("Dead hand")
        PENALTY_TILES = "penalty_tiles", _("Penalty tiles")
        HAND_ENDS = "hand_ends", _("Hand ends")
        REDEAL = "redeal", _("Redeal")
        DEALER_PASSES = "dealer_passes", _("Dealer passes")
        WARNING = "warning", _("Warning")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    class Scope(models.TextChoices):
        TABLE = "table", _("Table")
        OVERALL = "overall", _("Overall")
        NONE = "none", _("None")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="ledger")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="ledger")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="ledger")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    points = models.BigIntegerField(
        default=0,
        help_text=_(
            "Transfer: points moved from the player to the counterpart; deduction: the signed "
            "effect on the player; other kinds: 0."
        ),
    )
    scope = models.CharField(max_length=10, choices=Scope.choices, default=Scope.NONE)
    counterpart = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="ledger_received"
    )
    detail = models.JSONField(default=dict, blank=True)
    report = models.ForeignKey(FoulReport, on_delete=models.PROTECT, related_name="entries")
    void = models.ForeignKey(
        Void, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by"
    )
    ruleset_key = models.CharField(max_length=20)
    ruleset_version = models.CharField(max_length=40)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="ledger_entries"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        indexes = [models.Index(fields=["event", "player"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(reverses__isnull=True) | models.Q(void__isnull=False),
                name="ledger_reversal_has_void",
            ),
            models.CheckConstraint(
                condition=~models.Q(kind="transfer") | models.Q(counterpart__isnull=False),
                name="ledger_transfer_has_counterpart",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.points} {self.player}"
