"""Names and short texts as people type them: normalised to NFC with single spaces, refused
when they hold control or invisible formatting characters, held to a length. Players, teams and
staff invitations share these checks."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# Control characters (NUL, line breaks, tabs, ...), invisible formatting characters (zero-width
# spaces and joiners, direction overrides, the BOM), line and paragraph separators, and
# surrogates: none belongs in a name shown on standings and table cards.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def as_text(value: Any) -> str:
    """``None`` as the empty string, anything else as its text."""
    return "" if value is None else str(value)


def refused_character(text: str) -> str | None:
    """The first character no name may hold, as ``U+XXXX``, or ``None``."""
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return f"U+{ord(char):04X}"
    return None


def clean_text(
    value: Any, *, label: str, limit: int, errors: dict, field: str, required: bool = False
) -> str:
    """``value`` in NFC with single spaces; a refused character, a missing required text or one
    over ``limit`` characters puts a message under ``field`` in ``errors``."""
    raw = unicodedata.normalize("NFC", as_text(value))
    refused = refused_character(raw)
    if refused:
        errors[field] = [
            _(
                "%(field)s cannot contain control or invisible formatting characters (line "
                "breaks, tabs, zero-width spaces, direction marks); found %(char)s."
            )
            % {"field": label, "char": refused}
        ]
        return ""
    text = " ".join(raw.split())
    if required and not text:
        errors[field] = [_("A name is required.")]
    elif len(text) > limit:
        errors[field] = [
            ngettext(
                "%(field)s has at most %(max)d character (this one: %(count)d).",
                "%(field)s has at most %(max)d characters (this one: %(count)d).",
                limit,
            )
            % {"field": label, "max": limit, "count": len(text)}
        ]
    return text
