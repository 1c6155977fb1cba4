"""What the director is asked before reversing a payment or a refund
(``tournament.access.confirm``): a reversal is itself never reversed."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.access.confirm import Question
from tournament.events.models import Event
from tournament.fees.models import Payment
from tournament.fees.reading import money


def reverse_question(
    event: Event, payment: Payment, name: str, currency: str, reason: str
) -> Question:
    what = {
        "amount": money.shown(payment.amount, currency),
        "method": payment.get_method_display().lower(),
        "name": name,
    }
    title = (
        _("Reverse the payment of %(amount)s (%(method)s) by %(name)s?")
        if payment.kind == Payment.Kind.PAYMENT
        else _("Reverse the refund of %(amount)s (%(method)s) to %(name)s?")
    ) % what
    return Question(
        action=f"fee-reverse:{payment.pk}",
        title=title,
        consequences=(
            _(
                "A new record of %(amount)s with your reason is added; the first one stays in "
                "the history and in the exports."
            )
            % {"amount": money.shown(-payment.amount, currency)},
            _("A reversal cannot be reversed: if it was right after all, record it again."),
            _("Reason: %(reason)s") % {"reason": reason},
        ),
        button=_("Reverse"),
        back=reverse("director:fees-person", args=[event.slug, f"c{payment.contact_id}"]),
        about=reason,
    )
