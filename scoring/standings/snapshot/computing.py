"""Computing: rank the loaded grid with the ruleset (``rules.rank_grid``) into the rows'
fields and the round lines, and the place of every player after every round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from rules import Grid, get_ruleset
from rules.standings import RIICHI, TABLE_POINTS
from scoring.standings.snapshot.loading import Loaded
from scoring.standings.snapshot.packing import LINE_FIELDS, TWELFTHS, pack
from tournament.players.models import Player


def _ranking_keys(method: str, units: np.ndarray, points: np.ndarray, score: np.ndarray):
    """The per-seat values a method ranks by, in ranking order (see ``rules.rank_grid``)."""
    if method == TABLE_POINTS:
        return (points, score * TWELFTHS)
    if method == RIICHI:
        return (units,)
    return (units, points)


def _places(keys: list[np.ndarray], members: np.ndarray) -> np.ndarray:
    """Places (1-based, equals share the better one) of ``members`` by ``keys`` (first key
    first, higher better), in ``members`` order."""
    columns = [k[members] for k in keys]
    order = np.lexsort(tuple(-c for c in reversed(columns)))
    first = np.ones(len(order), dtype=bool)
    if len(order) > 1:
        first[1:] = np.any([c[order][1:] != c[order][:-1] for c in columns], axis=0)
    places = np.empty(len(order), dtype=np.int64)
    places[order] = np.maximum.accumulate(np.where(first, np.arange(1, len(order) + 1), 0))
    return places


def place_history(
    method: str, grid: Grid, ranked_grid: Any, members: np.ndarray, final: np.ndarray
) -> tuple[list[int], np.ndarray]:
    """(round numbers, places (players x rounds)): where each player stood after each round
    with a counting result, 0 before his first table. Overall-scope penalties count from the
    last round on (the ledger rows carry their round, the grid only their total); the last
    round's places are the standings' own (``final``)."""
    n = len(grid.overall)
    seats = grid.players.reshape(-1)
    rounds, column = np.unique(np.repeat(grid.rounds, 4), return_inverse=True)
    history = np.zeros((n, len(rounds)), dtype=np.int64)
    if not len(rounds):
        return [], history
    # A player sits at most once a round (``rules.rank_grid`` refuses the grid otherwise), so
    # each (player, round) cell takes at most one seat's value: a plain assignment sums them.
    where = (seats, column)
    sums = []
    for values in _ranking_keys(
        method, ranked_grid.seat_units, ranked_grid.seat_points, ranked_grid.seat_score
    ):
        per_round = np.zeros((n, len(rounds)), dtype=np.int64)
        per_round[where] = values.reshape(-1)
        sums.append(per_round.cumsum(axis=1))
    tables = np.zeros((n, len(rounds)), dtype=bool)
    tables[where] = True
    seen = np.logical_or.accumulate(tables, axis=1)
    for c in range(len(rounds) - 1):
        playing = np.flatnonzero(members & seen[:, c])
        history[playing, c] = _places([s[:, c] for s in sums], playing)
    history[:, -1] = final
    return rounds.tolist(), history


@dataclass(frozen=True)
class Computed:
    """A snapshot before packing: the method, the rows' fields (``pack``'s head: integer
    fields as arrays, ``history`` rows x rounds) and the round lines. The reconcile computes
    the format standings from it without reading ``packed``."""

    method: str
    head: dict[str, Any]
    lines: np.ndarray

    def packed(self) -> bytes:
        return pack(self.head, self.lines)


def compute(ruleset_key: str, options: dict | None, loaded: Loaded) -> tuple[str, bytes]:
    """The standings method and the packed snapshot of ``loaded``: ranked players who played,
    then registered players who did not (no place, zeros and their overall penalties)."""
    computed = compute_rows(ruleset_key, options, loaded)
    return computed.method, computed.packed()


def compute_rows(ruleset_key: str, options: dict | None, loaded: Loaded) -> Computed:
    """``compute`` before packing."""
    ruleset = get_ruleset(ruleset_key)
    ids = np.array([p[0] for p in loaded.players], dtype=np.int64)
    n = len(ids)
    g = loaded.grid
    played = np.bincount(g.players.reshape(-1), minlength=n)[:n]
    registered = np.array([not p[3] for p in loaded.players], dtype=bool).reshape(-1)
    members = registered & (played > 0)
    grid = Grid(g.rounds, g.players, g.scores, g.penalties, g.overall, ranked=members)
    ranked = ruleset.rank_grid(grid, options, names=ids.tolist())
    idle = np.flatnonzero(registered & (played == 0))
    order = np.concatenate((ranked.order, idle)).astype(np.int64)
    final = np.zeros(n, dtype=np.int64)
    final[ranked.order] = ranked.place
    rounds, history = place_history(ruleset.method, g, ranked, members, final)
    overall = g.overall.astype(np.int64)[idle]
    zeros = np.zeros(len(idle), dtype=np.int64)

    def joined(values: np.ndarray, rest: np.ndarray) -> np.ndarray:
        return np.concatenate((values, rest)).astype(np.int64)

    order_list = order.tolist()
    names, statuses = [p[1] for p in loaded.players], [p[2] for p in loaded.players]
    dropped = Player.Status.DROPPED
    head = {
        "place": joined(ranked.place, zeros),
        "player": ids[order],
        "name": [names[i] for i in order_list],
        "total": joined(ranked.total, overall * TWELFTHS),
        "table_points": joined(ranked.table_points, zeros),
        "score": joined(ranked.score, overall * TWELFTHS),
        "penalties": joined(ranked.penalties, overall),
        "dropped": [statuses[i] == dropped for i in order_list],
        "lines": joined(ranked.line_counts, zeros),
        "played": played[order],
        "rounds": rounds,
        "history": history[order],
    }
    seat = ranked.lines
    table = seat // 4
    lines = np.stack(
        (
            g.rounds[table],
            loaded.table_numbers[table],
            ranked.seat_score.reshape(-1)[seat],
            ranked.seat_units.reshape(-1)[seat],
            ranked.seat_points.reshape(-1)[seat],
            g.penalties.reshape(-1)[seat],
        ),
        axis=1,
    ).reshape(-1, LINE_FIELDS)
    return Computed(ruleset.method, head, lines)
