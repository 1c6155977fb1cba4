"""Team and stage standings and the final ranking, computed from the stored standings rows.

A team is a sum over its members' rows; a stage is a filter of the rows' round lines (its
rounds) plus the carry-over from the stage before; nothing is recomputed from table results
(DESIGN.md: "a stage is a filter and a carry-over, a team a sum"). The reconcile computes them
right after the snapshot (``refresh``) and stores them in ``FormatStandings`` at the same
revision; pages read that.

Values are integers counted in twelfths, as in the snapshot, or exact ``Fraction``s where a
carry-over halves them; stored as exact strings. Overall-scope penalties count in the stage
whose rounds hold the round they were given in (docs/rules-decisions.md, section 5).
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from django.db.models import Q

from penalties.models import LedgerEntry
from rules import formats as rf
from rules.standings import RIICHI, TABLE_POINTS
from tournament.models import Event, Player, Stage

from . import snapshot
from .models import FormatStandings, StandingsSnapshot
from .snapshot import TWELFTHS, Formatter, _lines

# The values of a line, in this order: total, table points, score (twelfths).
VALUES = ("total", "table_points", "score")


def key_indices(method: str) -> tuple[int, ...]:
    """Which of ``VALUES`` a method ranks by, in order (RULES.md section 5)."""
    if method == TABLE_POINTS:
        return (1, 2)
    if method == RIICHI:
        return (0,)
    return (0, 1)


def primary(method: str) -> str:
    return "table_points" if method == TABLE_POINTS else "score"


@dataclass
class Rows:
    """The snapshot's rows as arrays: player ids in ranking order, places, the three values,
    and every round line (row index, round, units, table points, score)."""

    player: np.ndarray
    place: np.ndarray
    values: np.ndarray  # (rows, 3) twelfths
    line_row: np.ndarray
    line_round: np.ndarray
    line_values: np.ndarray  # (lines, 3): units, table points, score (twelfths)

    @classmethod
    def of(cls, packed: bytes | memoryview | None) -> Rows:
        if not packed:
            empty = np.zeros(0, dtype=np.int64)
            return cls(empty, empty, np.zeros((0, 3), np.int64), empty, empty, np.zeros((0, 3)))
        head, lines = _lines(zlib.decompress(bytes(packed)))
        counts = np.array(head["lines"], dtype=np.int64)
        line_row = np.repeat(np.arange(len(counts)), counts)
        # Line columns: round, table, score, units, table points, penalty.
        line_values = np.stack((lines[:, 3], lines[:, 4], lines[:, 2] * TWELFTHS), axis=1)
        return cls(
            player=np.array(head["player"], dtype=np.int64),
            place=np.array(head["place"], dtype=np.int64),
            values=np.array([head[v] for v in VALUES], dtype=np.int64).reshape(3, -1).T,
            line_row=line_row,
            line_round=lines[:, 0].copy(),
            line_values=line_values.astype(np.int64),
        )


# Teams --------------------------------------------------------------------------------------


def team_standings(
    method: str, rows: Rows, members: dict[int, int], best: int | None
) -> list[dict[str, Any]]:
    """Per team (``members``: player id -> team id): place, team, the summed values (exact
    strings) and the members' player ids in standings order with whether they count."""
    keys = key_indices(method)
    by_team: dict[int, list[int]] = defaultdict(list)
    for row, player in enumerate(rows.player.tolist()):
        team = members.get(player)
        if team is not None:
            by_team[team].append(row)
    entries, sums = [], {}
    for team, member_rows in by_team.items():
        counted = member_rows[:best] if best else member_rows
        total = rows.values[counted].sum(axis=0).tolist()
        sums[team] = (total, member_rows, len(counted))
        entries.append((team, tuple(total[k] for k in keys)))
    out = []
    for line in rf.rank(entries):
        total, member_rows, counted = sums[line.who]
        out.append(
            {
                "place": line.place,
                "team": line.who,
                **{name: str(Fraction(v, TWELFTHS)) for name, v in zip(VALUES, total, strict=True)},
                "members": [int(rows.player[r]) for r in member_rows],
                "counted": counted,
            }
        )
    return out


# Stages -------------------------------------------------------------------------------------


@dataclass
class StageTable:
    """One stage's standings (or its consolation group's): rows of (place, player, total,
    table points, score) in ranking order, values as Fractions in twelfths."""

    number: int
    rows: list[tuple[int, int, Fraction, Fraction, Fraction]] = field(default_factory=list)

    def ranked(self, method: str) -> list[rf.Ranked]:
        keys = key_indices(method)
        return [
            rf.Ranked(p, who, tuple((t, tp, s)[k] for k in keys)) for p, who, t, tp, s in self.rows
        ]


