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
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from typing import NamedTuple

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


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise RuleError("method", f"unknown standings method {method!r}")


def _check_table(values: Mapping[Player, int], field_name: str = "scores") -> None:
    if not isinstance(values, Mapping) or len(values) != 4:
        raise RuleError(field_name, "a table result needs exactly four players")
    for player, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(field_name, f"the score of {player!r} must be a whole number")


def _shared_twelfths(values: Mapping[Player, int], awards: Sequence[int]) -> dict[Player, int]:
    """Award by place (highest value first), ties sharing their places' awards, in twelfths."""
    ordered = sorted(values.items(), key=itemgetter(1), reverse=True)
    if len(set(values.values())) == len(ordered):  # no ties: the usual case
        return {p: award * _TWELFTHS for (p, _), award in zip(ordered, awards, strict=False)}
    result: dict[Player, int] = {}
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1][1] == ordered[start][1]:
            end += 1
        size = end - start + 1
        share = sum(awards[start : end + 1]) * _TWELFTHS // size
        for player, _value in ordered[start : end + 1]:
            result[player] = share
        start = end + 1
    return result


def shared_by_place(values: Mapping[Player, int], awards: Sequence[int]) -> dict[Player, Fraction]:
    """``awards[i]`` goes to the (i+1)-th highest value; tied players share equally."""
    _check_table(values, "values")
    return {p: Fraction(v, _TWELFTHS) for p, v in _shared_twelfths(values, awards).items()}


def table_points(scores: Mapping[Player, int]) -> dict[Player, Fraction]:
    """MCR table points 4/2/1/0 by score; a table's points always add up to exactly 7."""
    return shared_by_place(scores, PLACE_POINTS)


def riichi_points(
    raw: Mapping[Player, int], start_points: int = START_POINTS, uma: Sequence[int] = UMA
) -> dict[Player, Fraction]:
    """(raw - start) + uma by place, tied players sharing the uma of their places."""
    _check_table(raw, "scores")
    shared = _shared_twelfths(raw, uma)
    return {p: Fraction((raw[p] - start_points) * _TWELFTHS + shared[p], _TWELFTHS) for p in raw}


def expected_total(method: str, start_points: int = START_POINTS) -> int:
    return 4 * start_points if method == RIICHI else 0


def validate_table_result(
    method: str,
    scores: Mapping[Player, int],
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
) -> None:
    """Raise ``RuleError("scores", ...)`` unless the entered scores add up as they must."""
    _check_method(method)
    _check_table(scores)
    total = sum(scores.values())
    expected = expected_total(method, start_points)
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


def _table_twelfths(
    method: str,
    scores: Mapping[Player, int],
    table_penalties: Mapping[Player, int] | None,
    start_points: int,
    uma: Sequence[int],
) -> tuple[dict[Player, int], dict[Player, int], dict[Player, int]]:
    """(score, units in twelfths, table points in twelfths) per player."""
    _check_table(scores)
    if table_penalties:
        unknown = [p for p in table_penalties if p not in scores]
        if unknown:
            raise RuleError("table_penalties", f"{unknown[0]!r} did not play at this table")
        score = {p: s + table_penalties.get(p, 0) for p, s in scores.items()}
    else:
        score = dict(scores)
    points = _shared_twelfths(score, PLACE_POINTS)
    if method == TABLE_POINTS:
        units = points
    elif method == RIICHI:
        shared_uma = _shared_twelfths(score, uma)
        units = {p: (s - start_points) * _TWELFTHS + shared_uma[p] for p, s in score.items()}
    else:
        units = {p: s * _TWELFTHS for p, s in score.items()}
    return score, units, points


def table_standings(
    method: str,
    scores: Mapping[Player, int],
    table_penalties: Mapping[Player, int] | None = None,
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
) -> dict[Player, TableStanding]:
    """Convert one table's entered scores (plus table-scope penalty balances)."""
    _check_method(method)
    score, units, points = _table_twelfths(method, scores, table_penalties, start_points, uma)
    return {
        p: TableStanding(p, score[p], Fraction(units[p], _TWELFTHS), Fraction(points[p], 12))
        for p in score
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


class _Acc:
    __slots__ = ("units", "points", "score", "penalties", "rounds", "seen_rounds")

    def __init__(self):
        self.units = 0
        self.points = 0
        self.score = 0
        self.penalties = 0
        self.rounds: list[tuple] = []
        self.seen_rounds: set = set()


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
    entries: dict[Player, PlayerEntry] = {}
    for entry in players:
        entries[entry.player] = entry
    acc: dict[Player, _Acc] = {p: _Acc() for p in entries}
    for table in tables:
        score, units, points = _table_twelfths(
            method, table.scores, table.table_penalties, start_points, uma
        )
        for player in score:
            a = acc.get(player)
            if a is None:
                a = acc[player] = _Acc()
            if table.round in a.seen_rounds:
                raise RuleError("tables", f"{player!r} plays twice in round {table.round}")
            a.seen_rounds.add(table.round)
            penalty = table.table_penalties.get(player, 0) if table.table_penalties else 0
            a.units += units[player]
            a.points += points[player]
            a.score += score[player]
            a.penalties += penalty
            a.rounds.append(
                (table.round, table.table, score[player], units[player], points[player], penalty)
            )

    keyed = []
    for player, a in acc.items():
        entry = entries.get(player)
        overall = entry.overall_penalty if entry else 0
        total = a.units + overall * _TWELFTHS
        score = a.score * _TWELFTHS + overall * _TWELFTHS
        if method == TABLE_POINTS:
            key = (a.points, score)
        elif method == RIICHI:
            score = total
            key = (total,)
        else:
            key = (total, a.points)
        keyed.append((key, player, a, total, score, overall))
    keyed.sort(key=lambda item: item[0], reverse=True)

    fractions: dict[int, Fraction] = {}

    def frac(twelfths: int) -> Fraction:
        value = fractions.get(twelfths)
        if value is None:
            value = fractions[twelfths] = Fraction(twelfths, _TWELFTHS)
        return value

    rows = []
    previous_key = None
    place = 0
    for index, (key, player, a, total, score, overall) in enumerate(keyed, start=1):
        if key != previous_key:
            place, previous_key = index, key
        entry = entries.get(player)
        rows.append(
            StandingRow(
                place=place,
                player=player,
                total=Fraction(total, _TWELFTHS),
                table_points=Fraction(a.points, _TWELFTHS),
                score=Fraction(score, _TWELFTHS),
                penalties=a.penalties + overall,
                rounds=tuple(
                    RoundLine(r, t, s, frac(u), frac(p), pen)
                    for r, t, s, u, p, pen in sorted(a.rounds, key=lambda line: line[0])
                ),
                dropped=bool(entry and entry.dropped),
            )
        )
    return rows
