"""What the standings are computed from, read with the ORM in a constant number of queries
whatever the event's size: the players, the seat scores of every counting table result, the
ledger's points, and (for an event with stages) the stages with their cuts."""

from __future__ import annotations

from dataclasses import dataclass, field

from penalties.models import LedgerEntry
from rules import PlayerEntry, TableResult
from rules import formats as rf
from rules.consequences import OVERALL, TABLE
from rules.ledger import effects
from scoring.results.models import SeatScore
from tournament.formats.models import Stage
from tournament.players.models import Player


@dataclass
class Inputs:
    """An event's standings inputs as the rulebook takes them, plus what the pages list: the
    players' names and teams, and the overall deductions by (player, round) that a stage
    counts in its own rounds."""

    players: list[PlayerEntry]
    names: dict[int, str]
    teams: dict[int, int]
    tables: list[TableResult]
    overall_by_round: dict[tuple[int, int], int] = field(default_factory=dict)
    stages: list[rf.StageSpec] = field(default_factory=list)


def _seat_scores(event_id: int) -> dict[int, tuple[int, int, dict[int, int]]]:
    """Per counting table result's table id: (round number, table number, {player: score})."""
    tables: dict[int, tuple[int, int, dict[int, int]]] = {}
    seats = SeatScore.objects.filter(result__event_id=event_id, result__counts=True).values_list(
        "result__table_id", "result__round__number", "result__table__number", "player_id", "score"
    )
    for table_id, round_number, table_number, player, score in seats.order_by("result__table_id"):
        tables.setdefault(table_id, (round_number, table_number, {}))[2][player] = score
    return tables


def _ledger_points(event_id: int) -> tuple[dict[int, dict[int, int]], list[tuple[int, int, int]]]:
    """The ledger's points: per table id, each player's table-scope balance; and every
    overall-scope effect as (player, round number, points). A row's effect on each player is
    the rulebook's (``rules.ledger.effects``)."""
    at_tables: dict[int, dict[int, int]] = {}
    overall: list[tuple[int, int, int]] = []
    entries = LedgerEntry.objects.filter(
        event_id=event_id,
        kind__in=(LedgerEntry.Kind.TRANSFER, LedgerEntry.Kind.DEDUCT),
        scope__in=(TABLE, OVERALL),
    ).values_list(
        "player_id", "kind", "points", "scope", "counterpart_id", "table_id", "round__number"
    )
    for player, kind, points, scope, counterpart, table_id, round_number in entries:
        for who, effect in effects(kind, player, points, counterpart):
            if scope == TABLE:
                balance = at_tables.setdefault(table_id, {})
                balance[who] = balance.get(who, 0) + effect
            else:
                overall.append((who, round_number, effect))
    return at_tables, overall


def stage_specs(event_id: int) -> list[rf.StageSpec]:
    """The event's stages in round order with their confirmed cuts, as the rulebook reads
    them."""
    specs = []
    for stage in (
        Stage.objects.filter(event_id=event_id).select_related("cut").order_by("first_round")
    ):
        cut = getattr(stage, "cut", None) if stage.cut_size else None
        specs.append(
            rf.StageSpec(
                number=stage.number,
                first_round=stage.first_round,
                last_round=stage.last_round,
                cut_size=stage.cut_size or 0,
                carry=stage.carry,
                seed_points=tuple(stage.seed_points or ()),
                consolation=stage.rest == Stage.Rest.CONSOLATION,
                qualified=tuple(cut.qualified) if cut is not None else None,
                standing=tuple(tuple(pair) for pair in cut.standing) if cut is not None else (),
            )
        )
    return specs


def read_inputs(event_id: int, *, stages: bool = False) -> Inputs:
    """Everything the standings of ``event_id`` depend on: three queries (four with the
    stages). A table-scope penalty of somebody not seated in the table's counting result, or
    at a table without one, changes no table; overall-scope ones count in the total."""
    players = list(
        Player.objects.filter(event_id=event_id)
        .order_by("pk")
        .values_list("pk", "name", "status", "is_substitute", "team_id")
    )
    at_tables, overall = _ledger_points(event_id)
    overall_total: dict[int, int] = {}
    overall_by_round: dict[tuple[int, int], int] = {}
    for who, round_number, points in overall:
        overall_total[who] = overall_total.get(who, 0) + points
        overall_by_round[who, round_number] = overall_by_round.get((who, round_number), 0) + points
    tables = []
    for table_id, (round_number, table_number, scores) in _seat_scores(event_id).items():
        balance = {p: v for p, v in at_tables.get(table_id, {}).items() if p in scores and v}
        tables.append(TableResult(round_number, table_number, scores, balance))
    dropped = Player.Status.DROPPED
    return Inputs(
        players=[
            PlayerEntry(pk, overall_total.get(pk, 0), status == dropped, not substitute)
            for pk, _name, status, substitute, _team in players
        ],
        names={pk: name for pk, name, *_rest in players},
        teams={pk: team for pk, *_rest, team in players if team is not None},
        tables=tables,
        overall_by_round=overall_by_round,
        stages=stage_specs(event_id) if stages else [],
    )
