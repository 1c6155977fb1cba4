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
from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseNotModified,
)
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache

from rules import get_ruleset
from scoring.public.common import not_modified
from scoring.public.player import player_reports
from scoring.sheets import services as sheets
from scoring.sheets.door import players_sign_in
from scoring.sheets.forms import WIND_LABELS
from scoring.sheets.mine import state_words, table_marker, waiting_for
from scoring.sheets.reading import SheetView
from scoring.sheets.views import play as sheets_play
from scoring.standings.formats import current_ranking
from scoring.standings.formats.stored import unpack
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.snapshot import decoded_rows, expand_rounds
from tournament.events.models import Event
from tournament.events.timezones import activate_event_time_zone
from tournament.numbers import shown
from tournament.players.models import Player, Team
from tournament.players.pins import session_player
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
    """/e/<event>/play/: the sheets' players' page with the rest of the player's own page.
    The page's live part (``#my-live``: my seat, the clock, my table's totals and state, what
    waits for me) refreshes itself every 5 s (``static/js/live.js``): those requests get that
    part alone, or a 304 while nothing in it moved."""
    if request.method == "GET" and request.headers.get("X-Requested-With") == "live":
        return live_part(request, slug)
    return sheets_play(request, slug, mine=my_page)


@never_cache
def live_part(request: HttpRequest, slug: str) -> HttpResponse:
    """The live part of the player's page. Four queries for a 304 (the session, the player
    with the event, my seats, my table's marker); three more (the sheet) and a small render
    when something in it moved."""
    player = session_player(request, slug)
    if player is None:
        get_object_or_404(Event, slug=slug)
        return HttpResponseForbidden()
    event = player.event
    if not players_sign_in(event):
        raise Http404
    activate_event_time_zone(event)
    seat_now, seat_next = _my_seats(player)
    clock = _clock(seat_now)
    etag = live_etag(event, player, seat_now, clock)
    if not_modified(request, etag):
        response = HttpResponseNotModified()
    else:
        view = None
        if seat_now is not None:
            seat_now.round.event = event
            seat_now.table.round = seat_now.round
            view = sheets.read_sheet(seat_now.table)
        context = {
            "event": event,
            "player": player,
            "my_page": True,
            **_live_context(event, player, seat_now, seat_next, clock, view),
            "live_etag": etag,
        }
        response = render(request, "public/_mine_live.html", context)
    # never_cache has set its own Cache-Control: the phone may keep the part, and must ask.
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def live_etag(event: Event, player: Player, seat: MySeat | None, clock) -> str:
    """Moves with anything the live part shows: my table's sheet, the event (seating, rounds,
    names), the clock's minute, the language."""
    marker = table_marker(seat.table.pk) if seat is not None else "-"
    ticking = f"{clock['state']}{clock['minutes']}" if clock else ""
    return (
        f'"mine-{player.pk}.{player.pin_generation}-{event.revision}-{marker}-{ticking}'
        f'-{get_language()}"'
    )


def _clock(seat: MySeat | None):
    if seat is None:
        return None
    return clock_text(clock_of(seat.round, timezone.now(), seat.table.extra_minutes or 0))


def _live_context(event, player, seat_now, seat_next, clock, view) -> dict:
    family = get_ruleset(event.ruleset).hand_rules.family
    totals = []
    words = ""
    if view is not None:
        dealer = view.played.state.dealer
        over = view.is_over
        for index, (wind, total, seat) in enumerate(
            zip(WIND_LABELS, view.totals, view.seats, strict=False)
        ):
            totals.append(
                {
                    "wind": wind,
                    "name": seat.player.name,
                    "total": total,
                    "me": seat.player_id == player.pk,
                    "dealer": family == "riichi" and not over and index == dealer,
                }
            )
        if family == "riichi" and not over:
            words = state_words(view.played.state, family)
    return {
        "seat_now": seat_now,
        "seat_next": seat_next,
        "clock": clock,
        "live_totals": totals,
        "live_words": words,
        "waiting": waiting_for(player, view) if view is not None else None,
    }


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


def clock_text(clock) -> dict[str, Any]:
    minutes = (clock.remaining_seconds + 59) // 60
    return {
        "state": clock.state,
        "ends_at": timezone.localtime(clock.ends_at) if clock.ends_at else None,
        "minutes": minutes,
    }


def my_page(request: HttpRequest, event: Event, player: Player, view: SheetView | None) -> dict:
    """The player's page beyond the sheet (see the module's docstring)."""
    activate_event_time_zone(event)
    seat_now, seat_next = _my_seats(player)
    clock = _clock(seat_now)
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
    reports = player_reports(player.pk, defaultdict(dict))
    return {
        **_live_context(event, player, seat_now, seat_next, clock, view),
        "live_etag": live_etag(event, player, seat_now, clock),
        "my_row": row,
        "my_ranked": ranked,
        "my_results": results,
        "my_reports": reports,
        "ranking": ranking,
        "placed": placed,
        "team_place": _team_place(event, snapshot, player.team_id),
        "my_page": True,
    }
