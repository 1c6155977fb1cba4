"""A foul report as the rulebook sees it."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.catalogue import validate_details
from rules.errors import RuleError
from rules.seats import Player, Seats


@dataclass(frozen=True)
class Report:
    """What the referee saw: foul ``code`` by ``offender`` at a table seated as ``seats``.

    ``details`` are validated and cleaned on construction (the stored value is the cleaned
    dict); an invalid report raises ``RuleError``.
    """

    code: str
    offender: Player
    seats: Seats
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.seats, Seats):
            raise RuleError("seats", "must be a Seats")
        if self.offender not in self.seats:
            raise RuleError("offender", "the offender must be seated at this table")
        cleaned = validate_details(self.code, self.details, self.seats, offender=self.offender)
        object.__setattr__(self, "details", cleaned)

    @property
    def co_offenders(self) -> tuple[Player, ...]:
        """Other players who committed the same foul (false wins on one discard)."""
        return tuple(self.details.get("co_offenders") or ())

    @property
    def offenders(self) -> tuple[Player, ...]:
        return (self.offender, *self.co_offenders)
