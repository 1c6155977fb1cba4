"""Every write of the fees: the schedule, the fee chosen for a person, payments, refunds and
the reversal of a mistaken row. Each checks under the person's lock (their contact's row) what
it may do given every row already there, so two desks recording at once, a double tap or a
retry record once; nothing is ever updated or deleted."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.contacts import services as contacts
from tournament.contacts.models import Contact
from tournament.events.models import Event
from tournament.fees import reading
from tournament.fees.models import (
    AMOUNT_MAX,
    FEE_NAME_MAX,
    KEY_MAX,
    REASON_MAX,
    Fee,
    FeeChoice,
    FeeSettings,
    Payment,
)
from tournament.fees.reading import money

Kind = Payment.Kind
Method = Payment.Method


def new_key() -> str:
    """A key for a form that records a payment: sent twice, it records once."""
    return secrets.token_hex(16)


# --- the schedule ------------------------------------------------------------------------


def _locked_settings(event: Event) -> FeeSettings:
    FeeSettings.objects.get_or_create(event=event)
    return FeeSettings.objects.select_for_update().get(event=event)


def _has_payments(event: Event) -> bool:
    return Payment.objects.filter(event=event).exists()


def _fixed() -> ValidationError:
    return ValidationError(
        _(
            "Payments are recorded: the amounts and the default fee stay as they are. Add "
            "another fee instead."
        )
    )


def set_currency(event: Event, currency: str) -> FeeSettings:
    """The event's currency; the fees keep their amounts ("40.00 EUR" becomes "40.00 CZK").
    Refused once a payment is recorded."""
    currency = (currency or "").strip().upper()
    if not money.is_currency(currency):
        raise ValidationError({"currency": [_("Choose a currency in use today.")]})
    with transaction.atomic():
        found = _locked_settings(event)
        if currency == found.currency:
            return found
        if _has_payments(event):
            raise ValidationError(
                {
                    "currency": [
                        _("Payments are recorded in %(currency)s: it stays.")
                        % {"currency": found.currency}
                    ]
                }
            )
        shift = money.exponent(currency) - money.exponent(found.currency)
        fees = list(Fee.objects.select_for_update().filter(event=event))
        for fee in fees:
            if shift < 0 and fee.amount % 10**-shift:
                raise ValidationError(
                    {
                        "currency": [
                            _("%(fee)s has decimals that %(currency)s does not have.")
                            % {"fee": fee.name, "currency": currency}
                        ]
                    }
                )
            fee.amount = fee.amount * 10**shift if shift >= 0 else fee.amount // 10**-shift
            if fee.amount > AMOUNT_MAX:
                raise ValidationError({"currency": [_("This amount is too large.")]})
            fee.save(update_fields=["amount"])
        found.currency = currency
        found.save(update_fields=["currency"])
    return found


def save_fee(
    event: Event, fee: Fee | None, *, name: str, amount: int, is_default: bool = False
) -> Fee:
    """Add a fee (``fee`` None) or change one. The first fee is the default. Once a payment
    is recorded, amounts and the default stay: a person's due never moves under a payment."""
    name = " ".join((name or "").split())
    errors = {}
    if not name or len(name) > FEE_NAME_MAX:
        errors["name"] = [
            ngettext(
                "Give the fee a name (at most %(count)d character).",
                "Give the fee a name (at most %(count)d characters).",
                FEE_NAME_MAX,
            )
            % {"count": FEE_NAME_MAX}
        ]
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= AMOUNT_MAX:
        errors["amount"] = [_("Enter an amount such as 40 or 40.50.")]
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        _locked_settings(event)
        fees = {f.pk: f for f in Fee.objects.select_for_update().filter(event=event)}
        if fee is not None and fee.pk not in fees:
            raise ValidationError(_("This fee belongs to another event."))
        current = fees.get(fee.pk) if fee is not None else None
        if any(f.name.casefold() == name.casefold() for f in fees.values() if f is not current):
            raise ValidationError({"name": [_("Another fee has this name.")]})
        default = next((f for f in fees.values() if f.is_default), None)
        paid = _has_payments(event)
        was_default = current is not None and current.is_default
        # one fee is the default: the first one, and it stays so until another is chosen
        is_default = is_default or was_default or (default is None and not paid)
        moves = is_default != was_default or (
            current is not None and current.amount != amount and (was_default or _chosen(current))
        )
        if moves and paid:
            raise _fixed()
        if is_default and default is not None and default is not current:
            default.is_default = False
            default.save(update_fields=["is_default"])
        target = current or Fee(event=event)
        target.name, target.amount, target.is_default = name, amount, is_default
        target.save()
    return target


