"""Table results and standings (RULES.md section 5), pure and exact.

Three methods:

- ``table_points`` (mcr): each table gives table points 4/2/1/0 by table score after
  table-scope penalties; tied players share the points of the places they tie for. Ranking:
  table points, then total score.
- ``riichi``: each table gives (raw + table-scope penalties - start) + uma, no oka; tied
  players share the uma of their places. Ranking: total after overall penalties.
- ``score`` (wsom, classical, french): each table gives its score. Ranking: total score, then
  table points (4/2/1/0 as mcr).

Overall-scope penalties are added to the total after the table conversion (mcr: to the total
score, the second key). Equal players share a place (1, 2, 2, 4).

Tables have four players, so every shared value is a multiple of 1/12: the maths runs on
integers counted in twelfths and gives ``Fraction`` values out.

The maths runs once, on arrays (``rank_grid``): a big event has thousands of tables, and a
reconcile must not spend a Python loop on each. The mapping-based functions below are thin
adapters over it. The arrays hold integers only (int64: exact, like Python ints in range).
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from rules.errors import RuleError
from rules.seats import Player

TABLE_POINTS = "table_points"
RIICHI = "riichi"
SCORE = "score"
METHODS = (TABLE_POINTS, RIICHI, SCORE)

PLACE_POINTS = (4, 2, 1, 0)
START_POINTS = 30000
UMA = (15000, 5000, -5000, -15000)
_TWELFTHS = 12
# Scores and penalties stay far inside int64 once counted in twelfths and summed.
MAX_VALUE = 10**15


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise RuleError("method", f"unknown standings method {method!r}")


def _check_table(values: Mapping[Player, int], field_name: str = "scores") -> None:
    if not isinstance(values, Mapping) or len(values) != 4:
        raise RuleError(field_name, "a table result needs exactly four players")
    for player, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(field_name, f"the score of {player!r} must be a whole number")
        if abs(value) > MAX_VALUE:
            raise RuleError(field_name, f"the score of {player!r} is out of range")


def _check_penalties(scores: Mapping[Player, int], table_penalties: Mapping | None) -> None:
    unknown = [p for p in table_penalties or {} if p not in scores]
    if unknown:
        raise RuleError("table_penalties", f"{unknown[0]!r} did not play at this table")


def _shared_grid(values: np.ndarray, awards: Sequence[int]) -> np.ndarray:
    """Per table (row) of four values: ``awards[i]`` to the (i+1)-th highest, tied values
    sharing the awards of the places they tie for, in twelfths."""
    above = (values[:, None, :] > values[:, :, None]).sum(axis=2)
    tied = (values[:, None, :] == values[:, :, None]).sum(axis=2)  # counting itself
    prefix = np.concatenate(([0], np.cumsum(np.asarray(awards, dtype=np.int64)))) * _TWELFTHS
    # A share of a tie of 2, 3 or 4 is a whole number of twelfths: the division is exact.
    return (prefix[above + tied] - prefix[above]) // tied


def _one_table(values: Mapping[Player, int]) -> tuple[list[Player], np.ndarray]:
    players = list(values)
    return players, np.array([[values[p] for p in players]], dtype=np.int64)


def shared_by_place(values: Mapping[Player, int], awards: Sequence[int]) -> dict[Player, Fraction]:
    """``awards[i]`` goes to the (i+1)-th highest value; tied players share equally."""
    _check_table(values, "values")
    players, row = _one_table(values)
    shared = _shared_grid(row, awards)[0].tolist()
    return {p: Fraction(v, _TWELFTHS) for p, v in zip(players, shared, strict=True)}


def table_points(scores: Mapping[Player, int]) -> dict[Player, Fraction]:
    """MCR table points 4/2/1/0 by score; a table's points always add up to exactly 7."""
    return shared_by_place(scores, PLACE_POINTS)


def riichi_points(
    raw: Mapping[Player, int], start_points: int = START_POINTS, uma: Sequence[int] = UMA
) -> dict[Player, Fraction]:
    """(raw - start) + uma by place, tied players sharing the uma of their places."""
    _check_table(raw, "scores")
    _players, row = _one_table(raw)
    units = _convert(RIICHI, row, start_points, uma)[1][0].tolist()
    return {p: Fraction(u, _TWELFTHS) for p, u in zip(raw, units, strict=True)}


def expected_total(method: str, start_points: int = START_POINTS) -> int:
    return 4 * start_points if method == RIICHI else 0


def validate_table_result(
    method: str,
    scores: Mapping[Player, int],
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
    sticks: int = 0,
) -> None:
    """Raise ``RuleError("scores", ...)`` unless the entered scores add up as they must.
    ``sticks``: riichi sticks of that size may have left the game, so the total may fall short
    of the starting points by whole sticks."""
    _check_method(method)
    _check_table(scores)
    total = sum(scores.values())
    expected = expected_total(method, start_points)
    short = expected - total
    if sticks and short > 0 and short % sticks == 0:
        return
    if total != expected:
        what = "raw points" if method == RIICHI else "scores"
        raise RuleError(
            "scores",
            f"{what} add up to {total}, not {expected} (difference {total - expected:+d})",
        )


