"""The generator's data: player specs, quality reports, schedules, constants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

WINDS = ("E", "S", "W", "N")
Table = tuple[int, int, int, int]
Round = Sequence[Table]

DATA_DIR = Path(__file__).resolve().parent / "data"
SUBSTITUTE_PAIR_PENALTY = 1.5  # two substitutes at a table: worse than one repeat
WIND_CLASH_PENALTY = 0.3  # < 1: a repeat weighs more than a wind clash
# Cost of moving a player away from the table the published plan gives (re-drafts):
# a swap moves two players, so it pays for more than one same-club meeting, less than a repeat.
MOVE_PENALTY = 0.15
# Weight of a same-club (same-team) meeting when the caller gives none: small enough that
# repeats stay first (five such meetings weigh one repeat), large enough to matter.
DEFAULT_GROUP_WEIGHT = 0.2
EPS = 1e-9


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
    same_team: int = 0  # meetings of players of the same team


@dataclass(frozen=True)
class Grouping:
    """Players to keep apart: ``of`` maps a player id to a group label (clubs, countries,
    teams, ...); every meeting of two players with the same label costs ``weight`` (a
    repeat costs 1)."""

    name: str
    of: Mapping[int, str] = field(default_factory=dict)
    weight: float = DEFAULT_GROUP_WEIGHT


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[tuple[Table, ...], ...]
    byes: tuple[tuple[int, ...], ...]
    substitutes: frozenset[int]
    players: tuple[PlayerSpec, ...]
    quality: Quality
    played: int = 0  # number of leading rounds that were given (fixed)
    construction: str = ""  # how the new rounds were made
    teams: Mapping[int, str] | None = None  # player id -> team, for ``swap``'s report
    moved: int = 0  # re-draft: seats (table, wind) of the new rounds that differ from ``planned``

    def is_substitute(self, player_id: int) -> bool:
        return player_id in self.substitutes


@dataclass(frozen=True)
class SeatingRequest:
    """What ``generate`` seats: ``players`` (a count, ids or ``PlayerSpec``s: the players
    still active, so a dropped player is simply left out) for ``rounds`` rounds in total.

    ``played``: rounds already played, kept unchanged (the schedule holds them followed by
    ``rounds - len(played)`` new rounds).  ``planned``: the schedule made before (all
    rounds, indexed like ``played``); a re-draft after drops starts its new rounds from it,
    keeping the tables without a dropped player (substitutes first take the empty seats).

    ``method``: "balanced", or "swiss" (new rounds from neighbours in ``standings_order``,
    best first, players exchanged between adjacent tables only).  ``fill``: "substitutes"
    (placeholders with negative ids when the count is not a multiple of 4) or "byes"
    (players sit out, spread evenly).

    Groups kept apart: clubs (``PlayerSpec.club``), countries, ``teams`` (player id ->
    team) and any further ``groupings``.  Clubs and teams are kept apart whenever given
    (weight ``None``: ``DEFAULT_GROUP_WEIGHT``, below a repeat); a weight of 0 turns that
    off.  Countries are kept apart only on request.

    The same ``seed`` gives the same schedule; ``time_budget`` (seconds) is only a safety
    cap, the search stops on its iteration count (``max_iterations``, else sized to about
    half the budget)."""

    players: Sequence[PlayerSpec | int] | int
    rounds: int
    seed: int | str = 0
    played: Sequence[Round] = ()
    planned: Sequence[Round] = ()
    method: str = "balanced"
    standings_order: Sequence[int] | None = None
    fill: str = "substitutes"
    avoid_club_weight: float | None = None
    avoid_country_weight: float = 0.0
    teams: Mapping[int, str] | None = None
    avoid_team_weight: float | None = None
    groupings: Sequence[Grouping] = ()
    time_budget: float = 10.0
    max_iterations: int | None = None
