"""The signed-in player's own page (/e/<event>/play/), phone first: my seat now and next with
the round clock, my table's live sheet (``scoring.sheets.views.play``), what waits for me, my
results and penalties with their public explanation, my place in the current stage and my
team's place.

Here, above the standings and the formats, so that the sheets' page can show the places: the
sheets' ``play`` view calls ``my_page`` for the rest of the page. A constant number of queries,
whatever the number of hands, rounds or players (``tests/public/test_my_page.py``): the seats
of my live and next tables, the snapshot, my reports (with their ledger lines), and, once per
process and revision, the ranking and the team standings."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scoring.public.player import _player_reports
from scoring.sheets.views import play as sheets_play
from scoring.standings.formats import current_ranking
from scoring.standings.formats.stored import unpack
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.snapshot import decoded_rows, expand_rounds
from tournament.events.models import Event
from tournament.events.timezones import activate_event_time_zone
from tournament.numbers import shown
from tournament.players.models import Player, Team
from tournament.rounds.clock import clock_of
from tournament.rounds.models import Round, Seat, Table, Wind

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class MySeat:
    round: Round
    table: Table
    wind: str
    opponents: list[tuple[str, str]]  # (wind label, name)


@dataclass(frozen=True)
class TeamPlace:
    name: str
    place: int
    count: int


def play(request: HttpRequest, slug: str) -> HttpResponse:
    """/e/<event>/play/: the sheets' players' page with the rest of the player's own page."""
    return sheets_play(request, slug, mine=my_page)


def _my_seats(player: Player) -> tuple[MySeat | None, MySeat | None]:
    """My seat in the live round and in the next seated round: one query (every seat at my
    tables of the live and seated rounds)."""
    labels = {wind: str(label) for wind, label in Wind.choices}
    by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(
            table__seats__player=player,
            round__status__in=(Round.Status.LIVE, Round.Status.SEATED),
        )
        .select_related("round", "table", "player")
        .order_by()
    ):
        by_table[seat.table_id].append(seat)
    now_seat = next_seat = None
    for seats in sorted(by_table.values(), key=lambda s: s[0].round.number):
        seats.sort(key=lambda s: WINDS.index(s.wind))
        mine = next((s for s in seats if s.player_id == player.pk), None)
        if mine is None:
            continue
        found = MySeat(
            mine.round,
            mine.table,
            labels.get(mine.wind, mine.wind),
            [(labels.get(s.wind, s.wind), s.player.name) for s in seats if s is not mine],
        )
        if mine.round.status == Round.Status.LIVE:
            now_seat = found
        elif next_seat is None and (now_seat is None or mine.round.number > now_seat.round.number):
            next_seat = found
    return now_seat, next_seat


def _snapshot(event: Event) -> StandingsSnapshot | None:
    return (
        StandingsSnapshot.objects.filter(event=event)
        .only("event_id", "revision", "computed_at", "method")
        .first()
    )


TEAMS: dict[tuple, dict[int, TeamPlace]] = {}
_TEAMS_MAX = 64


def _team_place(event: Event, snapshot: StandingsSnapshot | None, team_id: int | None):
    """My team's place, read from the stored team standings once per process and revisions
    (they are written with the snapshot)."""
    if team_id is None or snapshot is None or snapshot.revision < 0:
        return None
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (event.pk, event.revision, snapshot.revision, computed)
    places = TEAMS.get(key)
    if places is None:
        stored = FormatStandings.objects.filter(event=event).only("packed").first()
        teams = unpack(stored.packed).get("teams", []) if stored is not None else []
        names = dict(Team.objects.filter(event=event).values_list("pk", "name"))
        places = {
            t["team"]: TeamPlace(names.get(t["team"], ""), t["place"], len(teams)) for t in teams
        }
        if len(TEAMS) >= _TEAMS_MAX:
            TEAMS.clear()
        TEAMS[key] = places
    return places.get(team_id)


def clock_text(clock, now: datetime) -> dict[str, Any]:
    minutes = (clock.remaining_seconds + 59) // 60
    return {
        "state": clock.state,
        "ends_at": timezone.localtime(clock.ends_at) if clock.ends_at else None,
        "minutes": minutes,
    }


def my_page(request: HttpRequest, event: Event, player: Player, table: Table | None) -> dict:
    """The player's page beyond the sheet (see the module's docstring)."""
    activate_event_time_zone(event)
    now = timezone.now()
    seat_now, seat_next = _my_seats(player)
    clock = None
    if seat_now is not None:
        clock = clock_text(clock_of(seat_now.round, now, seat_now.table.extra_minutes or 0), now)
    snapshot = _snapshot(event)
    row = None
    ranked = 0
    if snapshot is not None and snapshot.revision >= 0:
        _rows, by_player, ranked = decoded_rows(event, snapshot)
        row = by_player.get(player.pk)
    results = [
        {
            "round": line["round"],
            "table": line["table"],
            "score": shown(line["score"]),
            "units": shown(line["units_display"]),
            "penalty": shown(line["penalty"]) if line.get("penalty") else "",
        }
        for line in (expand_rounds(row["rounds"]) if row else [])
    ]
    ranking = current_ranking(event, snapshot)
    placed = ranking.by_player.get(player.pk) if ranking is not None else None
    reports = _player_reports(player.pk, defaultdict(dict))
    return {
        "seat_now": seat_now,
        "seat_next": seat_next,
        "clock": clock,
        "my_row": row,
        "my_ranked": ranked,
        "my_results": results,
        "my_reports": reports,
        "ranking": ranking,
        "placed": placed,
        "team_place": _team_place(event, snapshot, player.team_id),
        "my_page": True,
    }