@dataclass(frozen=True)
class TableStanding:
    """One player's result at one table.

    ``score``: entered score plus table-scope penalties (riichi: raw points);
    ``units``: what counts toward the total (mcr: table points; riichi: points with uma;
    others: the score); ``table_points``: 4/2/1/0 by ``score``, ties shared."""

    player: Player
    score: int
    units: Fraction
    table_points: Fraction


def _convert(
    method: str, score: np.ndarray, start_points: int, uma: Sequence[int]
) -> tuple[np.ndarray, np.ndarray]:
    """Per seat of each table (rows of four scores after table-scope penalties): units and
    table points, in twelfths."""
    points = _shared_grid(score, PLACE_POINTS)
    if method == TABLE_POINTS:
        units = points
    elif method == RIICHI:
        units = (score - start_points) * _TWELFTHS + _shared_grid(score, uma)
    else:
        units = score * _TWELFTHS
    return points, units


def table_standings(
    method: str,
    scores: Mapping[Player, int],
    table_penalties: Mapping[Player, int] | None = None,
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
) -> dict[Player, TableStanding]:
    """Convert one table's entered scores (plus table-scope penalty balances)."""
    _check_method(method)
    _check_table(scores)
    _check_penalties(scores, table_penalties)
    balance = table_penalties or {}
    score = {p: s + balance.get(p, 0) for p, s in scores.items()}
    players, row = _one_table(score)
    points, units = _convert(method, row, start_points, uma)
    return {
        p: TableStanding(p, score[p], Fraction(u, _TWELFTHS), Fraction(t, _TWELFTHS))
        for p, u, t in zip(players, units[0].tolist(), points[0].tolist(), strict=True)
    }


