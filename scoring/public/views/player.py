"""A player's page: his place, totals, place history, tables and penalties."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from rules.standings import RIICHI, TABLE_POINTS
from scoring.public.pages import conditional, kept_page, standing_columns
from scoring.public.pages.history import history_svg_points
from scoring.public.pages.reports import player_reports
from scoring.sheets import services as sheets
from scoring.standings.reading.ranking import current_ranking
from scoring.standings.reading.snapshot import expand_rounds, row_of
from scoring.stats.reading import player_statistics
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Wind


def _tables(pk: int, lines: dict[int, dict]) -> tuple[list[dict], dict | None, dict]:
    """(the tables the player played, with their opponents and what each counted for; his next
    seat, if seated; who sat where at each of his tables)."""
    winds = {wind: str(label) for wind, label in Wind.choices}
    mine: list[dict] = []
    opponents: dict[int, list[dict]] = defaultdict(list)
    table_winds: dict[int, dict[str, int]] = defaultdict(dict)
    seats = (
        Seat.objects.filter(table__seats__player_id=pk)
        .order_by("round__number", "pk")
        .values_list(
            "round__number", "round__status", "table_id", "table__number", "wind", "player_id",
            "player__name",
        )
    )  # fmt: skip
    for number, status, table_id, table_number, wind, player_id, name in seats:
        seat = {
            "round": number,
            "status": status,
            "table": table_number,
            "wind": winds.get(wind, wind),
            "player_id": player_id,
            "name": name,
        }
        table_winds[table_id][wind] = player_id
        if player_id == pk:
            mine.append({**seat, "table_id": table_id})
        else:
            opponents[table_id].append(seat)
    played, upcoming = [], None
    for seat in mine:
        entry = {
            "seat": seat,
            "opponents": opponents[seat["table_id"]],
            "line": lines.get(seat["round"]),
        }
        if seat["status"] in (Round.Status.LIVE, Round.Status.CLOSED) or entry["line"]:
            played.append(entry)
        elif seat["status"] == Round.Status.SEATED and upcoming is None:
            upcoming = entry
    return played, upcoming, table_winds


def _chart(history: list[tuple[int, int]], ranked: int) -> dict[str, Any]:
    """The place-history chart's line and marks (coordinates and their titles)."""
    points = history_svg_points(history, ranked)
    title, label = gettext("Round %(r)s: place %(p)s"), gettext("round %(r)s: %(p)s")
    return {
        "path": " ".join(f"{x},{y}" for x, y, *_ in points),
        "marks": [
            {"x": x, "y": y, "place": p, "title": title % {"r": r, "p": p}} for x, y, r, p in points
        ],
        "label": ", ".join(label % {"r": r, "p": p} for r, p in history),
    }


def player_context(request: HttpRequest, event: Event, snapshot: Any, pk: int) -> dict:
    """What the player's page shows: his standings row and place (the current ranking's once
    a stage after the first has begun), his tables, next seat, place history, penalties and
    statistics. A constant number of queries whatever the number of his tables and reports."""
    player = Player.objects.filter(event=event, pk=pk).first()
    if player is None:
        raise Http404
    row = row_of(snapshot, pk) if snapshot.revision >= 0 else None
    ranking = current_ranking(event, snapshot)
    lines = {line["round"]: line for line in expand_rounds(row["rounds"])} if row else {}
    played, upcoming, table_winds = _tables(pk, lines)
    history = [tuple(h) for h in row["history"]] if row else []
    method = snapshot.method or ""
    return {
        "event": event,
        "player": player,
        "row": row,
        "played": played,
        "upcoming": upcoming,
        "reports": player_reports(pk, table_winds),
        "history": history,
        "chart": _chart(history, snapshot.ranked),
        "riichi": method == RIICHI,
        "table_points": method == TABLE_POINTS,
        "columns": standing_columns(method),
        "players": snapshot.ranked,
        "ranking": ranking,
        "placed": ranking.by_player.get(pk) if ranking is not None else None,
        "language_next": request.path,
        "hand_stats": player_statistics(event, pk),
    }


def _marker(request: HttpRequest, event: Event, snapshot: Any, pk: int) -> str:
    """What moves the page besides the revisions: the event's score sheets."""
    return f"player{pk}{sheets.sheet_marker(event)}"


@require_GET
@conditional(_marker)
def player_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's place, totals, tables and penalties; answered 304 while nothing on it moved,
    and, for visitors who all see the same page, rendered once per revision (``kept_page``)."""
    event, snapshot = request.public_event

    def page() -> HttpResponse:
        return render(request, "public/player.html", player_context(request, event, snapshot, pk))

    return kept_page(request, event, page)
