"""Place history: where each player stood after each round, from the snapshot rows (pure).

The snapshot keeps each player's per-round lines; replaying them round by round with the
ruleset's ranking keys gives the places after every round without another query.
Overall-scope penalties are added in the last round (the ledger rows carry their round, but the
snapshot keeps only their total; the final place is always the standings' own).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rules.standings import RIICHI, TABLE_POINTS


def _key(method: str, units: Fraction, points: Fraction, score: int) -> tuple:
    """The ranking keys of ``rules.rank_grid`` over the rounds so far."""
    if method == TABLE_POINTS:
        return (points, score)
    if method == RIICHI:
        return (units,)
    return (units, points)


def place_history(method: str, rows: Sequence[dict[str, Any]]) -> dict[int, list[tuple[int, int]]]:
    """Player id -> [(round number, place after that round)] for the rounds played so far."""
    rounds = sorted({line[0] for row in rows for line in row["rounds"]})
    history: dict[int, list[tuple[int, int]]] = {row["player"]: [] for row in rows}
    if not rounds:
        return history
    per_round = {
        row["player"]: {
            line[0]: (Fraction(line[3]), Fraction(line[5]), line[2]) for line in row["rounds"]
        }
        for row in rows
    }
    totals = {player: (Fraction(0), Fraction(0), 0) for player in per_round}
    for number in rounds[:-1]:
        for player, lines in per_round.items():
            if number in lines:
                totals[player] = tuple(
                    a + b for a, b in zip(totals[player], lines[number], strict=True)
                )
        keys = {player: _key(method, *totals[player]) for player in per_round}
        first_index: dict[tuple, int] = {}
        for index, key in enumerate(sorted(keys.values(), reverse=True), start=1):
            first_index.setdefault(key, index)
        for player, key in keys.items():
            history[player].append((number, first_index[key]))
    for row in rows:
        history[row["player"]].append((rounds[-1], row["place"]))
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
