"""Score sheets: a table's hands in one round (docs/rules/hands.md).

A ``ScoreSheet`` is open while the table plays and closed once its result is written. Its
``SheetHand`` rows are append-only like the penalty ledger: a correction is a new version of
the hand's number with a reason, and the sheet reads the latest version of every number. A hand
entered by a player counts only once somebody else confirms it (``HandConfirmation``, also
append-only). Points are never copied from the ledger: a hand may name the foul report it ended
with, and the ledger stays the one place a penalty is counted.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyModel
from penalties.models import FoulReport
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Table


class ScoreSheet(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="score_sheets")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="score_sheets")
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="score_sheet")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Counts the writes of rows the players' pages show of this sheet (hands, confirmations,
    # disputes, resolutions, referee calls and the calls taken): with ``status``, the sheet's
    # marker in those pages' ETags (``scoring.sheets.players.reading.marker_of``).
    writes = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["round_id", "table_id"]
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        indexes = [models.Index(fields=["event", "round"], name="sheet_event_round")]

    def __str__(self) -> str:
        return f"{self.table} ({self.status})"

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED


class SheetHand(AppendOnlyModel):
    """One version of one hand of a sheet. ``data`` is the hand as ``rules.hands.hand_json``
    stores it; who entered it is a user (staff) or a player (with a PIN)."""

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    version = models.PositiveSmallIntegerField(_("version"), default=1)
    kind = models.CharField(_("kind"), max_length=12)
    data = models.JSONField(_("hand"))
    reason = models.TextField(_("reason"), blank=True)
    foul_report = models.ForeignKey(
        FoulReport,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sheet_hands",
        verbose_name=_("foul report"),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entered_hands",
    )
    entered_by_player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="entered_hands"
    )
    idempotency_key = models.CharField(_("idempotency key"), max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet_id", "number", "version"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "number", "version"], name="sheet_hand_version_unique"
            ),
            models.UniqueConstraint(
                fields=["sheet", "idempotency_key"], name="sheet_hand_key_unique"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1) & Q(version__gte=1), name="sheet_hand_numbers_positive"
            ),
            models.CheckConstraint(
                condition=Q(entered_by__isnull=True) | Q(entered_by_player__isnull=True),
                name="sheet_hand_one_author",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet.table} hand {self.number} v{self.version}"


class HandConfirmation(AppendOnlyModel):
    """Somebody other than its author confirms a player's hand: it counts from now on."""

    hand = models.ForeignKey(SheetHand, on_delete=models.PROTECT, related_name="confirmations")
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="confirmed_hands",
    )
    confirmed_by_player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="confirmed_hands"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand_id", "pk"]
        verbose_name = _("hand confirmation")
        verbose_name_plural = _("hand confirmations")
        constraints = [
            models.UniqueConstraint(fields=["hand"], name="hand_confirmed_once"),
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True) ^ Q(confirmed_by_player__isnull=True),
                name="hand_confirmation_one_author",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand} confirmed"


STRUCK = "struck"
# The idempotency keys of the versions a seat correction writes
# (``scoring.sheets.entry.services.reseat``) start with this: the sheet's history tells them from
# a referee's corrections by it.
RESEAT_KEY = "reseat-"


def _author_fields(related: str) -> tuple[models.ForeignKey, models.ForeignKey]:
    return (
        models.ForeignKey(
            settings.AUTH_USER_MODEL,
            on_delete=models.PROTECT,
            null=True,
            blank=True,
            related_name=related,
        ),
        models.ForeignKey(
            Player, on_delete=models.PROTECT, null=True, blank=True, related_name=related
        ),
    )


class HandDispute(AppendOnlyModel):
    """A player of the table or a referee disputes one version of a hand, with a reason. The
    version does not count while the dispute is open (no ``DisputeResolution``); a newer
    version of the hand leaves the dispute behind. A dispute still open when the round closes
    is the director's correction request."""

    hand = models.ForeignKey(SheetHand, on_delete=models.PROTECT, related_name="disputes")
    raised_by, raised_by_player = _author_fields("raised_disputes")
    reason = models.TextField(_("reason"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand_id", "pk"]
        verbose_name = _("hand dispute")
        verbose_name_plural = _("hand disputes")
        constraints = [
            models.CheckConstraint(
                condition=Q(raised_by__isnull=True) ^ Q(raised_by_player__isnull=True),
                name="hand_dispute_one_author",
            ),
        ]


class DisputeResolution(AppendOnlyModel):
    """A referee keeps the disputed hand as it is, or its author withdraws the dispute."""

    dispute = models.OneToOneField(HandDispute, on_delete=models.PROTECT, related_name="resolution")
    resolved_by, resolved_by_player = _author_fields("resolved_disputes")
    note = models.TextField(_("note"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("dispute resolution")
        verbose_name_plural = _("dispute resolutions")
        constraints = [
            models.CheckConstraint(
                condition=Q(resolved_by__isnull=True) ^ Q(resolved_by_player__isnull=True),
                name="dispute_resolution_one_author",
            ),
        ]


class RefereeCall(AppendOnlyModel):
    """A player calls the referee to the table; open until a referee takes it."""

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="referee_calls")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="referee_calls")
    called_by, called_by_player = _author_fields("referee_calls")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("referee call")
        verbose_name_plural = _("referee calls")
        indexes = [models.Index(fields=["round", "table"], name="referee_call_round_table")]
        constraints = [
            models.CheckConstraint(
                condition=Q(called_by__isnull=True) ^ Q(called_by_player__isnull=True),
                name="referee_call_one_author",
            ),
        ]


class RefereeCallTaken(AppendOnlyModel):
    """A referee takes a call: it leaves the tablets and the round board."""

    call = models.OneToOneField(RefereeCall, on_delete=models.PROTECT, related_name="taken")
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="taken_calls"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("referee call taken")
        verbose_name_plural = _("referee calls taken")
