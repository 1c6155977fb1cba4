"""The signed-in player's own page (/e/<event>/play/), phone first: my seat now and next with
the round clock, my table's live sheet (``scoring.sheets.entry.views.play``), what waits for me, my
results and penalties with their public explanation, my place in the current stage and my
team's place.

Here, above the standings and the formats, so that the sheets' page can show the places: the
sheets' ``play`` view calls ``my_page`` for the rest of the page. A constant number of queries,
whatever the number of hands, rounds or players (``tests/scoring/public/test_my_page.py``): the
seats of my live and next tables, the snapshot, my reports (with their ledger lines), and, once per
process and revision, the ranking and the team standings."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
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
from scoring.public.pages import not_modified
from scoring.public.pages.reports import player_reports
from scoring.sheets import services as sheets
from scoring.sheets.entry.forms import WIND_LABELS
from scoring.sheets.entry.reading import SheetView
from scoring.sheets.players.access import players_sign_in
from scoring.sheets.players.reading import marker_of, state_words, waiting_for
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.reading.ranking import current_ranking
from scoring.standings.reading.snapshot import expand_rounds, row_of
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.fees.reading import mine as my_fee
from tournament.numbers import shown
from tournament.players.access.pins import session_player
from tournament.players.models import Player, Team
from tournament.rounds.models import Round, Seat, Table, Wind
from tournament.rounds.reading import schedule
from tournament.rounds.reading.clock import clock_of
from tournament.rounds.reading.tabletimes import table_extra_minutes

WINDS = ("E", "S", "W", "N")
# The clock's states in which it counts down on the phone.
TICKING = ("running", "last_minutes", "time")


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


@never_cache
def live_part(request: HttpRequest, slug: str) -> HttpResponse:
    """The live part of the player's page. A 304 costs the session (from the cache where
    Redis is), the player with the event, my seats with my table's sheet, my table's extra
    time and, without a next seat, the next round; three more queries (the sheet) and a small
    render when something in it moved."""
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
    next_start = _next_start(event, seat_next)
    etag = live_etag(event, player, (seat_now, seat_next), clock, next_start)
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
            **_live_context(event, player, seat_now, seat_next, clock, view, next_start),
            "live_etag": etag,
        }
        response = render(request, "public/_mine_live.html", context)
    # never_cache has set its own Cache-Control: the phone may keep the part, and must ask.
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def live_etag(
    event: Event,
    player: Player,
    seats: tuple[MySeat | None, MySeat | None],
    clock: dict[str, Any] | None,
    next_start: str,
) -> str:
    """Moves with what the live part shows, and with nothing else: my seats (rounds, tables,
    winds, names), my table's sheet, the clock's state and end (not its minutes: the phone
    counts them down, so that a minute passing does not send every phone of the hall the part
    again at once), when the next round starts, the time zone and the language. Not with the
    event's revision, which every table's result moves."""
    seat = seats[0]
    # The seats' query read the sheet with the table (``_my_seats``): no query here.
    marker = marker_of(getattr(seat.table, "score_sheet", None)) if seat is not None else "-"
    shown = (
        player.name,
        event.time_zone,
        [
            (s.round.number, s.round.status, s.table.number, s.wind, s.opponents)
            for s in seats
            if s is not None
        ],
        clock_tag(clock),
        next_start,
    )
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=8).hexdigest()
    return f'"mine-{player.pk}.{player.pin_generation}-{marker}-{digest}-{get_language()}"'


def clock_tag(clock: dict[str, Any] | None) -> str:
    """The clock as the live part's tag sees it: a running clock by its end (the phone shows
    the minutes, the last minutes and the time being up on its own), a paused one by what is
    left, the others by their state and end."""
    if clock is None:
        return ""
    if clock["state"] in TICKING:
        return f"ticking {clock['ends_at']} {clock['extra']}"
    if clock["state"] == "paused":
        return f"paused {clock['remaining']} {clock['extra']}"
    return f"{clock['state']} {clock['ends_at']} {clock['extra']}"


def _clock(seat: MySeat | None):
    if seat is None:
        return None
    extra = table_extra_minutes(seat.table)
    return {**clock_text(clock_of(seat.round, timezone.now(), extra)), "extra": extra}


def _next_start(event: Event, seat_next: MySeat | None) -> str:
    """When the next round starts, in words ("" when not known)."""
    if seat_next is not None:
        upcoming = seat_next.round if seat_next.round.starts_at else None
    else:
        upcoming = schedule.next_round(event)
    return schedule.starts_text(upcoming) if upcoming is not None else ""


def _live_context(event, player, seat_now, seat_next, clock, view, next_start) -> dict:
    family = get_ruleset(event.ruleset).hand_rules.family
    totals = []
    words = ""
    if view is not None:
        dealer = view.played.state.dealer
        over = view.is_over
        for index, (wind, total, seat) in enumerate(
            zip(WIND_LABELS, view.counted_totals, view.seats, strict=False)
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
        "next_start": next_start,
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
        .select_related("round", "table", "table__score_sheet", "player")
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
        .only("event_id", "revision", "computed_at", "method", "ranked")
        .first()
    )


def _team_place(event: Event, snapshot: StandingsSnapshot | None, team_id: int | None):
    """My team's place, from the stored team standings (written with the snapshot), kept in
    the cache by the revisions."""
    if team_id is None or snapshot is None or snapshot.revision < 0:
        return None
    key = f"team-places:{event.pk}:{event.revision}:{snapshot.revision}"

    def read() -> dict[int, TeamPlace]:
        stored = FormatStandings.objects.filter(event=event).only("data").first()
        teams = stored.data.get("teams", []) if stored is not None else []
        names = dict(Team.objects.filter(event=event).values_list("pk", "name"))
        return {
            t["team"]: TeamPlace(names.get(t["team"], ""), t["place"], len(teams)) for t in teams
        }

    return cache.get_or_set(key, read, 3600).get(team_id)


def clock_text(clock) -> dict[str, Any]:
    minutes = (clock.remaining_seconds + 59) // 60
    return {
        "state": clock.state,
        "ends_at": timezone.localtime(clock.ends_at) if clock.ends_at else None,
        "minutes": minutes,
        "remaining": clock.remaining_seconds,
        "left": countdown(clock.remaining_seconds),
        "ends_ms": int(clock.ends_at.timestamp() * 1000) if clock.ends_at else 0,
    }


def countdown(seconds: int) -> str:
    """What is left as the hall's clocks show it (``1:05:09``, ``4:30``), as
    ``static/js/live.js`` counts it down on the phone."""
    hours, rest = divmod(max(seconds, 0), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def my_page(request: HttpRequest, event: Event, player: Player, view: SheetView | None) -> dict:
    """The player's page beyond the sheet (see the module's docstring)."""
    activate_event_time_zone(event)
    seat_now, seat_next = _my_seats(player)
    clock = _clock(seat_now)
    next_start = _next_start(event, seat_next)
    snapshot = _snapshot(event)
    row = None
    ranked = 0
    if snapshot is not None and snapshot.revision >= 0:
        row = row_of(snapshot, player.pk)
        ranked = snapshot.ranked
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
        **_live_context(event, player, seat_now, seat_next, clock, view, next_start),
        "live_etag": live_etag(event, player, (seat_now, seat_next), clock, next_start),
        "my_row": row,
        "my_ranked": ranked,
        "my_results": results,
        "my_reports": reports,
        "ranking": ranking,
        "placed": placed,
        "team_place": _team_place(event, snapshot, player.team_id),
        "my_fee": my_fee.of_player(event, player.pk),
        "my_page": True,
    }
