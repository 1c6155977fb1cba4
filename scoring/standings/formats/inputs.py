"""What the format standings read besides the rows: teams, overall deductions, stages and cuts."""

from __future__ import annotations

import functools
import json
from typing import Any

import numpy as np
from django.db import connection
from django.db.models import TextField, Value
from django.db.models.functions import Cast

from penalties.models import LedgerEntry
from scoring.standings import snapshot
from scoring.standings.formats.stages import CutInput, StageInput
from scoring.standings.snapshot import int_rows
from tournament.events.models import Event
from tournament.formats.models import Stage
from tournament.players.models import Player

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
        found = int_rows(sql, list(params), 4)
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


@functools.cache
def _stages_sql() -> str:
    """``load_stages``' statement, written once per process (building it with the ORM at every
    reconcile costs more than the query). It takes the event id."""
    sql, params = _stages_query(0).query.sql_with_params()
    if list(params) != [0]:
        raise AssertionError(f"unexpected parameters {params!r}")
    return sql


def _stages_query(event_id: int) -> Any:
    return (
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


def load_stages(event_id: int) -> list[StageInput]:
    """The event's stages in round order, with their cuts (one query). The cuts' lists come
    as JSON text and are parsed once per process (``_parsed``)."""
    with connection.cursor() as cursor:
        cursor.execute(_stages_sql(), [event_id])
        found = cursor.fetchall()
    seed_points = Stage._meta.get_field("seed_points")
    stages = []
    for *fields, cut, qualified, standing in found:
        fields[5] = seed_points.from_db_value(fields[5], None, connection)
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
