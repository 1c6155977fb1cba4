"""What players and the hall see: standings, results by round, penalties, seating, player pages
and the projector. Pages read the standings snapshot; they never recompute.

The standings fragment and the player page answer conditional requests: their ETag is the
snapshot's revision and the event's (so "updating" shows while the snapshot is behind), and a
poll that changes nothing costs one small query and a 304. The projector feed carries the live
clock, so it is answered in full each time.
"""

from __future__ import annotations

import time
from collections import defaultdict

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from penalties.models import FoulReport
from rules.standings import RIICHI, TABLE_POINTS
from tournament.clock import round_clock
from tournament.models import Announcement, Event, Player, Round, Seat
from tournament.roles import can_view
from tournament.timezones import activate_event_time_zone

from . import sheets
from .history import history_svg_points, place_history
from .models import StandingsSnapshot
from .snapshot import expand_rounds


def _event(request: HttpRequest, slug: str) -> Event:
    """The event with its snapshot's revision (the rows, possibly large, load only on use)."""
    event = get_object_or_404(
        Event.objects.select_related("standings_snapshot").defer("standings_snapshot__packed"),
        slug=slug,
    )
    if not event.is_public and not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return event


def _snapshot(event: Event) -> StandingsSnapshot:
    try:
        return event.standings_snapshot
    except StandingsSnapshot.DoesNotExist:
        return StandingsSnapshot(event=event, revision=-1)


def _etag(event: Event, snapshot: StandingsSnapshot, kind: str) -> str:
    return f'"{kind}-{snapshot.revision}-{event.revision}-{get_language()}"'


def _not_modified(request: HttpRequest, etag: str) -> bool:
    return etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]


def _columns(method: str) -> list[str]:
    if method == TABLE_POINTS:
        return ["table_points", "score"]
    if method == RIICHI:
        return ["total"]
    return ["score", "table_points"]


def _standings_context(event: Event, snapshot: StandingsSnapshot) -> dict:
    method = snapshot.method or ""
    return {
        "event": event,
        "snapshot": snapshot,
        "rows": snapshot.rows,
        "columns": _columns(method),
        "riichi": method == RIICHI,
        "updating": snapshot.revision < event.revision,
    }


_RENDERED: dict[str, str] = {}
_RENDERED_MAX = 64


def standings_html(request: HttpRequest, event: Event, snapshot: StandingsSnapshot) -> str:
    """The rendered standings table, kept per (event, revisions, language): in this process's
    memory and in the shared cache. Rendering a thousand rows costs far more than a request;
    the snapshot changes only when a write lands, and its revision is in the key."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (
        f"standings-html:{event.pk}:{snapshot.revision}:{computed}:{event.revision}:"
        f"{get_language()}"
    )
    html = _RENDERED.get(key)
    if html is None:
        html = cache.get(key)
        if html is None:
            html = render_to_string(
                "public/_standings.html", _standings_context(event, snapshot), request
            )
            cache.set(key, html, 3600)
        if len(_RENDERED) >= _RENDERED_MAX:
            _RENDERED.clear()
        _RENDERED[key] = html
    return html


_PAGES: dict[str, bytes] = {}
# (slug, language) -> (until when, page key): for that long the page is served without asking
# the database whether the event changed (settings.PUBLIC_PAGE_SECONDS, about a second).
_RECENT_KEYS: dict[tuple[str, str], tuple[float, str]] = {}


def _shared_page(request: HttpRequest) -> bool:
    """A visitor without session or messages sees exactly what every such visitor sees."""
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and (
        "messages" not in request.COOKIES
    )


@require_GET
def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public event page. For anonymous visitors the whole page is kept per
    (event, revisions, language) in this process: a player refreshing the standings on the
    Wi-Fi of a full hall costs one small query."""
    shared = _shared_page(request)
    language = get_language()
    if shared:
        recent = _RECENT_KEYS.get((slug, language))
        if recent is not None and recent[0] > time.monotonic():
            page = _PAGES.get(recent[1])
            if page is not None:
                return HttpResponse(page)
    event = _event(request, slug)
    snapshot = _snapshot(event)
    key = None
    if shared and event.is_public:
        computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
        key = (
            f"{event.pk}:{snapshot.revision}:{computed}:{event.revision}:"
            f"{event.announcements_revision}:{language}"
        )
        _RECENT_KEYS[(slug, language)] = (time.monotonic() + settings.PUBLIC_PAGE_SECONDS, key)
        page = _PAGES.get(key)
        if page is not None:
            return HttpResponse(page)
    response = render(
        request,
        "public/event.html",
        {
            "event": event,
            "standings": mark_safe(standings_html(request, event, snapshot)),  # noqa: S308
            "announcements": list(event.announcements.filter(is_active=True)[:3]),
            "etag": _etag(event, snapshot, "standings"),
        },
    )
    if key is not None:
        if len(_PAGES) >= _RENDERED_MAX:
            _PAGES.clear()
            _RECENT_KEYS.clear()
        _PAGES[key] = response.content
    return response


@require_GET
def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    snapshot = _snapshot(event)
    etag = _etag(event, snapshot, "standings")
    if _not_modified(request, etag):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(standings_html(request, event, snapshot))
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    snapshot = _snapshot(event)
    lines = {}
    for row in snapshot.rows:
        for line in expand_rounds(row["rounds"]):
            if line["round"] == number:
                lines[row["player"]] = line
    tables = []
    for table in round_.tables.prefetch_related("seats__player"):
        seats = [{"seat": seat, "line": lines.get(seat.player_id)} for seat in table.seats.all()]
        tables.append({"table": table, "seats": seats, "played": any(s["line"] for s in seats)})
    live_tables = None
    if event.keeps_score_sheets and round_.status == Round.Status.LIVE:
        live_tables = sheets.live_tables(round_)
    return render(
        request,
        "public/round.html",
        {
            "event": event,
            "round": round_,
            "live_tables": live_tables,
            "tables": tables,
            "rounds": event.rounds.all(),
            "riichi": snapshot.method == RIICHI,
            "table_points": snapshot.method == TABLE_POINTS,
        },
    )


