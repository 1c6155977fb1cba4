"""Amounts of money as whole numbers of the currency's minor units (cents for the euro, none
for the yen: ISO 4217's exponent, from CLDR through Babel), read from what a person types and
written for a page in the active language or for a file. Never a float."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from functools import cache

from babel import Locale
from babel.numbers import (
    format_currency,
    get_currency_name,
    get_currency_precision,
    get_territory_currencies,
)
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.fees.models import AMOUNT_MAX
from tournament.numbers import MINUS

# Spaces a person or a locale may put between digit groups: space, no-break, narrow no-break.
_SPACES = re.compile("[ \u00a0\u202f]")
_TYPED = re.compile(r"^(\d+)(?:[.,](\d*))?$")


def exponent(currency: str) -> int:
    """How many decimals the currency's amounts have (2 for EUR, 0 for JPY)."""
    return get_currency_precision(currency)


def parse(text: str, currency: str) -> int:
    """``text`` ("40", "40.5", "40,50", "1 000,00") in minor units, or a ``ValidationError``:
    no sign, at most the currency's decimals, one decimal mark (a point or a comma)."""
    typed = _SPACES.sub("", str(text or "").strip())
    found = _TYPED.match(typed)
    if found is None:
        raise ValidationError(_("Enter an amount such as 40 or 40.50."), code="amount")
    whole, fraction = found.group(1), (found.group(2) or "")
    digits = exponent(currency)
    if len(fraction.rstrip("0")) > digits:
        if not digits:
            raise ValidationError(_("Amounts in this currency have no decimals."), code="amount")
        raise ValidationError(
            ngettext(
                "Amounts in this currency have at most %(count)d decimal.",
                "Amounts in this currency have at most %(count)d decimals.",
                digits,
            )
            % {"count": digits},
            code="amount",
        )
    fraction = fraction.rstrip("0").ljust(digits, "0")[:digits] if digits else ""
    value = int(whole) * 10**digits + (int(fraction) if fraction else 0)
    if value > AMOUNT_MAX:
        raise ValidationError(_("This amount is too large."), code="amount")
    return value


def decimal(minor: int, currency: str) -> Decimal:
    """Minor units as the exact decimal amount (4050 EUR cents: Decimal("40.50"))."""
    return (
        Decimal(minor).scaleb(-exponent(currency)).quantize(Decimal(1).scaleb(-exponent(currency)))
    )


def plain(minor: int, currency: str) -> str:
    """For a file or a form field: "40.50", "-12.00", "1500" (JPY)."""
    return format(decimal(minor, currency), "f")


def shown(minor: int, currency: str) -> str:
    """For a page, in the active language: "€40.50", "40,50 €", "−€40.50" (with the true
    minus sign the pages' numbers have, ``tournament.numbers``)."""
    return format_currency(decimal(minor, currency), currency, locale=_locale()).replace("-", MINUS)


def typed(minor: int, currency: str) -> str:
    """As a person would type it in the active language ("40,50" in Czech): a form's value."""
    return plain(minor, currency).replace(".", _locale().number_symbols["latn"]["decimal"])


def _locale() -> Locale:
    return Locale.parse(translation.to_locale(translation.get_language() or "en"))


@cache
def _current_codes() -> frozenset[str]:
    today = date.today()
    codes: set[str] = set()
    for territory in Locale.parse("en").territories:
        if territory.isalpha():
            codes.update(get_territory_currencies(territory, start_date=today, tender=True))
    return frozenset(codes)


def is_currency(code: str) -> bool:
    """A currency in use somewhere today (ISO 4217, as CLDR knows it)."""
    return code in _current_codes()


def currency_choices() -> list[tuple[str, str]]:
    """Every current currency, "EUR – Euro" in the active language, by code."""
    locale = _locale()
    return [
        (code, f"{code} – {get_currency_name(code, locale=locale)}")
        for code in sorted(_current_codes())
    ]
