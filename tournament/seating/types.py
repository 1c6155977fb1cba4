"""The generator's data: player specs, quality reports, schedules, constants."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

WINDS = ("E", "S", "W", "N")
Table = tuple[int, int, int, int]
Round = Sequence[Table]

DATA_DIR = Path(__file__).resolve().parent.parent / "seating_data"
SUBSTITUTE_PAIR_PENALTY = 1.5  # two substitutes at a table: worse than one repeat
WIND_CLASH_PENALTY = 0.3  # < 1: a repeat weighs more than a wind clash
_EPS = 1e-9


@dataclass(frozen=True)
class PlayerSpec:
    id: int
    club: str | None = None
    country: str | None = None


@dataclass(frozen=True)
class Quality:
    repeats: int  # sum over pairs of max(0, meetings - 1)
    lower_bound: int  # counting lower bound on repeats
    max_meetings: int  # most meetings of any pair
    wind_imbalance: int  # max over players of (max wind count - min wind count)
    wind_ideal: int  # 0 if every player's game count is a multiple of 4, else 1
    same_club: int  # meetings of players of the same club
    same_country: int  # meetings of players of the same country


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[tuple[Table, ...], ...]
    byes: tuple[tuple[int, ...], ...]
    substitutes: frozenset[int]
    players: tuple[PlayerSpec, ...]
    quality: Quality
    played: int = 0  # number of leading rounds that were given (fixed)
    construction: str = ""  # how the new rounds were made

    def is_substitute(self, player_id: int) -> bool:
        return player_id in self.substitutes
