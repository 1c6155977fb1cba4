"""``{{ value|num }}``: a number in the page's language ("−28,0" in Czech), see
``tournament.numbers.shown``. ``num:"+"`` signs positive numbers, ``num:"group"`` groups
thousands, ``num:"+group"`` does both."""

from __future__ import annotations

from django import template

from tournament.numbers import shown

register = template.Library()


@register.filter
def num(value: object, how: str = "") -> str:
    return shown(value, sign="+" in how, group="group" in how)