def _stage_values(
    rows: Rows, stage: Stage, overall: dict[tuple[int, int], int]
) -> dict[int, tuple[int, int, int]]:
    """Per player of the snapshot: (total, table points, score) over the stage's rounds."""
    inside = (rows.line_round >= stage.first_round) & (rows.line_round <= stage.last_round)
    sums = np.zeros((len(rows.player), 3), dtype=np.int64)
    np.add.at(sums, rows.line_row[inside], rows.line_values[inside])
    extra = np.zeros(len(rows.player), dtype=np.int64)
    if overall:
        index = {p: i for i, p in enumerate(rows.player.tolist())}
        for (player, round_), points in overall.items():
            if stage.holds(round_) and player in index:
                extra[index[player]] += points * TWELFTHS
    sums[:, 0] += extra
    sums[:, 2] += extra
    return {p: tuple(v) for p, v in zip(rows.player.tolist(), sums.tolist(), strict=True)}


def _rank_stage(
    method: str,
    number: int,
    players: list[int],
    values: dict[int, tuple[int, int, int]],
    carried: dict[int, tuple[Fraction, Fraction, Fraction]],
) -> StageTable:
    keys = key_indices(method)
    lines = {}
    for player in players:
        own = values.get(player, (0, 0, 0))
        more = carried.get(player, (Fraction(0),) * 3)
        lines[player] = tuple(Fraction(v) + c for v, c in zip(own, more, strict=True))
        if method == RIICHI:
            lines[player] = (lines[player][0], lines[player][1], lines[player][0])
    ranked = rf.rank([(p, tuple(lines[p][k] for k in keys)) for p in players])
    return StageTable(number, [(r.place, r.who, *lines[r.who]) for r in ranked])


@dataclass
class StagePlan:
    """What the stages are: per stage, the players who play it (None: not decided yet, the cut
    is not confirmed), and who is in its consolation group."""

    stages: list[Stage]
    results: dict[int, StageTable] = field(default_factory=dict)
    consolation: dict[int, StageTable] = field(default_factory=dict)
    pending: int | None = None  # the first stage whose cut is not confirmed


def stage_standings(
    method: str, rows: Rows, stages: list[Stage], overall: dict[tuple[int, int], int]
) -> StagePlan:
    """Each stage's standings in order, as far as cuts are confirmed."""
    plan = StagePlan(stages)
    previous: StageTable | None = None
    ranked_players = rows.player.tolist()
    for stage in stages:
        values = _stage_values(rows, stage, overall)
        carried: dict[int, tuple[Fraction, Fraction, Fraction]] = {}
        if previous is None:
            players = ranked_players
        else:
            decision = getattr(stage, "cut", None) if stage.cut_size else None
            if stage.cut_size and decision is None:
                plan.pending = stage.number
                break
            before = [who for _p, who, *_v in previous.rows]
            players = list(decision.qualified) if decision else before
            seeds = [int(Fraction(s) * TWELFTHS) for s in stage.seed_points or []]
            for place, who, *carry_from in previous.rows:
                carried[who] = rf.carry_values(
                    stage.carry,
                    primary(method),
                    tuple(int(v) if v.denominator == 1 else v for v in carry_from),
                    place,
                    seeds,
                )
            if decision and stage.rest == Stage.Rest.CONSOLATION:
                going = set(players)
                rest = [who for who in before if who not in going]
                plan.consolation[stage.number] = _rank_stage(method, stage.number, rest, values, {})
        plan.results[stage.number] = _rank_stage(method, stage.number, players, values, carried)
        previous = plan.results[stage.number]
    return plan


def final_ranking(method: str, rows: Rows, plan: StagePlan) -> list[tuple[int, int]]:
    """(place, player): the last played stage's places, then the players cut before it by
    their standing at the cut, latest cut first."""
    if not plan.results:
        return list(zip(rows.place.tolist(), rows.player.tolist(), strict=True))
    last = max(plan.results)
    cuts = []
    for stage in reversed(plan.stages):
        if stage.number > last:
            continue
        decision = getattr(stage, "cut", None) if stage.cut_size else None
        if decision is not None:
            going = set(decision.qualified)
            cuts.append([(who, place) for who, place in decision.standing if who not in going])
    return rf.final_ranking(plan.results[last].ranked(method), cuts)


