"""The event's fees and the record of what each person owes and paid.

A person is a ``Contact`` (``tournament.contacts``): the registrant and the player made from
the registration are one person with one contact, so their fees are kept once.

- ``FeeSettings``: the event's currency. ``Fee``: one line of the schedule (standard, reduced,
  late, ...) with its amount in the currency's minor units (cents); one of them is the default,
  what a person owes unless another fee was chosen for them.
- ``FeeChoice`` (append-only): the fee chosen for a person; the latest counts. No fee
  (``fee`` empty) waives it.
- ``Payment`` (append-only): money received (``payment``) or given back (``refund``), with its
  method, who recorded it and when. A mistake is corrected by a new row that ``reverses`` it
  (the same amount negated, with a reason); a row is reversed at most once, and a reversal is
  never reversed. Nothing is updated or deleted: the model layer refuses it
  (``integrity.models``) and so do the triggers of ``integrity.operations.AppendOnly`` on
  SQLite and PostgreSQL.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from integrity.models import AppendOnlyModel
from tournament.contacts.models import Contact
from tournament.events.models import Event

FEE_NAME_MAX = 60
REASON_MAX = 500
KEY_MAX = 64
# Larger than any entry fee; small enough that a total of thousands of them stays exact
# everywhere (a spreadsheet's number, a JavaScript number).
AMOUNT_MAX = 10**10
DEFAULT_CURRENCY = "EUR"


class FeeSettings(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="fee_settings")
    currency = models.CharField(_("currency"), max_length=3, default=DEFAULT_CURRENCY)

    def __str__(self) -> str:
        return f"{self.event}: {self.currency}"


class Fee(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="fees")
    name = models.CharField(_("name"), max_length=FEE_NAME_MAX)
    amount = models.PositiveBigIntegerField(_("amount"))
    is_default = models.BooleanField(_("default"), default=False)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="fee_name_unique_per_event"),
            models.UniqueConstraint(
                fields=["event"], condition=Q(is_default=True), name="fee_one_default_per_event"
            ),
            models.CheckConstraint(condition=Q(amount__lte=AMOUNT_MAX), name="fee_amount_bounded"),
        ]

    def __str__(self) -> str:
        return self.name


class FeeChoice(AppendOnlyModel):
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="+")
    contact = models.ForeignKey(Contact, on_delete=models.PROTECT, related_name="fee_choices")
    fee = models.ForeignKey(Fee, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    reason = models.CharField(_("reason"), max_length=REASON_MAX, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["event", "contact"], name="fee_choice_person")]

    def __str__(self) -> str:
        return f"{self.contact_id}: {self.fee_id}"


class Payment(AppendOnlyModel):
    class Kind(models.TextChoices):
        PAYMENT = "payment", _("Payment")
        REFUND = "refund", _("Refund")

    class Method(models.TextChoices):
        # "payment": a bank transfer, a payment card, not a penalty's transfer or a player card
        CASH = "cash", pgettext_lazy("payment", "Cash")
        CARD = "card", pgettext_lazy("payment", "Card")
        TRANSFER = "transfer", pgettext_lazy("payment", "Transfer")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="+")
    contact = models.ForeignKey(Contact, on_delete=models.PROTECT, related_name="payments")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    # In the currency's minor units; negative only on a reversal.
    amount = models.BigIntegerField(_("amount"))
    method = models.CharField(
        pgettext_lazy("payment", "method"), max_length=8, choices=Method.choices
    )
    reason = models.CharField(_("reason"), max_length=REASON_MAX, blank=True)
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by"
    )
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The client's key: a payment sent twice (a double tap, a retry on bad Wi-Fi) is kept once.
    key = models.CharField(max_length=KEY_MAX)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["event", "contact"], name="fee_payment_person")]
        constraints = [
            models.UniqueConstraint(fields=["event", "key"], name="fee_payment_key_once"),
            models.CheckConstraint(
                condition=(Q(reverses__isnull=True) & Q(amount__gt=0) & Q(amount__lte=AMOUNT_MAX))
                | (Q(reverses__isnull=False) & Q(amount__lt=0) & Q(amount__gte=-AMOUNT_MAX)),
                name="fee_payment_amount_signed",
            ),
            models.CheckConstraint(
                condition=Q(reverses__isnull=True) | ~Q(reason=""),
                name="fee_payment_reversal_has_reason",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["payment", "refund"])
                & Q(method__in=["cash", "card", "transfer"]),
                name="fee_payment_kind_method",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} ({self.contact_id})"
