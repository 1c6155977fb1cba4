"""Whole numbers from query strings, bounded to what the database accepts.

``int()`` takes any number of digits (and non-ASCII digits such as "²" pass ``isdigit``), and
SQLite raises ``OverflowError`` on an integer past 64 bits: a filter such as
``?player=9223372036854775808`` must be a clear 400 or an empty result, never a 500.
"""

from __future__ import annotations

import re

DB_INT_MIN = -(2**63)
DB_INT_MAX = 2**63 - 1
_WHOLE = re.compile(r"-?[0-9]{1,19}")


def bounded_int(value: object) -> int | None:
    """``value`` as an int if it is a plain ASCII whole number a 64-bit column can hold."""
    if not isinstance(value, str) or not _WHOLE.fullmatch(value):
        return None
    number = int(value)
    return number if DB_INT_MIN <= number <= DB_INT_MAX else None
