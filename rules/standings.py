"""Table results and standings (docs/rules/standings.md), pure and exact.

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

Every shared award is a whole number of twelfths (a tie is of two, three or four players), so
the sums and the ranking run on integers counted in twelfths, exact and as fast as integers;
the results come out as ``Fraction``s.
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
# Scores beyond this are refused: no real table comes near, and a typo of many digits is caught.
MAX_VALUE = 10**15

TWELFTHS = 12


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


def _shares(values: Sequence[int], awards: Sequence[int]) -> list[int]:
    """``awards[i]`` to the (i+1)-th highest of ``values``, in twelfths; tied values share the
    awards of the places they tie for equally."""
    out = []
    for value in values:
        above = sum(1 for v in values if v > value)
        tied = sum(1 for v in values if v == value)
        out.append(TWELFTHS * sum(awards[above : above + tied]) // tied)
    return out


def shared_by_place(values: Mapping[Player, int], awards: Sequence[int]) -> dict[Player, Fraction]:
    """``awards[i]`` goes to the (i+1)-th highest value; tied players share equally."""
    _check_table(values, "values")
    shares = _shares(list(values.values()), awards)
    return {p: Fraction(s, TWELFTHS) for p, s in zip(values, shares, strict=True)}


def table_points(scores: Mapping[Player, int]) -> dict[Player, Fraction]:
    """MCR table points 4/2/1/0 by score; a table's points always add up to exactly 7."""
    return shared_by_place(scores, PLACE_POINTS)


