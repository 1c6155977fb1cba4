"""The standings rows the formats read, and the order their values rank in."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from rules.standings import RIICHI, TABLE_POINTS
from scoring.standings import snapshot
from scoring.standings.snapshot import TWELFTHS, round_lines

# The values of a line, in this order: total, table points, score (twelfths).
VALUES = ("total", "table_points", "score")


def key_indices(method: str) -> tuple[int, ...]:
    """Which of ``VALUES`` a method ranks by, in order (RULES.md section 5)."""
    if method == TABLE_POINTS:
        return (1, 2)
    if method == RIICHI:
        return (0,)
    return (0, 1)


def primary(method: str) -> str:
    return "table_points" if method == TABLE_POINTS else "score"


@dataclass
class Rows:
    """The snapshot's rows as arrays: player ids in ranking order, places, the three values,
    and every round line (row index, round, units, table points, score)."""

    player: np.ndarray
    place: np.ndarray
    played: np.ndarray  # tables played (0: never, no place: listed after the ranked)
    values: np.ndarray  # (rows, 3) twelfths
    line_row: np.ndarray
    line_round: np.ndarray
    line_values: np.ndarray  # (lines, 3): units, table points, score (twelfths)

    @cached_property
    def _by_id(self) -> np.ndarray:
        return np.argsort(self.player, kind="stable")

    @cached_property
    def line_bounds(self) -> np.ndarray:
        """Each row's first line and the line after its last (its lines are consecutive)."""
        ends = np.cumsum(np.bincount(self.line_row, minlength=len(self.player)))
        return np.concatenate(([0], ends)).astype(np.int64)

    def row_of(self, players: np.ndarray) -> np.ndarray:
        """The row index of each of ``players`` (ids), -1 where not in the rows."""
        players = np.asarray(players, dtype=np.int64).reshape(-1)
        if not len(self.player):
            return np.full(len(players), -1, dtype=np.int64)
        by_id = self._by_id
        found = snapshot.positions(self.player[by_id], players)
        return np.where(found >= 0, by_id[found.clip(min=0)], -1)

    @classmethod
    def of(cls, packed: bytes | memoryview | None) -> Rows:
        if not packed:
            empty = np.zeros(0, dtype=np.int64)
            return cls(
                empty,
                empty,
                empty,
                np.zeros((0, 3), np.int64),
                empty,
                empty,
                np.zeros((0, 3), np.int64),
            )
        return cls.of_head(*round_lines(zlib.decompress(bytes(packed))))

    @classmethod
    def of_head(cls, head: dict[str, list], lines: np.ndarray) -> Rows:
        """From a snapshot's head and lines, as ``snapshot.compute_rows`` makes them (or
        ``packed`` holds them)."""
        counts = np.asarray(head["lines"], dtype=np.int64)
        line_row = np.repeat(np.arange(len(counts)), counts)
        # Line columns: round, table, score, units, table points, penalty.
        line_values = np.stack((lines[:, 3], lines[:, 4], lines[:, 2] * TWELFTHS), axis=1)
        place = head["place"]
        if isinstance(place, list):  # read back: no place may be None
            place = [p or 0 for p in place]
        return cls(
            player=np.asarray(head["player"], dtype=np.int64),
            place=np.asarray(place, dtype=np.int64),
            played=np.asarray(head.get("played", head["lines"]), dtype=np.int64),
            values=np.stack([np.asarray(head[v], dtype=np.int64) for v in VALUES], axis=1).reshape(
                -1, 3
            ),
            line_row=line_row,
            line_round=lines[:, 0].copy(),
            line_values=line_values.astype(np.int64),
        )
