"""The one exception the rulebook raises for bad input."""

from collections.abc import Mapping
from typing import Any


class RuleError(ValueError):
    """Invalid input to the rulebook.

    ``field`` names what was wrong, in the form a form or API error can point at:
    ``"code"``, ``"offender"``, ``"details.count"``, ``"options.chombo_points"``, ``"scores"``.

    ``message`` is English. Where the message is marked for translation it may be given as a
    ``template`` with ``%(name)s`` placeholders and its ``params``, so that the edge can
    translate the template and then fill it (``message`` is the filled English text).
    """

    def __init__(self, field: str, message: str, params: Mapping[str, Any] | None = None):
        self.template = message
        self.params = dict(params or {})
        self.message = message % self.params if params else message
        super().__init__(f"{field}: {self.message}")
        self.field = field