# Stored form --------------------------------------------------------------------------------


def _exact(value: Fraction) -> str:
    return str(Fraction(value) / TWELFTHS)


def _table_json(table: StageTable) -> list[list]:
    return [[p, who, _exact(t), _exact(tp), _exact(s)] for p, who, t, tp, s in table.rows]


def compute(
    method: str,
    packed: bytes | memoryview | None,
    *,
    members: dict[int, int],
    best: int | None,
    stages: list[Stage],
    overall: dict[tuple[int, int], int],
) -> dict[str, Any]:
    """Everything the format pages show, as JSON: teams, stages, consolation groups, the
    final ranking."""
    rows = Rows.of(packed)
    data: dict[str, Any] = {"method": method}
    if members:
        data["teams"] = team_standings(method, rows, members, best)
    if stages:
        plan = stage_standings(method, rows, stages, overall)
        data["stages"] = {str(n): _table_json(t) for n, t in plan.results.items()}
        data["consolation"] = {str(n): _table_json(t) for n, t in plan.consolation.items()}
        data["pending"] = plan.pending
        data["final"] = [[p, who] for p, who in final_ranking(method, rows, plan)]
    return data


def load_inputs(event_id: int, has_teams: bool, has_stages: bool) -> dict[str, Any]:
    """The format's definition: team membership, stages with their cuts and the overall
    penalties by round (one query each, only those the event uses)."""
    members: dict[int, int] = {}
    best = None
    if has_teams:
        # Query: the players in a team, and the event's option.
        for pk, team, best_of in Player.objects.filter(
            event_id=event_id, team__isnull=False
        ).values_list("pk", "team_id", "event__team_best"):
            members[pk] = team
            best = best_of
    stages: list[Stage] = []
    overall: dict[tuple[int, int], int] = {}
    if has_stages:
        # Query: the stages with their cut decisions.
        stages = list(
            Stage.objects.filter(event_id=event_id).select_related("cut").order_by("first_round")
        )
        # Query: overall-scope deductions with the round they were given in.
        deduct, scope = LedgerEntry.Kind.DEDUCT, LedgerEntry.Scope.OVERALL
        for player, round_, points in LedgerEntry.objects.filter(
            Q(event_id=event_id) & Q(kind=deduct) & Q(scope=scope)
        ).values_list("player_id", "round__number", "points"):
            overall[(player, round_)] = overall.get((player, round_), 0) + points
    return {"members": members, "best": best, "stages": stages, "overall": overall}


def refresh(
    event_id: int,
    revision: int,
    method: str,
    packed: bytes | memoryview | None,
    *,
    has_teams: bool,
    has_stages: bool,
    force: bool = False,
) -> bool:
    """Compute and store the format standings at ``revision`` (the snapshot's). Like the
    snapshot, never written over a newer revision. Returns whether it wrote."""
    data = compute(method, packed, **load_inputs(event_id, has_teams, has_stages))
    condition = Q(event_id=event_id) & (
        Q(revision__lte=revision) if force else Q(revision__lt=revision)
    )
    written = FormatStandings.objects.filter(condition).update(revision=revision, data=data)
    if not written and not FormatStandings.objects.filter(event_id=event_id).exists():
        FormatStandings.objects.bulk_create(
            [FormatStandings(event_id=event_id, revision=revision, data=data)],
            ignore_conflicts=True,
        )
        written = 1
    return bool(written)


def current(event: Event) -> dict[str, Any]:
    """The event's format standings at its current revision: stored if current, else
    computed afresh without writing (as the exports do)."""
    event.refresh_from_db(fields=["revision", "ruleset", "ruleset_options", "team_best"])
    stored = FormatStandings.objects.filter(event=event).first()
    snap = StandingsSnapshot.objects.filter(event=event).first()
    if (
        stored is not None
        and stored.revision >= event.revision
        and snap is not None
        and snap.revision >= event.revision
    ):
        return stored.data
    method, packed = snapshot.compute(
        event.ruleset, event.ruleset_options, snapshot.load_grid(event.pk)
    )
    return compute(
        method,
        packed,
        **load_inputs(event.pk, event.teams.exists(), event.stages.exists()),
    )


# Reading ------------------------------------------------------------------------------------


def display(method: str, exact: str, what: str) -> str:
    """A stored exact value (in the ruleset's unit) as the standings pages show it."""
    fmt = Formatter(TABLE_POINTS if what == "table_points" else method)
    return fmt(int(Fraction(exact) * TWELFTHS))[1]
