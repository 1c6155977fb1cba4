"""``{{ minor|money:currency }}``: an amount kept in minor units (cents) as the page's language
writes it ("40,50 €" in French), see ``tournament.fees.reading.money.shown``."""

from __future__ import annotations

from django import template

from tournament.fees.reading import money as amounts

register = template.Library()


@register.filter
def money(minor: int | None, currency: str) -> str:
    return "" if minor is None else amounts.shown(minor, currency)
