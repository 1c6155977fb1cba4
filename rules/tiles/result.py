"""What the tiles say a hand is worth."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.hands.model import Win

MCR_MINIMUM = 8


@dataclass(frozen=True)
class Line:
    """One fan or yaku: our ``key``, its ``value`` (fan or han, already times ``count``)
    and how many times it counts (MCR counts some fans more than once; dora several)."""

    key: str
    value: int
    count: int = 1


@dataclass(frozen=True)
class TileResult:
    """``family`` ``mcr``: ``fan`` without the bonus tiles, ``bonus`` the flowers and seasons;
    ``reaches_minimum`` is False for a win under 8 fan without bonus tiles (a false win).
    ``riichi``: ``han`` and ``fu``; a yakuman hand has ``limit`` ``yakuman`` and ``yakuman``
    its count. ``library_cost``: what the riichi library itself says the winner gets
    (a cross-check for tests, not used for payments)."""

    family: str
    lines: tuple[Line, ...]
    fan: int = 0
    bonus: int = 0
    han: int = 0
    fu: int = 0
    limit: str = ""
    yakuman: int = 0
    fu_details: tuple[tuple[str, int], ...] = ()
    library_cost: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def total(self) -> int:
        """MCR: fan with the bonus tiles; riichi: han (13 per yakuman)."""
        if self.family == "mcr":
            return self.fan + self.bonus
        return self.han

    @property
    def reaches_minimum(self) -> bool:
        return self.family != "mcr" or self.fan >= MCR_MINIMUM

    def win(self, winner: int) -> Win:
        """The win as the score sheet counts it (docs/rules/hands.md)."""
        if self.family == "mcr":
            return Win(winner=winner, fan=self.fan, bonus=self.bonus)
        if self.limit:
            return Win(winner=winner, limit=self.limit, yakuman=self.yakuman)
        # From 5 han the fu no longer count (and a hand with several kongs may pass 110).
        return Win(winner=winner, han=self.han, fu=self.fu if self.han < 5 else 0)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "family": self.family,
            "lines": [{"key": x.key, "value": x.value, "count": x.count} for x in self.lines],
            "total": self.total,
        }
        if self.family == "mcr":
            data |= {"fan": self.fan, "bonus": self.bonus, "reaches_minimum": self.reaches_minimum}
        else:
            data |= {"han": self.han, "fu": self.fu}
            if self.limit:
                data |= {"limit": self.limit, "yakuman": self.yakuman}
            if self.fu_details:
                data["fu_details"] = [list(d) for d in self.fu_details]
        return data
