"""Place history: where each player stood after each round, from the snapshot rows (pure).

The snapshot keeps each player's per-round lines; replaying them round by round with the
ruleset's ranking keys gives the places after every round without another query.
Overall-scope penalties are added in the last round (the ledger rows carry their round, but the
snapshot keeps only their total; the final place is always the standings' own).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from rules.standings import RIICHI, TABLE_POINTS


def _exact_ints(texts: list[str]) -> np.ndarray:
    """Exact fractions given as strings, as integers over one common denominator (a few
    distinct values repeat across a whole field, so each is parsed once)."""
    values = {text: Fraction(text) for text in set(texts)}
    scale = math.lcm(1, *(v.denominator for v in values.values()))
    ints = {text: int(v * scale) for text, v in values.items()}
    return np.array([ints[text] for text in texts], dtype=np.int64)


def place_history(method: str, rows: Sequence[dict[str, Any]]) -> dict[int, list[tuple[int, int]]]:
    """Player id -> [(round number, place after that round)] for the rounds played so far.

    Players level on every ranking key of ``rules.rank_grid`` over the rounds so far share the
    better place."""
    players = [row["player"] for row in rows]
    history: dict[int, list[tuple[int, int]]] = {p: [] for p in players}
    lines = [(i, line) for i, row in enumerate(rows) for line in row["rounds"]]
    if not lines:
        return history
    owner = np.array([i for i, _ in lines], dtype=np.int64)
    numbers = np.array([line[0] for _, line in lines], dtype=np.int64)
    rounds, column = np.unique(numbers, return_inverse=True)
    sums = {
        "score": np.array([line[2] for _, line in lines], dtype=np.int64),
        "units": _exact_ints([line[3] for _, line in lines]),
        "points": _exact_ints([line[5] for _, line in lines]),
    }
    totals = {}
    for name, values in sums.items():
        grid = np.zeros((len(players), len(rounds)), dtype=np.int64)
        np.add.at(grid, (owner, column), values)
        totals[name] = grid.cumsum(axis=1)
    if method == TABLE_POINTS:
        keys = ("points", "score")
    elif method == RIICHI:
        keys = ("units",)
    else:
        keys = ("units", "points")
    for c, number in enumerate(rounds[:-1].tolist()):
        columns = [totals[k][:, c] for k in keys]
        order = np.lexsort([-col for col in reversed(columns)])
        ordered = np.stack([col[order] for col in columns])
        new_key = np.ones(len(order), dtype=bool)
        new_key[1:] = (ordered[:, 1:] != ordered[:, :-1]).any(axis=0)
        first = np.maximum.accumulate(np.where(new_key, np.arange(len(order)), 0))
        places = np.empty(len(order), dtype=np.int64)
        places[order] = first + 1
        for player, place in zip(players, places.tolist(), strict=True):
            history[player].append((number, place))
    for row in rows:
        history[row["player"]].append((int(rounds[-1]), row["place"]))
    return history


def history_svg_points(
    history: Sequence[tuple[int, int]], players: int, width: int = 320, height: int = 120
) -> list[tuple[float, float, int, int]]:
    """Chart coordinates (x, y, round, place): place 1 at the top."""
    if not history:
        return []
    rounds = [r for r, _ in history]
    first, last = min(rounds), max(rounds)
    span = max(last - first, 1)
    worst = max(players, 2)
    pad = 12
    points = []
    for number, place in history:
        x = pad + (width - 2 * pad) * (number - first) / span
        y = pad + (height - 2 * pad) * (place - 1) / (worst - 1)
        points.append((round(x, 1), round(y, 1), number, place))
    return points
