"""Team standings: a sum (or the best members' sum) of the members' rows."""

from __future__ import annotations

import numpy as np

from rules import formats as rf
from scoring.standings.formats.rows import Rows, key_indices
from scoring.standings.snapshot import TWELFTHS

# Teams --------------------------------------------------------------------------------------


def team_arrays(
    method: str, rows: Rows, members: dict[int, int], best: int | None, scale: int
) -> tuple[np.ndarray, np.ndarray]:
    """Per team (``members``: player id -> team id), as ``pack`` stores it: a (teams, 7)
    array of place, team, the three values (in 1/``scale``), counted members and members, in
    team standings order; and every team's members' player ids, team after team, each in
    standings order, the first ``counted`` of whom count."""
    empty = (np.zeros((0, 7), dtype=np.int64), np.zeros(0, dtype=np.int64))
    if not members or not len(rows.player):
        return empty
    ids = np.fromiter(members.keys(), dtype=np.int64, count=len(members))
    team_ids = np.fromiter(members.values(), dtype=np.int64, count=len(members))
    at = rows.row_of(ids)
    team_of = np.full(len(rows.player), -1, dtype=np.int64)
    team_of[at[at >= 0]] = team_ids[at >= 0]
    in_team = np.flatnonzero(team_of >= 0)  # rows in standings order
    if not len(in_team):
        return empty
    teams, index = np.unique(team_of[in_team], return_inverse=True)
    # Members team after team, each team's in standings order (rows are in that order).
    by_team = np.argsort(index, kind="stable")
    sizes = np.bincount(index, minlength=len(teams))
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    position = np.empty(len(in_team), dtype=np.int64)
    position[by_team] = np.arange(len(in_team)) - np.repeat(starts, sizes)
    counted = position < best if best else np.ones(len(in_team), dtype=bool)
    sums = np.zeros((len(teams), 3), dtype=np.int64)
    np.add.at(sums, index[counted], rows.values[in_team[counted]] * (scale // TWELFTHS))
    order, place = rf.rank_arrays([sums[:, k] for k in key_indices(method)])
    counts = np.bincount(index[counted], minlength=len(teams))
    table = np.column_stack((place, teams[order], sums[order], counts[order], sizes[order]))
    # The members team after team in ``order``, each team's in standings order.
    rank = np.empty(len(teams), dtype=np.int64)
    rank[order] = np.arange(len(teams))
    grouped = by_team[np.argsort(rank[index[by_team]], kind="stable")]
    return table.astype(np.int64), rows.player[in_team[grouped]].astype(np.int64)