def riichi_points(
    raw: Mapping[Player, int], start_points: int = START_POINTS, uma: Sequence[int] = UMA
) -> dict[Player, Fraction]:
    """(raw - start) + uma by place, tied players sharing the uma of their places."""
    _check_table(raw, "scores")
    shares = _shares(list(raw.values()), uma)
    return {
        p: Fraction((raw[p] - start_points) * TWELFTHS + s, TWELFTHS)
        for p, s in zip(raw, shares, strict=True)
    }


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
    method: str, score: Sequence[int], start_points: int, uma: Sequence[int]
) -> tuple[list[int], list[int]]:
    """One table's four scores after table-scope penalties: (table points, units) per seat,
    in twelfths."""
    points = _shares(score, PLACE_POINTS)
    if method == TABLE_POINTS:
        return points, points
    if method == RIICHI:
        uma_shares = _shares(score, uma)
        return points, [
            (s - start_points) * TWELFTHS + u for s, u in zip(score, uma_shares, strict=True)
        ]
    return points, [s * TWELFTHS for s in score]


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
    score = [s + balance.get(p, 0) for p, s in scores.items()]
    points, units = _convert(method, score, start_points, uma)
    return {
        p: TableStanding(p, s, Fraction(u, TWELFTHS), Fraction(t, TWELFTHS))
        for p, s, u, t in zip(scores, score, units, points, strict=True)
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
    """A registered player: his overall-scope penalty balance, whether he dropped out, and
    whether he is ranked (a substitute plays tables, which count for the others there, but has
    no row)."""

    player: Player
    overall_penalty: int = 0
    dropped: bool = False
    ranked: bool = True


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

    ``place``: shared by equals; None for a registered player without a counting table (listed
    after the ranked players, so that a zero never looks like a result). ``total``: the main
    ranking value (mcr: table points; riichi: points with uma plus overall penalties; others:
    total score); ``score``: sum of table scores after table-scope penalties plus overall
    penalties (riichi: equal to ``total``); ``penalties``: net ledger points (table and overall
    scope); ``history``: (round, place) after each round the player had played by then."""

    place: int | None
    player: Player
    total: Fraction
    table_points: Fraction
    score: Fraction
    penalties: int
    rounds: tuple[RoundLine, ...]
    dropped: bool
    history: tuple[tuple[int, int], ...] = ()


@dataclass
class _Tally:
    """A player's sums while the tables are added up, in twelfths (``penalties`` in points)."""

    units: int = 0
    points: int = 0
    score: int = 0
    penalties: int = 0
    lines: list[RoundLine] = field(default_factory=list)


def _keys(method: str, tally: _Tally, overall: int) -> tuple[int, ...]:
    """What a method ranks by, first key first (larger is better), in twelfths."""
    overall *= TWELFTHS
    if method == TABLE_POINTS:
        return (tally.points, tally.score + overall)
    if method == SCORE:
        return (tally.units + overall, tally.points)
    return (tally.units + overall,)


def _places(keyed: list[tuple[tuple[int, ...], int]]) -> list[tuple[int, int]]:
    """(place, index) best first for (keys, index) pairs; equal keys share the better place
    and keep their index order (a stable sort by index, then by keys, larger first)."""
    ordered = sorted(sorted(keyed, key=itemgetter(1)), key=itemgetter(0), reverse=True)
    out: list[tuple[int, int]] = []
    previous = None
    for position, (keys, index) in enumerate(ordered, start=1):
        out.append((out[-1][0] if keys == previous else position, index))
        previous = keys
    return out


def compute_standings(
    method: str,
    tables: Iterable[TableResult],
    players: Iterable[PlayerEntry] = (),
    start_points: int = START_POINTS,
    uma: Sequence[int] = UMA,
) -> list[StandingRow]:
    """Rank every player of ``players`` and of ``tables``; equal players share a place.

    Players in ``players`` come first in tie order, then the others by first appearance.
    Players who played no table follow the ranked ones without a place; players whose entry
    says ``ranked=False`` get no row. Each row's ``history`` holds the places after each round
    (ranked the same way over the rounds so far; overall penalties count in the last)."""
    _check_method(method)
    entries: dict[Player, PlayerEntry] = {}
    for entry in players:
        entries[entry.player] = entry
    index = {player: i for i, player in enumerate(entries)}
    tallies: dict[Player, _Tally] = {}
    by_round: dict[int, list[tuple[Player, int, int, int]]] = {}
    seen: set[tuple[Player, int]] = set()
    fractions: dict[int, Fraction] = {}

    def exact(twelfths: int) -> Fraction:
        found = fractions.get(twelfths)
        if found is None:
            found = fractions[twelfths] = Fraction(twelfths, TWELFTHS)
        return found

    for table in tables:
        _check_table(table.scores)
        _check_penalties(table.scores, table.table_penalties)
        balance = table.table_penalties or {}
        seats = list(table.scores)
        score = [table.scores[p] + balance.get(p, 0) for p in seats]
        points, units = _convert(method, score, start_points, uma)
        for player, s, t, u in zip(seats, score, points, units, strict=True):
            if (player, table.round) in seen:
                raise RuleError("tables", f"{player!r} plays twice in round {table.round}")
            seen.add((player, table.round))
            index.setdefault(player, len(index))
            tally = tallies.get(player)
            if tally is None:
                tally = tallies[player] = _Tally()
            penalty = balance.get(player, 0)
            tally.units += u
            tally.points += t
            tally.score += s * TWELFTHS
            tally.penalties += penalty
            tally.lines.append(RoundLine(table.round, table.table, s, exact(u), exact(t), penalty))
            by_round.setdefault(table.round, []).append((player, u, t, s * TWELFTHS))
    everyone = list(index)
    ranked = [p for p in everyone if p in tallies and entries.get(p, PlayerEntry(p)).ranked]
    overall = {p: entries[p].overall_penalty if p in entries else 0 for p in everyone}
    final = _places([(_keys(method, tallies[p], overall[p]), index[p]) for p in ranked])
    history = _history(method, by_round, set(ranked), everyone, final)
    places = {everyone[i]: place for place, i in final}
    idle = [p for p in entries if p not in tallies and entries[p].ranked]
    rows = []
    for player in [everyone[i] for _place, i in final] + idle:
        tally = tallies.get(player) or _Tally()
        total = tally.units + overall[player] * TWELFTHS
        score = total if method == RIICHI else tally.score + overall[player] * TWELFTHS
        rows.append(
            StandingRow(
                place=places.get(player),
                player=player,
                total=exact(total),
                table_points=exact(tally.points),
                score=exact(score),
                penalties=tally.penalties + overall[player],
                rounds=tuple(sorted(tally.lines, key=itemgetter(0))),
                dropped=player in entries and entries[player].dropped,
                history=tuple(history.get(player, ())),
            )
        )
    return rows


def _history(
    method: str,
    by_round: Mapping[int, list[tuple[Player, int, int, int]]],
    ranked: set,
    players: Sequence[Player],
    final: list[tuple[int, int]],
) -> dict[Player, list[tuple[int, int]]]:
    """Each ranked player's (round, place) after every round he had played by then: the
    ranking over the rounds so far, without overall penalties but in the last round, whose
    places are the standings' own."""
    rounds = sorted(by_round)
    index = {player: i for i, player in enumerate(players)}
    out: dict[Player, list[tuple[int, int]]] = {}
    running: dict[Player, _Tally] = {}
    for number in rounds[:-1]:
        for player, units, points, score in by_round[number]:
            tally = running.get(player)
            if tally is None:
                tally = running[player] = _Tally()
            tally.units += units
            tally.points += points
            tally.score += score
        keyed = [(_keys(method, running[p], 0), index[p]) for p in running if p in ranked]
        for place, i in _places(keyed):
            out.setdefault(players[i], []).append((number, place))
    if rounds:
        for place, i in final:
            out.setdefault(players[i], []).append((rounds[-1], place))
    return out
