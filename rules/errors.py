"""The one exception the rulebook raises for bad input."""


class RuleError(ValueError):
    """Invalid input to the rulebook.

    ``field`` names what was wrong, in the form a form or API error can point at:
    ``"code"``, ``"offender"``, ``"details.count"``, ``"options.chombo_points"``, ``"scores"``.
    """

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
