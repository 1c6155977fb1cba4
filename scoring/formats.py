"""Team and stage standings and the final ranking, computed from the stored standings rows.

A team is a sum over its members' rows; a stage is a filter of the rows' round lines (its
rounds) plus the carry-over from the stage before; nothing is recomputed from table results
(DESIGN.md: "a stage is a filter and a carry-over, a team a sum"). The reconcile computes them
right after the snapshot (``prepare_computed``) and stores them in ``FormatStandings`` at the same
revision; pages read that. The reconcile hands over the snapshot's rows before packing and
what it loaded for them (teams, overall deductions with their rounds, the stages), so that
the format costs it one query, for the stages, and no parse of the packed snapshot.

Values are integers counted in twelfths, as in the snapshot, or exact ``Fraction``s where a
carry-over halves them; stored as exact strings. Overall-scope penalties count in the stage
whose rounds hold the round they were given in (docs/rules-decisions.md, section 5).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
from django.db.models import Q, TextField, Value
from django.db.models.functions import Cast

from penalties.models import LedgerEntry
from rules import formats as rf
from rules.standings import RIICHI, TABLE_POINTS
from tournament.models import Event, Player, Stage

from . import snapshot
from .models import FormatStandings, StandingsSnapshot
from .snapshot import TWELFTHS, Formatter, _int_rows, _lines, _narrowest

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
    played: np.ndarray  # tables played (0: never, no place: listed after the ranked)
    values: np.ndarray  # (rows, 3) twelfths
    line_row: np.ndarray
    line_round: np.ndarray
    line_values: np.ndarray  # (lines, 3): units, table points, score (twelfths)

    @cached_property
    def _by_id(self) -> np.ndarray:
        return np.argsort(self.player, kind="stable")

    @cached_property
    def line_bounds(self) -> np.ndarray:
        """Each row's first line and the line after its last (its lines are consecutive)."""
        ends = np.cumsum(np.bincount(self.line_row, minlength=len(self.player)))
        return np.concatenate(([0], ends)).astype(np.int64)

    def row_of(self, players: np.ndarray) -> np.ndarray:
        """The row index of each of ``players`` (ids), -1 where not in the rows."""
        players = np.asarray(players, dtype=np.int64).reshape(-1)
        if not len(self.player):
            return np.full(len(players), -1, dtype=np.int64)
        by_id = self._by_id
        found = snapshot.positions(self.player[by_id], players)
        return np.where(found >= 0, by_id[found.clip(min=0)], -1)

    @classmethod
    def of(cls, packed: bytes | memoryview | None) -> Rows:
        if not packed:
            empty = np.zeros(0, dtype=np.int64)
            return cls(
                empty,
                empty,
                empty,
                np.zeros((0, 3), np.int64),
                empty,
                empty,
                np.zeros((0, 3), np.int64),
            )
        return cls.of_head(*_lines(zlib.decompress(bytes(packed))))

    @classmethod
    def of_head(cls, head: dict[str, list], lines: np.ndarray) -> Rows:
        """From a snapshot's head and lines, as ``snapshot.compute_rows`` makes them (or
        ``packed`` holds them)."""
        counts = np.array(head["lines"], dtype=np.int64)
        line_row = np.repeat(np.arange(len(counts)), counts)
        # Line columns: round, table, score, units, table points, penalty.
        line_values = np.stack((lines[:, 3], lines[:, 4], lines[:, 2] * TWELFTHS), axis=1)
        return cls(
            player=np.array(head["player"], dtype=np.int64),
            place=np.array([p or 0 for p in head["place"]], dtype=np.int64),
            played=np.array(head.get("played", head["lines"]), dtype=np.int64),
            values=np.array([head[v] for v in VALUES], dtype=np.int64).reshape(3, -1).T,
            line_row=line_row,
            line_round=lines[:, 0].copy(),
            line_values=line_values.astype(np.int64),
        )


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


