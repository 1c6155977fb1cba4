"""Stage standings (a filter of the rows' round lines plus a carry-over) and the final ranking."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from rules import formats as rf
from rules.standings import RIICHI
from scoring.standings.formats.rows import Rows, key_indices, primary
from scoring.standings.snapshot import TWELFTHS
from tournament.formats.models import Stage

# Stages -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CutInput:
    """What the standings read of a confirmed cut: who went on, and the standing at the cut
    as (player, place) rows."""

    qualified: np.ndarray
    standing: np.ndarray


@dataclass(frozen=True)
class StageInput:
    """What the standings read of a stage (the fields of ``Stage`` of the same names)."""

    number: int
    first_round: int
    last_round: int
    cut_size: int
    carry: str
    seed_points: list
    rest: str
    cut: CutInput | None


# A stage as the standings take it: the model (with ``cut`` where confirmed) or its fields.
StageLike = Stage | StageInput


@dataclass
class StageTable:
    """One stage's standings (or its consolation group's), in ranking order: row indices into
    the snapshot's rows, places, and values (n, 3) in 1/scale."""

    number: int
    members: np.ndarray
    place: np.ndarray
    values: np.ndarray

    def as_json(self, rows: Rows) -> list[list[int]]:
        players = rows.player[self.members].tolist()
        return [
            [p, who, *v]
            for p, who, v in zip(self.place.tolist(), players, self.values.tolist(), strict=True)
        ]

    def as_array(self, rows: Rows) -> np.ndarray:
        return np.column_stack((self.place, rows.player[self.members], self.values))

    def ranked(self, rows: Rows) -> list[rf.Ranked]:
        players = rows.player[self.members].tolist()
        return [rf.Ranked(p, who, ()) for p, who in zip(self.place.tolist(), players, strict=True)]


def scale_of(stages: list[StageLike]) -> int:
    """The unit of the stored values: twelfths, halved once more per stage carrying half, so
    that every half stays a whole number."""
    halves = sum(1 for s in stages if s.carry == Stage.Carry.HALF)
    return TWELFTHS * 2**halves


def _inside(rows: Rows, stage: Stage) -> np.ndarray:
    """Which round lines fall in the stage's rounds."""
    return (rows.line_round >= stage.first_round) & (rows.line_round <= stage.last_round)


def _stage_values(
    rows: Rows, stage: Stage, overall: tuple[np.ndarray, np.ndarray, np.ndarray], scale: int
) -> np.ndarray:
    """Per snapshot row: (total, table points, score) over the stage's rounds, in 1/scale."""
    inside = _inside(rows, stage)
    # Per row, the sum of its lines inside: a running sum of those lines' values, read at the
    # rows' bounds (integers, exact).
    running = np.zeros((len(rows.line_round) + 1, 3), dtype=np.int64)
    np.cumsum(np.where(inside[:, None], rows.line_values, 0), axis=0, out=running[1:])
    bounds = rows.line_bounds
    sums = running[bounds[1:]] - running[bounds[:-1]]
    where, rounds, points = overall
    mine = (rounds >= stage.first_round) & (rounds <= stage.last_round)
    extra = np.zeros(len(rows.player), dtype=np.int64)
    np.add.at(extra, where[mine], points[mine] * TWELFTHS)
    sums[:, 0] += extra
    sums[:, 2] += extra
    return sums * (scale // TWELFTHS)


def _tables_in(rows: Rows, stage: Stage) -> np.ndarray:
    """Per snapshot row: the tables played in the stage's rounds."""
    return np.bincount(rows.line_row[_inside(rows, stage)], minlength=len(rows.player))


def _rank_stage(method: str, number: int, members: np.ndarray, values: np.ndarray) -> StageTable:
    if method == RIICHI:
        values = values.copy()
        values[:, 2] = values[:, 0]
    order, place = rf.rank_arrays([values[:, k] for k in key_indices(method)])
    return StageTable(number, members[order], place, values[order])


@dataclass
class StagePlan:
    """Each started stage's standings and consolation group; the first stage whose cut is not
    confirmed (``pending``)."""

    stages: list[StageLike]
    results: dict[int, StageTable] = field(default_factory=dict)
    consolation: dict[int, StageTable] = field(default_factory=dict)
    pending: int | None = None


def stage_standings(
    method: str,
    rows: Rows,
    stages: list[StageLike],
    overall: dict[tuple[int, int], int] | np.ndarray,
    scale: int,
) -> StagePlan:
    """Each stage's standings in order, as far as cuts are confirmed. ``overall``: the overall
    deductions, {(player, round): points} or rows (player, round, points)."""
    plan = StagePlan(stages)
    if isinstance(overall, dict):
        overall = np.array(
            [(p, r, points) for (p, r), points in overall.items()], dtype=np.int64
        ).reshape(-1, 3)
    where = rows.row_of(overall[:, 0])
    known = where >= 0
    penalties = (where[known], overall[known, 1], overall[known, 2])
    previous: StageTable | None = None
    for stage in stages:
        own = _stage_values(rows, stage, penalties, scale)
        if previous is None:
            members = np.flatnonzero(rows.played > 0)
            values = own
        else:
            decision = getattr(stage, "cut", None) if stage.cut_size else None
            if stage.cut_size and decision is None:
                plan.pending = stage.number
                break
            if decision is not None:
                members = rows.row_of(np.asarray(decision.qualified, dtype=np.int64))
                members = members[members >= 0]
            else:
                members = previous.members
            seeds = [int(Fraction(s) * scale) for s in stage.seed_points or []]
            carried = np.zeros_like(own)
            carried[previous.members] = rf.carry_arrays(
                stage.carry, primary(method), previous.values, previous.place, seeds
            )
            values = (own + carried)[members]
            if decision is not None and stage.rest == Stage.Rest.CONSOLATION:
                going = np.isin(previous.members, members)
                rest = previous.members[~going]
                # Only who plays in the group takes a place there: a player dropped before the
                # cut never does (RULES.md section 5), and pushes nobody down.
                rest = rest[_tables_in(rows, stage)[rest] > 0]
                plan.consolation[stage.number] = _rank_stage(method, stage.number, rest, own[rest])
        if previous is None:
            values = values[members]
        plan.results[stage.number] = _rank_stage(method, stage.number, members, values)
        previous = plan.results[stage.number]
    return plan


def final_ranking(rows: Rows, plan: StagePlan) -> np.ndarray:
    """(place, player) rows: the last played stage's places, then the players cut before it by
    their standing at the cut, latest cut first (``rules.formats.final_ranking``)."""
    if not plan.results:
        ranked = rows.played > 0
        return np.column_stack((rows.place[ranked], rows.player[ranked]))
    last = plan.results[max(plan.results)]
    cuts = []
    for stage in reversed(plan.stages):
        if stage.number > last.number:
            continue
        decision = getattr(stage, "cut", None) if stage.cut_size else None
        if decision is not None:
            cuts.append(np.asarray(decision.standing, dtype=np.int64).reshape(-1, 2))
    places, players = rf.final_ranking_arrays(rows.player[last.members], last.place, cuts)
    return np.column_stack((places, players))
