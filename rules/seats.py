"""Who sits where at one table."""

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass

from rules.errors import RuleError

Player = Hashable
WINDS = ("E", "S", "W", "N")
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


@dataclass(frozen=True)
class Seats:
    """The four players of a table by seat wind. Players are opaque hashable ids."""

    east: Player
    south: Player
    west: Player
    north: Player

    def __post_init__(self):
        players = self.players
        for wind, player in zip(WINDS, players, strict=True):
            if player is None:
                raise RuleError("seats", f"seat {wind} is empty")
        if len(set(players)) != 4:
            raise RuleError("seats", "a player sits at two seats")

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Player]) -> "Seats":
        """Build from ``{"E": id, "S": id, "W": id, "N": id}``."""
        if set(mapping) != set(WINDS):
            raise RuleError("seats", "exactly the winds E, S, W and N are needed")
        return cls(*(mapping[wind] for wind in WINDS))

    @property
    def players(self) -> tuple[Player, Player, Player, Player]:
        """The players in seat order E, S, W, N."""
        return (self.east, self.south, self.west, self.north)

    def as_mapping(self) -> dict[str, Player]:
        return dict(zip(WINDS, self.players, strict=True))

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __contains__(self, player: object) -> bool:
        return player in self.players

    def player_at(self, wind: str) -> Player:
        try:
            return self.players[WINDS.index(wind)]
        except ValueError:
            raise RuleError("wind", f"unknown wind {wind!r}") from None

    def wind_of(self, player: Player) -> str:
        for wind, seated in zip(WINDS, self.players, strict=True):
            if seated == player:
                return wind
        raise RuleError("player", f"player {player!r} is not seated at this table")

    def is_east(self, player: Player) -> bool:
        return player == self.east

    def others(self, *players: Player) -> tuple[Player, ...]:
        """The seated players other than ``players``, in seat order."""
        return tuple(p for p in self.players if p not in players)

    def name(self, player: Player) -> str:
        """English seat name of a player ("East"), or the id for a player not seated here."""
        if player in self.players:
            return WIND_NAMES[self.wind_of(player)]
        return str(player)