def _stage_values(
    rows: Rows, stage: Stage, overall: tuple[np.ndarray, np.ndarray, np.ndarray], scale: int
) -> np.ndarray:
    """Per snapshot row: (total, table points, score) over the stage's rounds, in 1/scale."""
    inside = (rows.line_round >= stage.first_round) & (rows.line_round <= stage.last_round)
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


# Stored form --------------------------------------------------------------------------------


def compute(
    method: str,
    packed: bytes | memoryview | None,
    *,
    members: dict[int, int],
    best: int | None,
    stages: list[StageLike],
    overall: dict[tuple[int, int], int] | np.ndarray,
    arrays: bool = False,
    rows: Rows | None = None,
) -> dict[str, Any]:
    """Everything the format pages show: teams, stages, consolation groups, the final ranking,
    as lists (``arrays``: the tables as integer arrays, for ``pack``). Values are integers
    counted in 1/``scale`` (see ``readable``). ``rows``: ``packed``'s rows, when the caller
    has them already."""
    if not arrays:
        return unpack(
            pack(
                compute(
                    method,
                    packed,
                    arrays=True,
                    members=members,
                    best=best,
                    stages=stages,
                    overall=overall,
                    rows=rows,
                )
            )
        )
    if rows is None:
        rows = Rows.of(packed)
    scale = scale_of(stages)
    data: dict[str, Any] = {"method": method, "scale": scale}
    if members:
        data["teams"] = team_arrays(method, rows, members, best, scale)
    if stages:
        plan = stage_standings(method, rows, stages, overall, scale)
        data["stages"] = {str(n): t.as_array(rows) for n, t in plan.results.items()}
        data["consolation"] = {str(n): t.as_array(rows) for n, t in plan.consolation.items()}
        data["pending"] = plan.pending
        data["final"] = final_ranking(rows, plan)
    return data


# The stored form: zlib over the byte length (4 bytes) of a JSON object (method, scale,
# pending, and per array its name, row width, row count and integer size), that JSON, then the
# arrays as little-endian integers of the fewest bytes that hold them, one after the other.
# Encoding thousands of small lists as JSON costs several times more than the rest of the
# computation.
PACK_FORMAT = 1


def pack(data: dict[str, Any]) -> bytes:
    arrays: list[tuple[str, np.ndarray]] = []
    if "teams" in data:
        teams = data["teams"]
        if isinstance(teams, tuple):  # ``team_arrays``
            table, member_ids = teams
        else:
            table = np.array(
                [
                    [
                        t["place"],
                        t["team"],
                        *(t[v] for v in VALUES),
                        t["counted"],
                        len(t["members"]),
                    ]
                    for t in teams
                ],
                dtype=np.int64,
            ).reshape(-1, 7)
            member_ids = np.array([m for t in teams for m in t["members"]], dtype=np.int64)
        arrays.append(("teams", table))
        arrays.append(("members", member_ids))
    for group in ("stages", "consolation"):
        for number, lines in data.get(group, {}).items():
            arrays.append((f"{group}:{number}", np.array(lines, dtype=np.int64).reshape(-1, 5)))
    if "final" in data:
        arrays.append(("final", np.array(data["final"], dtype=np.int64).reshape(-1, 2)))
    head = {
        "format": PACK_FORMAT,
        "method": data.get("method", ""),
        "scale": data.get("scale", TWELFTHS),
        "pending": data.get("pending"),
        "has_stages": "stages" in data,
        "arrays": [],
    }
    parts = []
    for name, a in arrays:
        narrow = _narrowest(a.reshape(-1))
        head["arrays"].append([name, a.shape[1] if a.ndim == 2 else 1, len(a), narrow.itemsize])
        parts.append(narrow.tobytes())
    text = json.dumps(head, separators=(",", ":")).encode()
    body = b"".join(parts)
    # Level 0: a zlib stream stored as is. The narrow arrays are a few tens of kilobytes for
    # a thousand players, which compression would cut by a third for a tenth of the reconcile's
    # format work (PostgreSQL compresses large values itself).
    return zlib.compress(len(text).to_bytes(4, "little") + text + body, 0)


