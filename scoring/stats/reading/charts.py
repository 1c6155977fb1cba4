"""The score through each game as ``stats/_game_chart.html`` draws it: each seat's line over the
hands, the player's own drawn last and thick, the others in grey, each with its own dash so
that the lines tell apart without colour. Only coordinates here; the SVG is the template's."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.stats.reading import GameLine

WIDTH, HEIGHT, PAD = 320, 140, 8
DASHES = ("", "6 3", "2 3", "8 3 2 3")


@dataclass(frozen=True)
class ChartLine:
    name: str
    player: int | None
    points: str
    final: int
    mine: bool
    dash: str
    turn: int


@dataclass(frozen=True)
class Chart:
    game: GameLine
    lines: tuple[ChartLine, ...]
    start_y: float
    mine: tuple[int, ...]
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def legend(self) -> tuple[ChartLine, ...]:
        """The player first, then the others in turn order."""
        return tuple(sorted(self.lines, key=lambda line: line.turn))


def game_chart(game: GameLine) -> Chart:
    """The chart of one game: x is the hand (the start first), y the score, the highest at the
    top, on one scale for the four seats; ``start_y`` marks the starting score."""
    scores = game.scores
    values = [v for row in scores for v in row]
    low, high = min(values), max(values)
    span = high - low or 1
    steps = max(len(scores) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * i / steps, 1)

    def y(value: int) -> float:
        return round(PAD + (HEIGHT - 2 * PAD) * (high - value) / span, 1)

    lines = []
    for seat in range(4):
        points = " ".join(f"{x(i)},{y(row[seat])}" for i, row in enumerate(scores))
        turn = (seat - game.seat) % 4
        final = scores[-1][seat]
        lines.append(
            ChartLine(
                game.names[seat], game.players[seat], points, final, not turn, DASHES[turn], turn
            )
        )
    lines.sort(key=lambda line: line.mine)
    return Chart(game, tuple(lines), y(scores[0][game.seat]), tuple(r[game.seat] for r in scores))
