"""Standings and table results for the director (CSV, XLSX).

Standings come from the snapshot when it is current and are computed afresh (without writing)
when it is not, so a download never shows stale standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from rules import get_ruleset
from rules.standings import RIICHI, TABLE_POINTS
from scoring.files import shown_number, table_points, to_csv, to_xlsx
from scoring.results.models import SeatScore
from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.compute import compute
from scoring.standings.reading.compute import current_formats as current_format
from scoring.standings.reading.display import display
from scoring.standings.reading.inputs import read_inputs
from scoring.standings.reading.ranking import CONSOLATION, CUT, Ranking, read_ranking
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import WIND_ORDER


def standings(event: Event) -> tuple[str, list[dict[str, Any]]]:
    """(method, snapshot rows): the stored snapshot if current, else a fresh computation."""
    revision = Event.objects.values_list("revision", flat=True).get(pk=event.pk)
    snapshot = StandingsSnapshot.objects.filter(event_id=event.pk).first()
    if snapshot is None or snapshot.revision < revision or not snapshot.method:
        _revision, method, rows = compute(event.pk)
        return method, rows
    return snapshot.method, snapshot.rows


def players_by_id(event: Event) -> dict[int, Player]:
    return {p.pk: p for p in Player.objects.filter(event=event)}


def _ranking_columns(method: str) -> list[tuple[str, Callable[[dict], int | float]]]:
    """The values a method ranks by, in ranking order, as the standings pages show them (an MCR
    "total" mixes table points with overall penalty points and is not shown)."""
    points = (_("Table points"), lambda row: shown_number(table_points(row["table_points"])))
    score = (_("Score"), lambda row: shown_number(row["score_display"]))
    if method == TABLE_POINTS:
        return [points, score]
    if method == RIICHI:
        return [(_("Total"), lambda row: shown_number(row["total_display"])), points]
    return [score, points]


def current_ranking_of(event: Event) -> Ranking | None:
    """The event's current ranking (``scoring.standings.reading.ranking``) at its revision, as
    the pages show it once the reconcile has run: from the stored format standings if current,
    else computed afresh without writing."""
    if not event.stages.exists():
        return None
    return read_ranking(event.pk, current_format(event))


def _group_label(ranking: Ranking, pk: int) -> str:
    placed = ranking.by_player.get(pk)
    if placed is None:
        return ""
    if placed.group == CONSOLATION:
        return _("Consolation group (%(stage)s)") % {"stage": placed.stage_name}
    if placed.group == CUT:
        return _("Cut before %(stage)s") % {"stage": placed.stage_name}
    return placed.stage_name


def standings_table(event: Event) -> tuple[list[str], list[list[Any]]]:
    """Header and rows of the standings; per round, what the round counts for. Once a stage
    after the first has begun, each player's place in the current ranking (as the pages and
    ``/final/``) and group, after the overall totals."""
    method, rows = standings(event)
    players = players_by_id(event)
    columns = _ranking_columns(method)
    rounds = sorted({line[0] for row in rows for line in row["rounds"]})
    ranking = current_ranking_of(event)
    header = (
        [_("Place"), _("Player"), _("EMA number"), _("Country"), _("Club")]
        + [title for title, _value in columns]
        + [_("Games"), _("Penalties"), _("Dropped")]
        + ([_("Ranking place"), _("Group")] if ranking is not None else [])
        + [_("Round %(number)s") % {"number": n} for n in rounds]
    )
    body = []
    for row in rows:
        player = players.get(row["player"])
        by_round = {line[0]: line[4] for line in row["rounds"]}
        placed = ranking.by_player.get(row["player"]) if ranking is not None else None
        staged = (
            [placed.place if placed else "", _group_label(ranking, row["player"])]
            if ranking is not None
            else []
        )
        body.append(
            [
                "" if row["place"] is None else row["place"],
                # The current name, even from a snapshot computed before a rename.
                player.name if player else row["name"],
                player.ema_number if player else "",
                country_code(player),
                player.club if player else "",
            ]
            + [value(row) for _title, value in columns]
            # Penalties in the unit of the totals (riichi: thousands of points).
            + [row.get("played", len(row["rounds"])), shown_number(row["penalties_display"])]
            + [_("yes") if row["dropped"] else ""]
            + staged
            + [shown_number(by_round[n]) if n in by_round else "" for n in rounds]
        )
    return header, body


def results_table(event: Event) -> tuple[list[str], list[list[Any]]]:
    """Header and rows of the counting table results, one line per seat, substitutes included:
    the entered score, the table-scope penalties, and what the ruleset makes of them."""
    ruleset = get_ruleset(event.ruleset)
    converted: dict[tuple[int, int], tuple[dict, dict]] = {}
    for table in read_inputs(event.pk).tables:
        converted[(table.round, table.table)] = (
            table.table_penalties,
            ruleset.table_standings(table.scores, table.table_penalties, event.ruleset_options),
        )
    seats = (
        SeatScore.objects.filter(result__event=event, result__counts=True)
        .select_related("result__round", "result__table", "player")
        .order_by("result__round__number", "result__table__number")
    )
    wind_index = {str(w): i for i, w in enumerate(WIND_ORDER)}
    lines = sorted(
        seats,
        key=lambda s: (s.result.round.number, s.result.table.number, wind_index[s.wind]),
    )
    header = [
        _("Round"),
        _("Table"),
        _("Version"),
        _("Wind"),
        _("Player"),
        _("EMA number"),
        _("Score"),
        _("Penalties"),
        _("Score after penalties"),
        _("Table points"),
        _("Standing points"),
    ]
    body = []
    for seat in lines:
        key = (seat.result.round.number, seat.result.table.number)
        penalties, table = converted.get(key, ({}, {}))
        standing = table.get(seat.player_id)
        body.append(
            [
                key[0],
                key[1],
                seat.result.version,
                seat.wind,
                seat.player.name,
                seat.player.ema_number,
                seat.score,
                penalties.get(seat.player_id, 0),
                standing.score if standing else "",
                shown_number(table_points(standing.table_points)) if standing else "",
                shown_number(display(ruleset.method, standing.units)) if standing else "",
            ]
        )
    return header, body


def country_code(player: Player | None) -> str:
    if player is None or not player.country:
        return ""
    return str(player.country.code)


def standings_csv(event: Event) -> bytes:
    return to_csv(*standings_table(event))


def standings_xlsx(event: Event) -> bytes:
    return to_xlsx(_("Standings"), *standings_table(event))


def results_csv(event: Event) -> bytes:
    return to_csv(*results_table(event))


def results_xlsx(event: Event) -> bytes:
    return to_xlsx(_("Results"), *results_table(event))
