"""The player page's chart of places after each round (stored in the snapshot by the reconcile,
see ``rules.standings.compute_standings``), as coordinates (pure)."""

from __future__ import annotations

from collections.abc import Sequence


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
