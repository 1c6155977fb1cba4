"""What the check-in desk shows of the fees: beside each person found, what is left to pay
(one tap records it), and the list of those checked in who still have to pay (ticked and
recorded together). Plain data for the page and its JSON."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from tournament.events.models import Event
from tournament.fees import reading
from tournament.fees.models import Payment
from tournament.fees.reading import money


def person(line: reading.Line, currency: str) -> dict[str, Any]:
    """One person's fee, as the desk's script shows it."""
    return {
        "key": line.key,
        "name": line.name,
        "fee": line.fee.pk if line.fee is not None else None,
        "fee_name": line.fee.name if line.fee is not None else _("No fee"),
        "due": line.due,
        "to_pay": line.to_pay,
        "to_pay_text": money.shown(line.to_pay, currency),
        "paid_text": money.shown(line.kept, currency),
        "give_back_text": money.shown(line.to_give_back, currency) if line.to_give_back else "",
    }


def schedule_of(plan: reading.Schedule) -> list[dict[str, Any]]:
    return [
        {"id": f.pk, "name": f.name, "text": f"{f.name} ({money.shown(f.amount, plan.currency)})"}
        for f in plan.fees
    ]


def to_pay(everyone: Iterable[reading.Line], currency: str) -> list[dict[str, Any]]:
    """Those checked in who still have something to pay, by name."""
    return [person(line, currency) for line in everyone if line.checked_in and line.to_pay]


def found(event: Event, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The desk's search results (``kind`` "player" or "registration", ``pk``), each with
    its person's fee when the event has fees."""
    plan = reading.schedule(event)
    if not plan.fees or not results:
        return results
    players = [r["pk"] for r in results if r["kind"] == "player"]
    registrations = set(r["pk"] for r in results if r["kind"] == "registration")
    contacts = event.registrations.filter(pk__in=registrations).values_list("contact_id", flat=True)
    lines = reading.lines(event, plan, contact_ids=list(contacts), player_ids=players)
    by_player = {line.player_id: line for line in lines if line.player_id}
    by_registration = {line.registration_id: line for line in lines if line.registration_id}
    out = []
    for result in results:
        line = (by_player if result["kind"] == "player" else by_registration).get(result["pk"])
        out.append({**result, "fee": person(line, plan.currency) if line else None})
    return out


def state(event: Event) -> dict[str, Any]:
    """The desk's fee part: the schedule, and who of those present still has to pay."""
    plan = reading.schedule(event)
    everyone = reading.lines(event, plan) if plan.fees else []
    return {
        "currency": plan.currency,
        "fees": schedule_of(plan),
        "methods": [{"value": m.value, "label": str(m.label)} for m in Payment.Method],
        "to_pay": to_pay(everyone, plan.currency),
    }