def unpack(packed: bytes | memoryview | None) -> dict[str, Any]:
    """The dict ``compute`` made, from ``pack``'s bytes."""
    if not packed:
        return {}
    raw = zlib.decompress(bytes(packed))
    size = int.from_bytes(raw[:4], "little")
    head = json.loads(raw[4 : 4 + size])
    offset = 4 + size
    arrays: dict[str, np.ndarray] = {}
    for name, width, count, size in head["arrays"]:
        values = np.frombuffer(raw, dtype=f"<i{size}", count=width * count, offset=offset)
        values = values.astype(np.int64)
        arrays[name] = values.reshape(count, width) if width > 1 or name != "members" else values
        offset += size * width * count
    data: dict[str, Any] = {"method": head["method"], "scale": head["scale"]}
    if "teams" in arrays:
        members = arrays["members"].reshape(-1).tolist()
        teams, start = [], 0
        for place, team, total, points, score, counted, size in arrays["teams"].tolist():
            teams.append(
                {
                    "place": place,
                    "team": team,
                    "total": total,
                    "table_points": points,
                    "score": score,
                    "members": members[start : start + size],
                    "counted": counted,
                }
            )
            start += size
        data["teams"] = teams
    if head["has_stages"]:
        for group in ("stages", "consolation"):
            data[group] = {
                name.split(":", 1)[1]: a.tolist()
                for name, a in arrays.items()
                if name.startswith(group + ":")
            }
        data["pending"] = head["pending"]
        data["final"] = arrays["final"].tolist() if "final" in arrays else []
    return data


