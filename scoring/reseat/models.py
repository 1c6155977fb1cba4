"""The record of a table's seats corrected after play (see the package)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyModel
from tournament.events.models import Event
from tournament.rounds.models import Round, Table


class SeatCorrection(AppendOnlyModel):
    """Who corrected which table's seats, when and why: the seats as recorded (``before``) and
    as the players really sat (``after``), each ``{"E": player id, ...}``, and what the
    correction wrote (``written``: the hand versions, confirmations and disputes carried over,
    the re-priced reports as ``[voided, replacement]`` pairs, the result version). The rows it
    wrote carry ``tag`` in their idempotency keys."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="seat_corrections")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="seat_corrections")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seat_corrections")
    before = models.JSONField(_("seats as recorded"))
    after = models.JSONField(_("seats as played"))
    reason = models.TextField(_("reason"))
    written = models.JSONField(default=dict)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seat_corrections"
    )
    tag = models.CharField(max_length=32, unique=True, editable=False)
    idempotency_key = models.CharField(_("idempotency key"), max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "pk"]
        verbose_name = _("seat correction")
        verbose_name_plural = _("seat corrections")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "idempotency_key"], name="seat_correction_key_once_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} seats corrected #{self.pk}"
