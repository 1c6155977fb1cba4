"""Standings maths over the database: load in bulk, compute with ``rules``, serialise exactly.

``load_inputs`` runs a fixed number of queries whatever the event size (players, counting seat
scores, two ledger aggregates); ``compute_rows`` is pure. Fractions are stored as exact strings
(``"7/3"``) next to a display string; riichi values are shown in thousands of points.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Case, F, IntegerField, Sum, Value, When

from penalties.models import LedgerEntry
from rules import PlayerEntry, TableResult, get_ruleset
from rules.standings import RIICHI, TABLE_POINTS
from tournament.models import Player

from .models import SeatScore

TRANSFER = LedgerEntry.Kind.TRANSFER
DEDUCT = LedgerEntry.Kind.DEDUCT
TABLE = LedgerEntry.Scope.TABLE
OVERALL = LedgerEntry.Scope.OVERALL


@dataclass
class Inputs:
    players: list[tuple[int, str, str, bool]]  # id, name, status, is_substitute
    tables: list[TableResult]
    overall: dict[int, int]


def load_inputs(event_id: int) -> Inputs:
    """Everything the standings depend on, in four queries."""
    # Query: the event's players.
    players = list(
        Player.objects.filter(event_id=event_id)
        .order_by("pk")
        .values_list("pk", "name", "status", "is_substitute")
    )
    # Query: the seat scores of every counting result version, with round and table numbers.
    seat_rows = (
        SeatScore.objects.filter(result__event_id=event_id, result__counts=True)
        .order_by()
        .values_list(
            "result__table_id",
            "result__round__number",
            "result__table__number",
            "player_id",
            "score",
        )
    )
    scores: dict[int, dict[int, int]] = {}
    where: dict[int, tuple[int, int]] = {}
    for table_id, round_number, table_number, player_id, score in seat_rows:
        seats = scores.get(table_id)
        if seats is None:
            seats = scores[table_id] = {}
            where[table_id] = (round_number, table_number)
        seats[player_id] = score

    penalties: dict[int, dict[int, int]] = defaultdict(dict)
    overall: dict[int, int] = defaultdict(int)
    # Query: per (player, table): what the player paid or lost at the table; overall deductions.
    paid = (
        LedgerEntry.objects.filter(event_id=event_id, kind__in=(TRANSFER, DEDUCT))
        .order_by()
        .values("player_id", "table_id")
        .annotate(
            table_points=Sum(
                Case(
                    When(kind=TRANSFER, then=-F("points")),
                    When(kind=DEDUCT, scope=TABLE, then=F("points")),
                    default=Value(0),
                    output_field=IntegerField(),
                )
            ),
            overall_points=Sum(
                Case(
                    When(kind=DEDUCT, scope=OVERALL, then=F("points")),
                    default=Value(0),
                    output_field=IntegerField(),
                )
            ),
        )
        .values_list("player_id", "table_id", "table_points", "overall_points")
    )
    for player_id, table_id, table_points, overall_points in paid:
        if table_points:
            penalties[table_id][player_id] = table_points
        if overall_points:
            overall[player_id] += overall_points
    # Query: per (counterpart, table): what transfers gave the player at the table.
    received = (
        LedgerEntry.objects.filter(event_id=event_id, kind=TRANSFER)
        .order_by()
        .values("counterpart_id", "table_id")
        .annotate(points=Sum("points"))
        .values_list("counterpart_id", "table_id", "points")
    )
    for player_id, table_id, points in received:
        if points:
            balance = penalties[table_id]
            balance[player_id] = balance.get(player_id, 0) + points

    tables = []
    for table_id, seats in scores.items():
        balance = penalties.get(table_id)
        if balance:
            # A penalty of somebody no longer seated in this result cannot change the table.
            balance = {p: v for p, v in balance.items() if p in seats and v}
        round_number, table_number = where[table_id]
        tables.append(TableResult(round_number, table_number, seats, balance or {}))
    return Inputs(players=players, tables=tables, overall=dict(overall))


class _Formatter:
    """Exact and display strings of Fractions, memoised by identity: the rulebook hands out
    one Fraction object per distinct per-round value, so standings repeat few objects."""

    def __init__(self, method: str):
        self.riichi = method == RIICHI
        self.cache: dict[int, tuple[Fraction, str, str]] = {}

    def __call__(self, value: Fraction) -> tuple[str, str]:
        found = self.cache.get(id(value))
        if found is None or found[0] is not value:
            exact = str(value)
            if self.riichi:
                display = f"{float(value) / 1000:.1f}"
            elif value.denominator == 1:
                display = str(value.numerator)
            else:
                display = f"{float(value):.2f}"
            found = self.cache[id(value)] = (value, exact, display)
        return found[1], found[2]


def _rank_key(method: str, row) -> tuple:
    if method == TABLE_POINTS:
        return (row.table_points, row.score)
    if method == RIICHI:
        return (row.total,)
    return (row.total, row.table_points)


def compute_rows(ruleset_key: str, options: dict | None, inputs: Inputs) -> tuple[str, list]:
    """The snapshot rows (compact, JSON-ready) and the standings method."""
    ruleset = get_ruleset(ruleset_key)
    info = {pk: (name, status, sub) for pk, name, status, sub in inputs.players}
    entries = [
        PlayerEntry(pk, inputs.overall.get(pk, 0), status == Player.Status.DROPPED)
        for pk, _name, status, sub in inputs.players
        if not sub
    ]
    rows = ruleset.standings(inputs.tables, entries, options)
    fmt = _Formatter(ruleset.method)
    plain = _Formatter(TABLE_POINTS)  # table points are never in thousands
    out: list[dict[str, Any]] = []
    place = 0
    previous = None
    for row in rows:
        name, _status, substitute = info.get(row.player, ("?", "", False))
        if substitute:
            continue
        # Places again without the substitutes (they play tables but are not ranked).
        key = _rank_key(ruleset.method, row)
        if key != previous:
            place, previous = len(out) + 1, key
        total, total_display = fmt(row.total)
        points, points_display = plain(row.table_points)
        score, score_display = fmt(row.score)
        rounds = []
        for line in row.rounds:
            units, units_display = fmt(line.units)
            rounds.append(
                [
                    line.round,
                    line.table,
                    line.score,
                    units,
                    units_display,
                    plain(line.table_points)[0],
                    line.penalty,
                ]
            )
        out.append(
            {
                "place": place,
                "player": row.player,
                "name": name,
                "total": total,
                "total_display": total_display,
                "table_points": points,
                "table_points_display": points_display,
                "score": score,
                "score_display": score_display,
                "penalties": row.penalties,
                "dropped": row.dropped,
                "rounds": rounds,
            }
        )
    return ruleset.method, out


ROUND_FIELDS = ("round", "table", "score", "units", "units_display", "table_points", "penalty")


def expand_rounds(rounds: list[list]) -> list[dict[str, Any]]:
    return [dict(zip(ROUND_FIELDS, line, strict=True)) for line in rounds]
