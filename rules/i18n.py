"""Translation markers that keep the rulebook free of Django.

``gettext_noop`` only marks a string for extraction (``makemessages`` knows the name); the
string itself stays English here and is translated at the edge (templates, API, forms).

A message with a count has plural forms (Czech and Polish have four): ``ngettext_noop`` marks
the singular and the plural and returns a ``Plural``, which the edge translates with Django's
``ngettext`` and the count (``Plural.translated``). Import it under the name ``ngettext`` so that
``makemessages`` (xgettext's default ``ngettext:1,2`` keyword) extracts both forms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

NTranslate = Callable[[str, str, int], str]


def gettext_noop(message: str) -> str:
    return message


@dataclass(frozen=True)
class Plural:
    """A message in its English singular and plural; ``count`` names the parameter that holds
    the number."""

    singular: str
    plural: str
    count: str = "count"

    def english(self, number: int) -> str:
        return self.singular if number == 1 else self.plural

    def translated(self, number: int, ntranslate: NTranslate | None = None) -> str:
        """The form for ``number`` in the language of ``ntranslate`` (Django's ``ngettext``);
        English without it."""
        if ntranslate is None:
            return self.english(number)
        return ntranslate(self.singular, self.plural, number)


def ngettext_noop(singular: str, plural: str, count: str = "count") -> Plural:
    return Plural(singular, plural, count)
