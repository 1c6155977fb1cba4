"""Team and stage standings and the final ranking, computed from the standings rows by the
rulebook (``rules.formats``): a team is a sum over its members' rows, a stage a filter of the
rows' round lines plus the carry-over from the stage before (docs/rules-decisions.md,
section 5). Stored as plain data with exact values ("7/3")."""

from __future__ import annotations

from typing import Any

from rules import StandingRow
from rules import formats as rf
from scoring.standings.reading.inputs import Inputs


def plain_rows(rows: list[StandingRow]) -> list[rf.Row]:
    return [
        rf.Row(
            row.player,
            row.place,
            (row.total, row.table_points, row.score),
            row.rounds,  # a RoundLine has the round, units, table points and score of a Line
        )
        for row in rows
    ]


def _line(ranked: rf.Ranked) -> list[Any]:
    return [ranked.place, ranked.who, *(str(v) for v in ranked.keys)]


def compute(
    method: str, rows: list[StandingRow], inputs: Inputs, *, best: int | None
) -> dict[str, Any]:
    """Everything the format pages show: ``teams`` (place, team, the three values, members in
    standings order, how many count), per stage its standings and consolation group as
    [place, player, total, table points, score], the first stage waiting for its cut
    (``pending``) and the ``final`` ranking as [place, player]."""
    plain = plain_rows(rows)
    data: dict[str, Any] = {"method": method}
    if inputs.teams:
        data["teams"] = [
            {
                "place": ranked.place,
                "team": ranked.who,
                **{v: str(k) for v, k in zip(rf.VALUES, ranked.keys, strict=True)},
                "members": list(members),
                "counted": counted,
            }
            for ranked, members, counted in rf.team_standings(method, plain, inputs.teams, best)
        ]
    if inputs.stages:
        plan = rf.stage_standings(method, plain, inputs.stages, inputs.overall_by_round)
        data["stages"] = {str(n): [_line(r) for r in lines] for n, lines in plan.results.items()}
        data["consolation"] = {
            str(n): [_line(r) for r in lines] for n, lines in plan.consolation.items()
        }
        data["pending"] = plan.pending
        data["final"] = [list(pair) for pair in rf.final_standing(plain, inputs.stages, plan)]
    return data
