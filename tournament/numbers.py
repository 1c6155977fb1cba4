"""Numbers as the pages show them in the active language.

Values are stored and compared exactly, and the standings carry a display string written once
for every reader ("52.7", "-28.0", "2.33"): the API and the exports keep that form, which a
program or a spreadsheet reads. A page shows it with the language's decimal separator (a comma
in cs, fr, fi and pl) and a true minus sign (U+2212), the sign the page's own explanations
use ("−28,0 is −28 000"), so a number and its explanation look alike.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import get_format

MINUS = "\u2212"
# Digit groups (30 000): a no-break space, so that a number never wraps between its groups.
GROUP = "\u00a0"
_NUMBER = re.compile(r"^([+\-\u2212]?)(\d+)(?:\.(\d+))?$")


def shown(value: object, sign: bool = False, group: bool = False) -> str:
    """``value`` (an int, a Decimal, or a number as text: "4", "-28.0", "+3", "2.33") as a
    page shows it: "−28,0" in Czech, "−28.0" in English. ``sign`` writes "+" before a positive
    number; ``group`` separates thousands ("30 000"). Anything that is not a number ("–", "",
    None) comes back as text, unchanged."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Fraction):
        value = str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"
    text = format(value, "f") if isinstance(value, (Decimal, float)) else str(value)
    found = _NUMBER.match(text.strip())
    if found is None:
        return text
    signed, whole, fraction = found.groups()
    negative = signed in ("-", MINUS) and (whole.strip("0") or (fraction or "").strip("0"))
    if group and len(whole) > 3:
        whole = f"{int(whole):,}".replace(",", GROUP)
    head = MINUS if negative else ("+" if (sign or signed == "+") and not negative else "")
    if head == "+" and not whole.strip("0") and not (fraction or "").strip("0"):
        head = ""  # zero has no sign
    body = whole if fraction is None else whole + get_format("DECIMAL_SEPARATOR") + fraction
    return head + body