def readable(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every value as an exact string in the ruleset's unit ("7/3", "-12")."""
    scale = data.get("scale", TWELFTHS)
    cache: dict[int, str] = {}

    def exact(value: int) -> str:
        text = cache.get(value)
        if text is None:
            text = cache[value] = str(Fraction(value, scale))
        return text

    out = dict(data)
    if "teams" in data:
        out["teams"] = [{**t, **{v: exact(t[v]) for v in VALUES}} for t in data["teams"]]
    for group in ("stages", "consolation"):
        if group in data:
            out[group] = {
                n: [[p, who, *(exact(v) for v in values)] for p, who, *values in lines]
                for n, lines in data[group].items()
            }
    return out


MEMBER, OVERALL = 0, 1


def load_inputs(
    event_id: int, has_teams: bool, has_stages: bool, best: int | None = None
) -> dict[str, Any]:
    """The format's definition: team membership and the overall penalties by round (one query
    for both), the stages with their cuts (one query). ``best``: the event's ``team_best``,
    read here when the caller has not."""
    members: dict[int, int] = {}
    overall: dict[tuple[int, int], int] = {}
    parts = []
    if has_teams:
        if best is None:
            best = Event.objects.values_list("team_best", flat=True).get(pk=event_id)
        parts.append(
            Player.objects.filter(event_id=event_id, team__isnull=False)
            .order_by()
            .annotate(what=Value(MEMBER), amount=Value(0))
            .values_list("what", "pk", "team_id", "amount")
        )
    if has_stages:
        parts.append(
            LedgerEntry.objects.filter(
                event_id=event_id,
                kind=LedgerEntry.Kind.DEDUCT,
                scope=LedgerEntry.Scope.OVERALL,
            )
            .order_by()
            .annotate(what=Value(OVERALL))
            .values_list("what", "player_id", "round__number", "points")
        )
    if parts:
        # Query: the players in a team and the overall-scope deductions with their round.
        query = parts[0] if len(parts) == 1 else parts[0].union(parts[1], all=True)
        sql, params = query.query.sql_with_params()
        found = _int_rows(sql, list(params), 4)
        for what, player, other, amount in found.tolist():
            if what == MEMBER:
                members[player] = other
            else:
                overall[(player, other)] = overall.get((player, other), 0) + amount
    stages = load_stages(event_id) if has_stages else []
    return {"members": members, "best": best, "stages": stages, "overall": overall}


# A cut decision is written once and never changed: its lists, parsed, by their JSON text.
_PARSED: dict[str, np.ndarray] = {}
_PARSED_MAX = 64


def _parsed(text: str | None, width: int) -> np.ndarray:
    found = _PARSED.get(text or "")
    if found is None:
        values = json.loads(text) if text else []
        found = np.array(values, dtype=np.int64).reshape(-1, width)
        if width == 1:
            found = found.reshape(-1)
        found.flags.writeable = False  # shared by every reconcile that reads this cut
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[text or ""] = found
    return found


def load_stages(event_id: int) -> list[StageInput]:
    """The event's stages in round order, with their cuts (one query). The cuts' lists come
    as JSON text and are parsed once per process (``_parsed``)."""
    found = (
        Stage.objects.filter(event_id=event_id)
        .order_by("first_round")
        .values_list(
            "number",
            "first_round",
            "last_round",
            "cut_size",
            "carry",
            "seed_points",
            "rest",
            "cut__pk",
            Cast("cut__qualified", TextField()),
            Cast("cut__standing", TextField()),
        )
    )
    stages = []
    for *fields, cut, qualified, standing in found:
        decision = None
        if cut is not None:
            decision = CutInput(_parsed(qualified, 1), _parsed(standing, 2))
        stages.append(StageInput(*fields, cut=decision))
    return stages


def inputs_of(
    event_id: int,
    loaded: snapshot.Loaded,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None,
) -> dict[str, Any]:
    """``load_inputs`` from what the reconcile loaded for the snapshot: the players' teams,
    the overall deductions with their rounds, and the stages if it read them too (its
    ``also``: ``load_stages``); else one query, for them."""
    members: dict[int, int] = {}
    if has_teams:
        members = {p[0]: p[4] for p in loaded.players if p[4] is not None}
    stages = []
    if has_stages:
        stages = loaded.also if loaded.also is not None else load_stages(event_id)
    overall = loaded.overall_rounds if has_stages else np.zeros((0, 3), dtype=np.int64)
    return {"members": members, "best": best, "stages": stages, "overall": overall}


def prepare(
    event_id: int,
    method: str,
    packed: bytes | memoryview | None,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None = None,
) -> bytes:
    """The packed format standings of the snapshot ``packed`` (reads the format's inputs)."""
    inputs = load_inputs(event_id, has_teams, has_stages, best)
    return pack(compute(method, packed, arrays=True, **inputs))


def prepare_computed(
    event_id: int,
    computed: snapshot.Computed,
    loaded: snapshot.Loaded,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None,
) -> bytes:
    """``prepare`` for the reconcile: from the snapshot before packing and its inputs, so that
    neither the packed snapshot nor the teams and overall deductions are read again."""
    inputs = inputs_of(event_id, loaded, has_teams=has_teams, has_stages=has_stages, best=best)
    rows = Rows.of_head(computed.head, computed.lines)
    return pack(compute(computed.method, None, arrays=True, rows=rows, **inputs))


def store(event_id: int, revision: int, stored: bytes, *, force: bool = False) -> bool:
    """Write ``prepare``'s bytes at ``revision`` (the snapshot's); like the snapshot, never over
    a newer revision. Returns whether it wrote."""
    condition = Q(event_id=event_id) & (
        Q(revision__lte=revision) if force else Q(revision__lt=revision)
    )
    written = FormatStandings.objects.filter(condition).update(revision=revision, packed=stored)
    if not written and not FormatStandings.objects.filter(event_id=event_id).exists():
        FormatStandings.objects.bulk_create(
            [FormatStandings(event_id=event_id, revision=revision, packed=stored)],
            ignore_conflicts=True,
        )
        written = 1
    return bool(written)


def refresh(
    event_id: int,
    revision: int,
    method: str,
    packed: bytes | memoryview | None,
    *,
    has_teams: bool,
    has_stages: bool,
    best: int | None = None,
    force: bool = False,
) -> bool:
    """``prepare`` and ``store`` in one go."""
    stored = prepare(
        event_id, method, packed, has_teams=has_teams, has_stages=has_stages, best=best
    )
    return store(event_id, revision, stored, force=force)


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
