"""A person's own fee, for their own pages (the registrant's private page, the player's page):
what they owe, paid and got back, in their page's language. Nothing when the event has no
fees, or the person owes nothing and paid nothing."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.events.models import Event
from tournament.fees import reading


@dataclass(frozen=True)
class MyFee:
    line: reading.Line
    currency: str


def _mine(event: Event, key: str) -> MyFee | None:
    plan = reading.schedule(event)
    if not plan.fees:
        return None
    line = reading.line_of(event, key, plan)
    if line is None or not (line.due or line.paid or line.refunded):
        return None
    return MyFee(line, plan.currency)


def of_player(event: Event, player_id: int) -> MyFee | None:
    return _mine(event, f"p{player_id}")


def of_contact(event: Event, contact_id: int) -> MyFee | None:
    return _mine(event, f"c{contact_id}")