@require_GET
def penalties(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    reports = (
        FoulReport.objects.filter(event=event)
        .select_related("round", "table", "offender", "void")
        .prefetch_related("entries", "table__seats")
        .order_by("-created_at", "-pk")
    )
    return render(request, "public/penalties.html", {"event": event, "reports": reports})


def published_round(event: Event) -> Round | None:
    """The round players should look at: the next seated one, else the live one."""
    rounds = list(event.rounds.filter(status__in=[Round.Status.SEATED, Round.Status.LIVE]))
    seated = [r for r in rounds if r.status == Round.Status.SEATED]
    if seated:
        return min(seated, key=lambda r: r.number)
    return max(rounds, key=lambda r: r.number, default=None)


@require_GET
def seating(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    round_ = published_round(event)
    query = request.GET.get("q", "").strip()
    tables = []
    matches = []
    if round_:
        for table in round_.tables.prefetch_related("seats__player"):
            seats = list(table.seats.all())
            tables.append({"table": table, "seats": seats})
            if query:
                matches += [
                    (seat, table)
                    for seat in seats
                    if query.casefold() in seat.player.name.casefold()
                ]
    return render(
        request,
        "public/seating.html",
        {"event": event, "round": round_, "tables": tables, "query": query, "matches": matches},
    )


@require_GET
def player_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug)
    snapshot = _snapshot(event)
    etag = _etag(event, snapshot, f"player{pk}{sheets.sheet_marker(event)}")
    if _not_modified(request, etag):
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return response
    player = get_object_or_404(Player, event=event, pk=pk)
    row = next((r for r in snapshot.rows if r["player"] == player.pk), None)
    lines = {line["round"]: line for line in expand_rounds(row["rounds"])} if row else {}

    my_seats = list(
        Seat.objects.filter(player=player)
        .select_related("round", "table")
        .order_by("round__number")
    )
    table_ids = [s.table_id for s in my_seats]
    opponents: dict[int, list[Seat]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(table_id__in=table_ids).exclude(player=player).select_related("player")
    ):
        opponents[seat.table_id].append(seat)
    played, upcoming = [], None
    for seat in my_seats:
        entry = {
            "seat": seat,
            "opponents": opponents[seat.table_id],
            "line": lines.get(seat.round.number),
        }
        if seat.round.status in (Round.Status.LIVE, Round.Status.CLOSED) or entry["line"]:
            played.append(entry)
        elif seat.round.status == Round.Status.SEATED and upcoming is None:
            upcoming = entry

    reports = (
        FoulReport.objects.filter(event=event)
        .filter(Q(offender=player) | Q(co_offenders=player))
        .distinct()
        .select_related("round", "table", "void")
        .prefetch_related("entries", "table__seats")
        .order_by("-created_at")
    )
    history = place_history(snapshot.method, snapshot.rows).get(player.pk, [])
    points = history_svg_points(history, len(snapshot.rows))
    response = render(
        request,
        "public/player.html",
        {
            "event": event,
            "player": player,
            "row": row,
            "played": played,
            "upcoming": upcoming,
            "reports": reports,
            "history": history,
            "chart": points,
            "chart_path": " ".join(f"{x},{y}" for x, y, *_ in points),
            "riichi": snapshot.method == RIICHI,
            "table_points": snapshot.method == TABLE_POINTS,
            "players": len(snapshot.rows),
            "hand_stats": sheets.player_hand_stats(player) if event.keeps_score_sheets else None,
        },
    )
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    return render(request, "public/projector.html", {"event": event})


@require_GET
def projector_feed(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings, the clock of the current round and the announcements, as JSON."""
    event = _event(request, slug)
    snapshot = _snapshot(event)
    now = timezone.now()
    live = event.rounds.filter(status=Round.Status.LIVE).order_by("-number").first()
    announcements = list(
        Announcement.objects.filter(event=event, is_active=True).values_list("text", flat=True)[:5]
    )
    clock = None
    if live:
        main = round_clock(live.starts_at, live.length_minutes, now)
        extra = [
            {
                "table": t.number,
                "ends_at": round_clock(
                    live.starts_at, live.length_minutes, now, t.extra_minutes
                ).ends_at,
            }
            for t in live.tables.filter(extra_minutes__gt=0)
        ]
        clock = {
            "round": live.number,
            "state": main.state,
            "ends_at": main.ends_at.isoformat() if main.ends_at else None,
            "starts_at": live.starts_at.isoformat() if live.starts_at else None,
            "remaining_seconds": main.remaining_seconds,
            "extra": [
                {"table": e["table"], "ends_at": e["ends_at"].isoformat()}
                for e in extra
                if e["ends_at"]
            ],
        }
    columns = _columns(snapshot.method or "")
    return JsonResponse(
        {
            "event": event.name,
            "revision": snapshot.revision,
            "updating": snapshot.revision < event.revision,
            "server_time": now.isoformat(),
            "columns": columns,
            "rows": [
                {
                    "place": r["place"],
                    "name": r["name"],
                    "dropped": r["dropped"],
                    **{c: r[f"{c}_display"] for c in columns},
                }
                for r in snapshot.rows
            ],
            "clock": clock,
            "announcements": announcements,
            "live_tables": [
                {"table": t.number, "names": t.names, "totals": t.totals, "hands": t.hands}
                for t in (sheets.live_tables(live) if live and event.keeps_score_sheets else [])
            ],
        }
    )