@dataclass(frozen=True)
class TableResult:
    """The entered scores of one table in one round, with the table-scope ledger balance of
    each of its players for that table (penalty points; players without any may be left out)."""

    round: int
    table: Hashable
    scores: Mapping[Player, int]
    table_penalties: Mapping[Player, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerEntry:
    """A registered player: his overall-scope penalty balance and whether he dropped out."""

    player: Player
    overall_penalty: int = 0
    dropped: bool = False


class RoundLine(NamedTuple):
    """One round of a player's standings row (a named tuple: there are many of them)."""

    round: int
    table: Hashable
    score: int
    units: Fraction
    table_points: Fraction
    penalty: int


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings.

    ``total``: the main ranking value (mcr: table points; riichi: points with uma plus
    overall penalties; others: total score); ``score``: sum of table scores after table-scope
    penalties plus overall penalties (riichi: equal to ``total``); ``penalties``: net ledger
    points (table and overall scope)."""

    place: int
    player: Player
    total: Fraction
    table_points: Fraction
    score: Fraction
    penalties: int
    rounds: tuple[RoundLine, ...]
    dropped: bool


@dataclass(frozen=True)
class Grid:
    """Counting table results as arrays, a row per table. Players are indices ``0..n-1``; the
    lower index comes first among equals.

    ``rounds`` (T,): round numbers; ``players``, ``scores``, ``penalties`` (T, 4): who sat
    there, the entered score and the table-scope penalty balance; ``overall`` (n,): overall
    penalty balances; ``ranked`` (n,) bool, if given: who gets a row (a substitute plays
    tables, which count for the others there, but is not ranked)."""

    rounds: np.ndarray
    players: np.ndarray
    scores: np.ndarray
    penalties: np.ndarray
    overall: np.ndarray
    ranked: np.ndarray | None = None


@dataclass(frozen=True)
class RankedGrid:
    """``rank_grid``'s answer: players in ranking order with their places and totals (values
    in twelfths except ``penalties``), and per seat what its table gives. ``lines`` lists
    flat seat indices (``table * 4 + seat``) row by row in ranking order, each row's by round;
    ``line_counts`` says how many belong to each row."""

    order: np.ndarray
    place: np.ndarray
    total: np.ndarray
    table_points: np.ndarray
    score: np.ndarray
    penalties: np.ndarray
    seat_score: np.ndarray
    seat_units: np.ndarray
    seat_points: np.ndarray
    lines: np.ndarray
    line_counts: np.ndarray


def rank_grid(
    method: str,
    grid: Grid,
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
    names: Sequence[Player] | None = None,
) -> RankedGrid:
    """Convert every table and rank the players (``names[i]`` names player ``i`` in errors)."""
    _check_method(method)
    n = len(grid.overall)
    seats = grid.players.reshape(-1)
    seat_rounds = np.repeat(grid.rounds, 4)
    round_numbers, round_index = np.unique(seat_rounds, return_inverse=True)
    meetings = np.sort(seats * max(len(round_numbers), 1) + round_index)
    twice = np.flatnonzero(meetings[1:] == meetings[:-1])
    if len(twice):
        player, round_ = divmod(int(meetings[twice[0]]), len(round_numbers))
        name = names[player] if names is not None else player
        raise RuleError("tables", f"{name!r} plays twice in round {round_numbers[round_]}")

    score = grid.scores + grid.penalties
    points, units = _convert(method, score, start_points, uma)

    def per_player(values: np.ndarray) -> np.ndarray:
        sums = np.zeros(n, dtype=np.int64)
        np.add.at(sums, seats, values.reshape(-1))
        return sums

    overall = grid.overall.astype(np.int64) * _TWELFTHS
    total = per_player(units) + overall
    table_points = per_player(points)
    score_total = per_player(score) * _TWELFTHS + overall
    if method == TABLE_POINTS:
        keys = (table_points, score_total)
    elif method == RIICHI:
        score_total = total
        keys = (total,)
    else:
        keys = (total, table_points)
    members = np.arange(n) if grid.ranked is None else np.flatnonzero(grid.ranked)
    # Best first; np.lexsort is stable, so equals keep index order. Its last key is primary.
    order = members[np.lexsort(tuple(-k[members] for k in reversed(keys)))]
    rows = len(order)
    first = np.ones(rows, dtype=bool)  # the first of a run of equals takes the place
    if rows > 1:
        equal = np.ones(rows - 1, dtype=bool)
        for key in keys:
            ranked = key[order]
            equal &= ranked[1:] == ranked[:-1]
        first[1:] = ~equal
    place = np.maximum.accumulate(np.where(first, np.arange(1, rows + 1), 0))

    position = np.full(n, -1, dtype=np.int64)
    position[order] = np.arange(rows)
    seat_rows = position[seats]
    shown = np.flatnonzero(seat_rows >= 0)
    return RankedGrid(
        order=order,
        place=place,
        total=total[order],
        table_points=table_points[order],
        score=score_total[order],
        penalties=(per_player(grid.penalties) + grid.overall)[order],
        seat_score=score,
        seat_units=units,
        seat_points=points,
        lines=shown[np.lexsort((seat_rounds[shown], seat_rows[shown]))],
        line_counts=np.bincount(seat_rows[shown], minlength=rows),
    )


def compute_standings(
    method: str,
    tables: Iterable[TableResult],
    players: Iterable[PlayerEntry] = (),
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
) -> list[StandingRow]:
    """Rank every player of ``players`` and of ``tables``; equal players share a place.

    Players in ``players`` come first in tie order, then the others by first appearance."""
    _check_method(method)
    index: dict[Player, int] = {}
    entries: list[PlayerEntry] = []
    for entry in players:
        if entry.player in index:
            entries[index[entry.player]] = entry
        else:
            index[entry.player] = len(entries)
            entries.append(entry)
    tables = list(tables)
    seat_rows: list[list[int]] = []
    scores: list[list[int]] = []
    penalties: list[list[int]] = []
    for table in tables:
        _check_table(table.scores)
        _check_penalties(table.scores, table.table_penalties)
        balance = table.table_penalties or {}
        seat_rows.append([index.setdefault(p, len(index)) for p in table.scores])
        scores.append(list(table.scores.values()))
        penalties.append([balance.get(p, 0) for p in table.scores])
    names = list(index)
    overall = [e.overall_penalty for e in entries] + [0] * (len(names) - len(entries))
    grid = Grid(
        rounds=np.array([t.round for t in tables], dtype=np.int64),
        players=np.array(seat_rows, dtype=np.int64).reshape(-1, 4),
        scores=np.array(scores, dtype=np.int64).reshape(-1, 4),
        penalties=np.array(penalties, dtype=np.int64).reshape(-1, 4),
        overall=np.array(overall, dtype=np.int64),
    )
    ranked = rank_grid(method, grid, start_points, uma, names)

    fractions: dict[int, Fraction] = {}

    def frac(twelfths: int) -> Fraction:
        value = fractions.get(twelfths)
        if value is None:
            value = fractions[twelfths] = Fraction(twelfths, _TWELFTHS)
        return value

    seat_score = ranked.seat_score.reshape(-1).tolist()
    seat_units = ranked.seat_units.reshape(-1).tolist()
    seat_points = ranked.seat_points.reshape(-1).tolist()
    seat_penalty = grid.penalties.reshape(-1).tolist()
    lines = iter(ranked.lines.tolist())
    rows = []
    for row, player in enumerate(ranked.order.tolist()):
        entry = entries[player] if player < len(entries) else None
        rounds = []
        for _ in range(int(ranked.line_counts[row])):
            seat = next(lines)
            table = tables[seat // 4]
            rounds.append(
                RoundLine(
                    table.round,
                    table.table,
                    seat_score[seat],
                    frac(seat_units[seat]),
                    frac(seat_points[seat]),
                    seat_penalty[seat],
                )
            )
        rows.append(
            StandingRow(
                place=int(ranked.place[row]),
                player=names[player],
                total=Fraction(int(ranked.total[row]), _TWELFTHS),
                table_points=Fraction(int(ranked.table_points[row]), _TWELFTHS),
                score=Fraction(int(ranked.score[row]), _TWELFTHS),
                penalties=int(ranked.penalties[row]),
                rounds=tuple(rounds),
                dropped=bool(entry and entry.dropped),
            )
        )
    return rows
