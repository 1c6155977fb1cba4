"""The one exception the rulebook raises for bad input."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.i18n import NTranslate, Plural
from rules.i18n import gettext_noop as _

HAND_PREFIX = _("hand %(number)s: %(message)s")


def _identity(message: str) -> str:
    return message


class RuleError(ValueError):
    """Invalid input to the rulebook.

    ``field`` names what was wrong, in the form a form or API error can point at:
    ``"code"``, ``"offender"``, ``"details.count"``, ``"options.chombo_points"``, ``"scores"``.

    ``message`` is English. Where the message is marked for translation it may be given as a
    ``template`` with ``%(name)s`` placeholders and its ``params``, so that the edge can
    translate the template and then fill it (``message`` is the filled English text). A template
    with a count is a ``rules.i18n.Plural``.
    ``hand`` is the number of the score-sheet hand the error is about, if any.
    """

    def __init__(
        self,
        field: str,
        message: str | Plural,
        params: Mapping[str, Any] | None = None,
        *,
        hand: int | None = None,
    ):
        self.template = message
        self.params = dict(params or {})
        self.hand = hand
        self.field = field
        self.message = self.translated()
        super().__init__(f"{field}: {self.message}")

    def located(self, hand: int) -> RuleError:
        """The same error, about the sheet's hand number ``hand``."""
        return RuleError(self.field, self.template, self.params, hand=hand)

    def translated(
        self, translate: Callable[[str], str] = _identity, ntranslate: NTranslate | None = None
    ) -> str:
        """The message in the language of ``translate`` (e.g. Django's ``gettext``); a message
        with a count (``Plural``) takes its form from ``ntranslate`` (Django's ``ngettext``)."""
        if isinstance(self.template, Plural):
            number = self.params[self.template.count]
            text = self.template.translated(number, ntranslate)
        else:
            text = translate(self.template)
        if self.params:
            text = text % self.params
        if self.hand is not None:
            text = translate(HAND_PREFIX) % {"number": self.hand, "message": text}
        return text