def _chosen(fee: Fee) -> bool:
    return FeeChoice.objects.filter(fee=fee).exists()


def delete_fee(event: Event, fee: Fee) -> None:
    """A fee nobody was given, and not the default once payments are recorded."""
    with transaction.atomic():
        _locked_settings(event)
        current = Fee.objects.select_for_update().filter(event=event, pk=fee.pk).first()
        if current is None:
            return
        if _chosen(current):
            raise ValidationError(_("This fee was chosen for somebody: it stays."))
        if current.is_default and _has_payments(event):
            raise _fixed()
        current.delete()
        if current.is_default:
            following = Fee.objects.filter(event=event).order_by("pk").first()
            if following is not None:
                following.is_default = True
                following.save(update_fields=["is_default"])


# --- a person's fee and money ------------------------------------------------------------


def _person(event: Event, key: str) -> Contact:
    """The contact of the person ``key`` names, locked until the transaction ends (a player
    without one gets it now)."""
    parsed = reading.parse_key(key)
    if parsed is not None and parsed[0] == "c":
        found = Contact.objects.select_for_update().filter(pk=parsed[1], event_id=event.pk).first()
        if found is not None:
            return found
    if parsed is not None and parsed[0] == "p":
        player = event.players.filter(pk=parsed[1]).first()
        if player is not None:
            return contacts.for_player(player)
    raise ValidationError({"person": [_("Nobody of this event is called so.")]})


def _line(event: Event, contact: Contact) -> reading.Line:
    line = reading.line_of(event, f"c{contact.pk}")
    if line is None:
        raise ValidationError({"person": [_("Nobody of this event is called so.")]})
    return line


def choose_fee(
    event: Event, key: str, fee: Fee | None, by: AbstractBaseUser, reason: str = ""
) -> reading.Line:
    """The fee ``key`` owes from now on (None: no fee). Choosing the fee already chosen
    records nothing."""
    if fee is not None and fee.event_id != event.pk:
        raise ValidationError({"fee": [_("This fee belongs to another event.")]})
    reason = _reason(reason, required=False)
    with transaction.atomic():
        contact = _person(event, key)
        last = FeeChoice.objects.filter(event=event, contact=contact).order_by("-pk").first()
        if last is None or last.fee_id != (fee.pk if fee else None):
            FeeChoice.objects.create(event=event, contact=contact, fee=fee, reason=reason, by=by)
        return _line(event, contact)


def _reason(reason: str, *, required: bool) -> str:
    reason = " ".join((reason or "").split())
    if required and not reason:
        raise ValidationError({"reason": [_("Give a reason.")]})
    if len(reason) > REASON_MAX:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "At most %(count)d character.", "At most %(count)d characters.", REASON_MAX
                    )
                    % {"count": REASON_MAX}
                ]
            }
        )
    return reason


def _method(method: str) -> str:
    if method not in Method.values:
        raise ValidationError({"method": [_("Choose cash, card or transfer.")]})
    return method


def _idempotency(key: str) -> str:
    key = (key or "").strip()
    if not key or len(key) > KEY_MAX:
        raise ValidationError(
            {
                "key": [
                    ngettext(
                        "A key of 1 to %(count)d character is needed.",
                        "A key of 1 to %(count)d characters is needed.",
                        KEY_MAX,
                    )
                    % {"count": KEY_MAX}
                ]
            }
        )
    return key


@dataclass(frozen=True)
class Recorded:
    payment: Payment
    line: reading.Line
    replayed: bool  # the same key was recorded before: nothing new


def _replay(event: Event, key: str, contact: Contact, **expected) -> Payment | None:
    """The row already recorded under ``key``, if it says the same; a ``ValidationError`` if
    the key was used for something else."""
    found = Payment.objects.filter(event=event, key=key).first()
    if found is None:
        return None
    same = found.contact_id == contact.pk and all(
        getattr(found, name) == value for name, value in expected.items()
    )
    if not same:
        raise ValidationError({"key": [_("This key was used for another record.")]})
    return found


def record_payment(
    event: Event,
    person: str,
    *,
    amount: int,
    method: str,
    by: AbstractBaseUser,
    key: str,
    reason: str = "",
) -> Recorded:
    """``amount`` received from ``person``: at most what they have to pay."""
    return _record(event, person, Kind.PAYMENT, amount, method, by, key, reason)


