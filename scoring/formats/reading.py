"""Team standings, stage standings and the final ranking as pages, the API and the exports
show them: the stored ``FormatStandings`` with names and display strings added (two or three
queries whatever the event's size); and the cut line before a stage as the director sees it
before confirming it (``cut_view``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import formats as rf
from rules.errors import RuleError
from rules.standings import RIICHI, TABLE_POINTS
from scoring.files import shown_number, to_csv, to_xlsx
from scoring.standings.models import FormatStandings
from scoring.standings.reading.compute import current_formats as current_data
from scoring.standings.reading.display import display
from tournament.events.models import Event
from tournament.formats.models import Stage
from tournament.players.models import Player, Team


def columns(method: str) -> list[str]:
    """The values shown, in ranking order (as the player standings show them)."""
    if method == TABLE_POINTS:
        return ["table_points", "score"]
    if method == RIICHI:
        return ["total"]
    return ["score", "table_points"]


def column_titles(method: str) -> list[str]:
    titles = {"table_points": _("Table points"), "score": _("Score"), "total": _("Total")}
    return [titles[c] for c in columns(method)]


@dataclass
class FormatState:
    data: dict[str, Any]
    method: str
    updating: bool
    names: dict[int, str] = field(default_factory=dict)


def state(event: Event) -> FormatState:
    """The stored format standings (query) and the players' names (query)."""
    stored = FormatStandings.objects.filter(event=event).first()
    data = stored.data if stored else {}
    names = dict(Player.objects.filter(event=event).values_list("pk", "name"))
    return FormatState(
        data=data,
        method=data.get("method", ""),
        updating=stored is None or stored.revision < event.revision,
        names=names,
    )


def _values(method: str, line: dict[str, str]) -> list[str]:
    return [display(method, line[c], c) for c in columns(method)]


def team_rows(event: Event, current: FormatState) -> list[dict[str, Any]]:
    """Teams in standings order with their members (linked by id, counted or not)."""
    names = dict(Team.objects.filter(event=event).values_list("pk", "name"))
    rows = []
    for line in current.data.get("teams", []):
        members = line["members"]
        rows.append(
            {
                "place": line["place"],
                "team": line["team"],
                "name": names.get(line["team"], ""),
                "values": _values(current.method, line),
                "exact": {c: line[c] for c in ("total", "table_points", "score")},
                "members": [
                    {"id": pk, "name": current.names.get(pk, ""), "counted": i < line["counted"]}
                    for i, pk in enumerate(members)
                ],
            }
        )
    return rows


def _stage_lines(current: FormatState, lines: list[list]) -> list[dict[str, Any]]:
    out = []
    for place, who, total, table_points, score in lines:
        exact = {"total": total, "table_points": table_points, "score": score}
        out.append(
            {
                "place": place,
                "player": who,
                "name": current.names.get(who, ""),
                "values": _values(current.method, exact),
                "exact": exact,
            }
        )
    return out


def stage_tables(event: Event, current: FormatState) -> list[dict[str, Any]]:
    """Per stage (in order): its name, rounds, cut, and its standings and consolation group
    (empty while its cut is not confirmed)."""
    out = []
    stages = current.data.get("stages", {})
    consolation = current.data.get("consolation", {})
    for stage in Stage.objects.filter(event=event).order_by("first_round"):
        key = str(stage.number)
        out.append(
            {
                "stage": stage,
                "rows": _stage_lines(current, stages.get(key, [])),
                "consolation": _stage_lines(current, consolation.get(key, [])),
                "started": key in stages,
            }
        )
    return out


def final_rows(current: FormatState) -> list[dict[str, Any]]:
    return [
        {"place": place, "player": who, "name": current.names.get(who, "")}
        for place, who in current.data.get("final", [])
    ]


def final_order(event: Event) -> list[tuple[int, int]] | None:
    """(place, player id) of the final ranking at the event's revision, or None if the event
    has no stages (its standings are its ranking)."""
    if not event.stages.exists():
        return None
    return [(place, who) for place, who in current_data(event).get("final", [])]


def team_table(event: Event) -> tuple[list[str], list[list[Any]]]:
    """Header and rows of the team standings for the CSV and XLSX exports: place, team, the
    ranking values as numbers, the members (counted ones first, as ranked)."""

    current = state(event)
    if current.updating or "teams" not in current.data:
        event.refresh_from_db(fields=["revision"])
        current.data = current_data(event)
        current.method = current.data.get("method", "")
    header = [_("Place"), _("Team"), *column_titles(current.method), _("Members")]
    body = []
    for row in team_rows(event, current):
        body.append(
            [
                row["place"],
                row["name"],
                *(shown_number(v) for v in row["values"]),
                ", ".join(m["name"] if m["counted"] else f"({m['name']})" for m in row["members"]),
            ]
        )
    return header, body


def teams_csv(event: Event) -> bytes:

    return to_csv(*team_table(event))


def teams_xlsx(event: Event) -> bytes:

    return to_xlsx(_("Teams"), *team_table(event))


# The cut line ------------------------------------------------------------------------------


def stages_of(event: Event) -> list[Stage]:
    return list(event.stages.select_related("cut").order_by("first_round"))


def previous_stage(stage: Stage) -> Stage | None:
    return (
        Stage.objects.filter(event_id=stage.event_id, last_round__lt=stage.first_round)
        .select_related("cut")
        .order_by("-first_round")
        .first()
    )


@dataclass
class CutView:
    """The cut line of ``stage`` as the director sees it before confirming: the previous
    stage's standing (place, player id, exact values), the line, and who is tied at it."""

    stage: Stage
    previous: Stage
    standing: list[list]
    line: rf.CutLine | None
    error: str = ""

    @property
    def qualified(self) -> set[int]:
        return set(self.line.qualified) if self.line else set()

    @property
    def tied(self) -> set[int]:
        return set(self.line.tied) if self.line else set()


def cut_view(stage: Stage, data: dict[str, Any] | None = None) -> CutView:
    previous = previous_stage(stage)
    if previous is None or not stage.cut_size:
        raise ValidationError(_("This stage does not start with a cut."))
    data = data if data is not None else current_data(stage.event)
    standing = data.get("stages", {}).get(str(previous.number))
    if standing is None:
        return CutView(
            stage,
            previous,
            [],
            None,
            _("The cut before stage %(name)s is not confirmed yet.") % {"name": previous.name},
        )
    method = data["method"]
    keys = rf.key_indices(method)
    # Only players who can play on take a place at the line (docs/rules/standings.md): a player
    # dropped before the cut keeps their standing in the stage, but no seat after it.
    on = set(stage.event.players.filter(status=Player.Status.ACTIVE).values_list("pk", flat=True))
    ranked = rf.rank(
        [
            (who, tuple(Fraction(values[k]) for k in keys))
            for _p, who, *values in standing
            if who in on
        ]
    )
    try:
        line = rf.cut_line(ranked, stage.cut_size)
    except RuleError:
        return CutView(
            stage,
            previous,
            standing,
            None,
            ngettext(
                "A cut to %(cut)d is larger than the field of %(field)d player.",
                "A cut to %(cut)d is larger than the field of %(field)d players.",
                len(ranked),
            )
            % {"cut": stage.cut_size, "field": len(ranked)},
        )
    return CutView(stage, previous, standing, line)
