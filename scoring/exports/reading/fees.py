"""The fees for the director's spreadsheet (CSV, XLSX): who owes what, one line per person,
and every payment, refund and reversal as recorded. Amounts are exact decimals in the event's
currency ("40.50"), the same figures the fees page adds up (``tournament.fees.reading``)."""

from __future__ import annotations

from django.utils import timezone

from scoring.files import to_csv, to_xlsx
from tournament.events.models import Event
from tournament.fees import reading
from tournament.fees.reading import money

PEOPLE_HEADER = (
    "name",
    "club",
    "status",
    "checked_in",
    "fee",
    "currency",
    "due",
    "paid",
    "refunded",
    "balance",
)
PAYMENTS_HEADER = (
    "id",
    "recorded_at",
    "name",
    "kind",
    "method",
    "amount",
    "currency",
    "reverses",
    "reason",
    "recorded_by",
)


def people_table(event: Event) -> list[list]:
    plan = reading.schedule(event)

    def amount(minor: int):
        return money.decimal(minor, plan.currency)

    return [
        [
            line.name,
            line.club,
            line.state,
            "yes" if line.checked_in else "",
            line.fee.name if line.fee is not None else "",
            plan.currency,
            amount(line.due),
            amount(line.paid),
            amount(line.refunded),
            amount(line.balance),
        ]
        for line in reading.lines(event, plan)
        if line.due or line.paid or line.refunded
    ]


def payments_table(event: Event) -> list[list]:
    plan = reading.schedule(event)
    names = {line.contact_id: line.name for line in reading.lines(event, plan)}
    return [
        [
            payment.pk,
            timezone.localtime(payment.created_at, event.tzinfo).isoformat(timespec="seconds"),
            names.get(payment.contact_id, ""),
            payment.kind,
            payment.method,
            money.decimal(payment.amount, plan.currency),
            plan.currency,
            payment.reverses_id or "",
            payment.reason,
            payment.by.get_username(),
        ]
        for payment in reading.payments(event)
    ]


def people_csv(event: Event) -> bytes:
    return to_csv(PEOPLE_HEADER, people_table(event))


def people_xlsx(event: Event) -> bytes:
    return to_xlsx("fees", PEOPLE_HEADER, people_table(event))


def payments_csv(event: Event) -> bytes:
    return to_csv(PAYMENTS_HEADER, payments_table(event))


def payments_xlsx(event: Event) -> bytes:
    return to_xlsx("payments", PAYMENTS_HEADER, payments_table(event))