def record_refund(
    event: Event,
    person: str,
    *,
    amount: int,
    method: str,
    by: AbstractBaseUser,
    key: str,
    reason: str,
) -> Recorded:
    """``amount`` given back to ``person``, with a reason: at most what they paid."""
    return _record(event, person, Kind.REFUND, amount, method, by, key, reason)


def _record(event, person, kind, amount, method, by, key, reason) -> Recorded:
    method = _method(method)
    key = _idempotency(key)
    reason = _reason(reason, required=kind == Kind.REFUND)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= AMOUNT_MAX:
        raise ValidationError({"amount": [_("Enter an amount above zero.")]})
    with transaction.atomic():
        contact = _person(event, person)
        found = _replay(event, key, contact, kind=kind, amount=amount, method=method)
        if found is not None:
            return Recorded(found, _line(event, contact), True)
        line = _line(event, contact)
        currency = reading.schedule(event).currency
        if kind == Kind.PAYMENT and amount > line.to_pay:
            raise ValidationError({"amount": [_too_much(line.to_pay, currency)]})
        if kind == Kind.REFUND and amount > line.kept:
            raise ValidationError(
                {
                    "amount": [
                        _("At most %(amount)s was paid: no more can be given back.")
                        % {"amount": money.shown(line.kept, currency)}
                    ]
                }
            )
        payment = _insert(event, contact, kind, amount, method, reason, by, key)
        return Recorded(payment, _line(event, contact), False)


def _too_much(to_pay: int, currency: str) -> str:
    if not to_pay:
        return _("Nothing is left to pay.")
    return _("Only %(amount)s is left to pay.") % {"amount": money.shown(to_pay, currency)}


def _insert(event, contact, kind, amount, method, reason, by, key, reverses=None) -> Payment:
    try:
        with transaction.atomic():
            return Payment.objects.create(
                event=event,
                contact=contact,
                kind=kind,
                amount=amount,
                method=method,
                reason=reason,
                by=by,
                key=key,
                reverses=reverses,
            )
    except IntegrityError:  # the key, or the row reversed, taken by another person's write
        raise ValidationError(_("This was recorded meanwhile; look again.")) from None


def pay_many(
    event: Event, people: list[tuple[str, int]], *, method: str, by: AbstractBaseUser, key: str
) -> list[Recorded]:
    """Several persons pay at once (a club paying together): each ``(person, amount)``, all of
    them or none. ``key`` keys the whole list: sent again, it records nothing more."""
    key = _idempotency(key)
    if not people:
        raise ValidationError({"person": [_("Choose who pays.")]})
    if len({person for person, _amount in people}) != len(people):
        raise ValidationError({"person": [_("Each person once.")]})
    with transaction.atomic():
        return [
            record_payment(
                event,
                person,
                amount=amount,
                method=method,
                by=by,
                key=f"{key[: KEY_MAX - 21]}:{person}"[:KEY_MAX],
            )
            for person, amount in people
        ]


def reverse(
    event: Event, payment: Payment, *, by: AbstractBaseUser, reason: str, key: str = ""
) -> Recorded:
    """A mistaken payment or refund undone by a new row with the amount negated and a reason.
    A row is reversed once; a reversal is not reversed (record the payment again)."""
    reason = _reason(reason, required=True)
    key = _idempotency(key or f"reverse:{payment.pk}")
    with transaction.atomic():
        contact = (
            Contact.objects.select_for_update().filter(pk=payment.contact_id, event=event).first()
        )
        original = Payment.objects.filter(pk=payment.pk, event=event).first()
        if contact is None or original is None:
            raise ValidationError(_("This record belongs to another event."))
        if original.reverses_id is not None:
            raise ValidationError(_("A reversal is not reversed: record the payment again."))
        done = Payment.objects.filter(reverses=original).first()
        if done is not None:
            if done.key == key:
                return Recorded(done, _line(event, contact), True)
            raise ValidationError(_("This record was reversed already."))
        line = _line(event, contact)
        if original.kind == Kind.PAYMENT and line.paid - original.amount < line.refunded:
            currency = reading.schedule(event).currency
            raise ValidationError(
                _("%(amount)s was given back: reverse the refund first.")
                % {"amount": money.shown(line.refunded, currency)}
            )
        row = _insert(
            event,
            contact,
            original.kind,
            -original.amount,
            original.method,
            reason,
            by,
            key,
            reverses=original,
        )
        return Recorded(row, _line(event, contact), False)
