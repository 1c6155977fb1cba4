"""What players and the hall see: standings, results by round, penalties, seating, player pages
and the projector. Pages read the standings snapshot; they never recompute.

The standings fragment and the player page answer conditional requests: their ETag is the
snapshot's revision and the event's (so "updating" shows while the snapshot is behind), and a
poll that changes nothing costs one small query and a 304. The projector feed carries the live
clock, so it is answered in full each time.
"""

from __future__ import annotations

import time
import unicodedata
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from penalties.describe import foul_label
from penalties.models import FoulReport, LedgerEntry
from rules import LedgerLine, Seats, consequence_of, describe
from rules.standings import RIICHI, TABLE_POINTS
from tournament.clock import clock_of
from tournament.models import Announcement, Event, Player, Round, Seat, Wind
from tournament.roles import can_view
from tournament.timezones import activate_event_time_zone

from . import sheets
from .history import history_svg_points
from .models import StandingsSnapshot
from .prepared import Prepared, json_value
from .snapshot import _DECODED, decoded_rows, expand_rounds  # noqa: F401 (tests clear it)


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


_NAV: dict[tuple, dict[str, Any]] = {}


def nav_links(event: Event, snapshot: StandingsSnapshot) -> dict[str, Any]:
    """What the page navigation links to: the rounds' (number, status), and whether the event
    has teams and stages. Kept per event and snapshot revision in this process (a round's
    status change moves the revision)."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (event.pk, event.revision, snapshot.revision, computed)
    found = _NAV.get(key)
    if found is None:
        if len(_NAV) >= 64:
            _NAV.clear()
        found = _NAV[key] = {
            "rounds": list(event.rounds.order_by("number").values_list("number", "status")),
            "teams": event.has_teams,
            "final": event.has_stages,
        }
    return found


_NAV_HTML: dict[tuple, str] = {}


def nav_html(event: Event, snapshot: StandingsSnapshot) -> str:
    """The page navigation (``public/_nav.html``) rendered once per event, revisions and
    language in this process: its links (one per played round) cost more to render than the
    rest of a player page."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (
        event.pk,
        event.slug,
        event.revision,
        snapshot.revision,
        computed,
        event.has_teams,
        event.has_stages,
        get_language(),
    )
    found = _NAV_HTML.get(key)
    if found is None:
        if len(_NAV_HTML) >= 64:
            _NAV_HTML.clear()
        html = render_to_string(
            "public/_nav.html", {"event": event, "nav": nav_links(event, snapshot)}
        )
        found = _NAV_HTML[key] = mark_safe(html)  # noqa: S308 (rendered by the template engine)
    return found


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
            # The page is shared by every anonymous visitor: the language form must not carry
            # the first visitor's query string (``?utm=...``) to the others.
            "language_next": request.path,
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
    rows, _by_player, _ranked = decoded_rows(event, snapshot)
    lines = {}
    for row in rows:
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
    """The round players should look at: the live one while a round is played (the highest,
    should two be live), else the next seated one."""
    rounds = list(event.rounds.filter(status__in=[Round.Status.SEATED, Round.Status.LIVE]))
    live = [r for r in rounds if r.status == Round.Status.LIVE]
    if live:
        return max(live, key=lambda r: r.number)
    return min(rounds, key=lambda r: r.number, default=None)


# Letters that carry no combining mark to strip but are read as plain ones when searched.
_PLAIN_LETTERS = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "ħ": "h", "ı": "i", "æ": "ae"})


def search_key(text: str) -> str:
    """``text`` for matching what people type: without accents, case-folded, single spaces
    ("Šťastný" and "stastny" match)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN_LETTERS))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.translate(_PLAIN_LETTERS).split())


def name_matches(query_key: str, name_key: str) -> bool:
    """Every word typed starts a word of the name, in any order ("nov an" finds "Anna
    Novak"); the whole name's start matches too ("anna n")."""
    if not query_key:
        return False
    if name_key.startswith(query_key):
        return True
    words = name_key.split()
    return all(any(w.startswith(q) for w in words) for q in query_key.split())


@require_GET
def seating(request: HttpRequest, slug: str) -> HttpResponse:
    """Where each player sits in the round of ``published_round``, a search by name (any case,
    with or without accents, by the start of any word of the name), and who has a bye."""
    event = _event(request, slug)
    round_ = published_round(event)
    query = request.GET.get("q", "").strip()[:100]
    query_key = search_key(query)
    tables, matches, byes, bye_matches = [], [], [], []
    if round_:
        seated = set()
        for table in round_.tables.prefetch_related("seats__player"):
            seats = list(table.seats.all())
            for seat in seats:
                seat.search_key = search_key(seat.player.name)
                seated.add(seat.player_id)
            tables.append({"table": table, "seats": seats})
            matches += [(seat, table) for seat in seats if name_matches(query_key, seat.search_key)]
        for player in event.players.filter(
            status=Player.Status.ACTIVE, is_substitute=False
        ).order_by("name"):
            if player.pk not in seated:
                player.search_key = search_key(player.name)
                byes.append(player)
                if name_matches(query_key, player.search_key):
                    bye_matches.append(player)
    return render(
        request,
        "public/seating.html",
        {
            "event": event,
            "round": round_,
            "tables": tables,
            "query": query,
            "matches": matches,
            "byes": byes,
            "bye_matches": bye_matches,
        },
    )


# Player pages of anonymous visitors: (event pk, revisions, language, player) -> (ETag, page),
# the most recently used last; and per (slug, language) until when the revisions last read
# are taken as current (settings.PUBLIC_PAGE_SECONDS), as for the event page.
_PLAYER_PAGES: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
_PLAYER_PAGES_MAX = 2048
_RECENT_REVISIONS: dict[tuple[str, str], tuple[float, str]] = {}


def _cached_player_page(request: HttpRequest, etag: str, page: bytes) -> HttpResponse:
    response = HttpResponseNotModified() if _not_modified(request, etag) else HttpResponse(page)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def player_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's place, totals, tables and penalties. The place history and the totals come
    stored in the snapshot (decoded once per process, see ``decoded_rows``): the page reads
    the player's row, never the field.

    After a round every player opens his own page, and keeps it open (it refreshes itself):
    for anonymous visitors the rendered page is kept per (event revisions, language, player)
    in this process and in the shared cache. Everything on it moves the event's revision when
    it changes (results, fouls, seating, rounds, the player's name), so the revisions key it."""
    shared = _shared_page(request)
    language = get_language()
    if shared:
        recent = _RECENT_REVISIONS.get((slug, language))
        if recent is not None and recent[0] > time.monotonic():
            found = _PLAYER_PAGES.get(f"{recent[1]}:{pk}")
            if found is not None:
                return _cached_player_page(request, *found)
    event, snapshot = _event_and_snapshot(request, slug)
    etag = _etag(event, snapshot, f"player{pk}{sheets.sheet_marker(event)}")
    key = None
    if shared and event.is_public:
        computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
        base = (
            f"player:{event.pk}:{snapshot.revision}:{computed}:{event.revision}:{language}"
            f":{sheets.sheet_marker(event)}"
        )
        _RECENT_REVISIONS[(slug, language)] = (
            time.monotonic() + settings.PUBLIC_PAGE_SECONDS,
            base,
        )
        key = f"{base}:{pk}"
        found = _PLAYER_PAGES.get(key)
        if found is None:
            found = cache.get(key)
        if found is not None:
            _remember_player_page(key, found)
            return _cached_player_page(request, *found)
    if _not_modified(request, etag):
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return response
    response = _render_player_page(request, event, snapshot, pk)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    if key is not None:
        _remember_player_page(key, (etag, response.content))
        cache.set(key, (etag, response.content), 3600)
    return response


_EVENT_FIELDS = [field.attname for field in Event._meta.concrete_fields]
_SNAPSHOT_FIELDS = ["event_id", "revision", "computed_at", "method"]
_EVENT_WITH_SNAPSHOT = Prepared(
    lambda slug: Event.objects.filter(slug=slug).values_list(
        *_EVENT_FIELDS, *(f"standings_snapshot__{f}" for f in _SNAPSHOT_FIELDS[1:])
    ),
    convert=True,
)


def _event_and_snapshot(request: HttpRequest, slug: str) -> tuple[Event, StandingsSnapshot]:
    """``_event`` and ``_snapshot`` in one query compiled once (see ``scoring.prepared``):
    building the queryset costs a player page more than the database's answer. The snapshot's
    rows are deferred, as there."""
    found = _EVENT_WITH_SNAPSHOT(slug)
    if not found:
        raise Http404
    values = found[0]
    count = len(_EVENT_FIELDS)
    event = Event.from_db("default", _EVENT_FIELDS, values[:count])
    if values[count] is None:
        snapshot = StandingsSnapshot(event=event, revision=-1)
    else:
        snapshot = StandingsSnapshot.from_db(
            "default", _SNAPSHOT_FIELDS, [event.pk, *values[count:]]
        )
        snapshot._state.fields_cache["event"] = event
        event._state.fields_cache["standings_snapshot"] = snapshot
    if not event.is_public and not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return event, snapshot


# The player page's queries, compiled once per process (see ``scoring.prepared``): the player;
# every seat at his tables (his own and his opponents'); the reports against him (as offender
# or co-offender) with their voids; their ledger lines. Each term of the report filter uses its
# index (a filter on the event too would make the database scan the event's reports).
_PLAYER = Prepared(
    lambda event, pk: Player.objects.filter(event_id=event, pk=pk).values_list(
        "name", "country", "club", "status", "is_substitute"
    )
)
_SEATS = Prepared(
    lambda pk: (
        Seat.objects.filter(table__seats__player_id=pk)
        .order_by("round__number", "pk")
        .values_list(
            "round__number",
            "round__status",
            "table_id",
            "table__number",
            "wind",
            "player_id",
            "player__name",
        )
    )
)


def _reports_against(pk: int):
    co_fouls = FoulReport.co_offenders.through.objects.filter(player_id=pk).values("foulreport_id")
    return FoulReport.objects.filter(Q(offender_id=pk) | Q(pk__in=co_fouls))


_REPORTS = Prepared(
    lambda pk: (
        _reports_against(pk)
        .order_by("-created_at", "-pk")
        .values_list(
            "pk",
            "round__number",
            "table_id",
            "table__number",
            "code",
            "note",
            "description",
            "void__id",
            "void__reason",
        )
    )
)
# Reversals are left out here rather than in SQL: a condition on ``reverses`` makes SQLite read
# the ledger through that column's index, in which nearly every row is NULL (a scan).
_LINES = Prepared(
    lambda pk: (
        LedgerEntry.objects.filter(report_id__in=_reports_against(pk).values("pk"))
        .order_by("pk")
        .values_list(
            "report_id",
            "player_id",
            "kind",
            "points",
            "scope",
            "counterpart_id",
            "detail",
            "reverses_id",
        )
    )
)


@dataclass
class PlayerReport:
    """A report against the player, as his page shows it (``consequences_text`` in the active
    language)."""

    pk: int
    code: str
    round_number: int
    table_number: int
    note: str
    voided: bool
    void_reason: str
    consequences_text: str


def _player_reports(pk: int, table_winds: dict[int, dict[str, int]]) -> list[PlayerReport]:
    """The reports against the player, newest first: two queries, and a third only for a
    co-offender's report at a table he did not sit at."""
    rows = _REPORTS(pk)
    if not rows:
        return []
    lines: dict[int, list[LedgerLine]] = defaultdict(list)
    for report_id, player_id, kind, points, scope, counterpart, detail, reverses in _LINES(pk):
        if reverses is None:
            lines[report_id].append(
                LedgerLine(player_id, kind, points, scope, counterpart, json_value(detail))
            )
    missing = {row[2] for row in rows} - set(table_winds)
    if missing:
        for table_id, wind, player_id in Seat.objects.filter(table_id__in=missing).values_list(
            "table_id", "wind", "player_id"
        ):
            table_winds[table_id][wind] = player_id
    reports = []
    for report_id, number, table_id, table, code, note, description, void, reason in rows:
        try:
            seats = Seats.from_mapping(table_winds[table_id])
            consequences = [consequence_of(line) for line in lines[report_id]]
            text = describe(consequences, seats, gettext)
        except ValueError:
            text = description
        reports.append(
            PlayerReport(report_id, code, number, table, note, void is not None, reason or "", text)
        )
    return reports


def _remember_player_page(key: str, found: tuple[str, bytes]) -> None:
    _PLAYER_PAGES[key] = found
    _PLAYER_PAGES.move_to_end(key)
    while len(_PLAYER_PAGES) > _PLAYER_PAGES_MAX:
        _PLAYER_PAGES.popitem(last=False)


def _render_player_page(
    request: HttpRequest, event: Event, snapshot: StandingsSnapshot, pk: int
) -> HttpResponse:
    """Four small queries (the player, his tables' seats, his reports and their ledger lines),
    none for the standings: the row, place history and totals come from the snapshot."""
    found = _PLAYER(event.pk, pk)
    if not found:
        raise Http404
    name, country, club, status, substitute = found[0]
    player = Player(
        pk=pk,
        event=event,
        name=name,
        country=country,
        club=club,
        status=status,
        is_substitute=bool(substitute),
    )
    _rows, by_player, ranked = decoded_rows(event, snapshot)
    row = by_player.get(pk)
    lines = {line["round"]: line for line in expand_rounds(row["rounds"])} if row else {}

    # The seats as plain values: a player of 12 rounds has 48 of them, and model instances
    # cost more than the rest of the page.
    winds = {wind: str(label) for wind, label in Wind.choices}  # translated once, not per seat
    mine: list[dict] = []
    opponents: dict[int, list[dict]] = defaultdict(list)
    table_winds: dict[int, dict[str, int]] = defaultdict(dict)
    for number, status, table_id, table_number, wind, player_id, seat_name in _SEATS(pk):
        seat = {
            "round": number,
            "status": status,
            "table": table_number,
            "wind": winds.get(wind, wind),
            "player_id": player_id,
            "name": seat_name,
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

    reports = _player_reports(pk, table_winds)
    where, voided = gettext("Round %(round)s, table %(table)s"), gettext("Voided: %(reason)s")
    report_items = format_html_join(
        "\n",
        "<li{}>{}: <strong>{}</strong> – {}{}{}</li>",
        (
            (
                mark_safe(' class="voided"') if r.voided else "",  # noqa: S308 (a constant)
                where % {"round": r.round_number, "table": r.table_number},
                foul_label(r.code),
                format_html("<s>{}</s>", r.consequences_text) if r.voided else r.consequences_text,
                format_html(" <em>“{}”</em>", r.note) if r.note else "",
                format_html(
                    ' <span class="void-reason">{}</span>',
                    voided % {"reason": r.void_reason},
                )
                if r.voided
                else "",
            )
            for r in reports
        ),
    )
    history = [tuple(h) for h in row["history"]] if row else []
    points = history_svg_points(history, ranked)
    # The chart's marks, the opponents' links and the rows of the tables built here: a
    # template loop per mark, opponent or table costs more than the queries of the page.
    players_url = reverse("public:player", args=[event.slug, 0])[:-2]
    for entry in played:
        entry["opponent_links"] = format_html_join(
            ", ",
            '<a href="{}{}/">{}</a>',
            ((players_url, o["player_id"], o["name"]) for o in entry["opponents"]),
        )
    dash = "–"
    tables_rows = format_html_join(
        "\n",
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        '<td class="num">{}</td><td class="num">{}</td></tr>',
        (
            (
                p["seat"]["round"],
                p["seat"]["table"],
                p["seat"]["wind"],
                p["opponent_links"],
                p["line"]["score"] if p["line"] else dash,
                p["line"]["units_display"] if p["line"] else dash,
            )
            for p in played
        ),
    )
    mark_title, label = gettext("Round %(r)s: place %(p)s"), gettext("round %(r)s: %(p)s")
    chart_marks = format_html_join(
        "",
        '<circle cx="{0}" cy="{1}" r="4" fill="#0b5d3b"><title>{2}</title></circle>'
        '<text x="{0}" y="{1}" dy="-7" text-anchor="middle" font-size="10">{3}</text>',
        ((x, y, mark_title % {"r": r, "p": p}, p) for x, y, r, p in points),
    )
    chart_label = ", ".join(label % {"r": r, "p": p} for r, p in history)
    method = snapshot.method or ""
    return render(
        request,
        "public/player.html",
        {
            "event": event,
            "player": player,
            "row": row,
            "played": played,
            "tables_rows": tables_rows,
            "upcoming": upcoming,
            "reports": reports,
            "report_items": report_items,
            "history": history,
            "chart": points,
            "chart_path": " ".join(f"{x},{y}" for x, y, *_ in points),
            "riichi": method == RIICHI,
            "table_points": method == TABLE_POINTS,
            "columns": _columns(method),
            "players": ranked,
            "nav_html": nav_html(event, snapshot),
            "chart_marks": chart_marks,
            "chart_label": chart_label,
            "language_next": request.path,
            "hand_stats": sheets.player_hand_stats(player) if event.keeps_score_sheets else None,
        },
    )


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
        # A live round's clock runs from when it started, not from a scheduled start that
        # may still lie ahead; paused time and the round's extra minutes move its end.
        main = clock_of(live, now)
        extra = [
            {"table": t.number, "ends_at": clock_of(live, now, t.extra_minutes).ends_at}
            for t in live.tables.filter(extra_minutes__gt=0)
        ]
        # The projector counts down to ``starts_at`` while it lies ahead: a live round's
        # start is never ahead (a scheduled start still to come is not sent).
        started = live.clock_started_at or live.starts_at
        if started is not None and started > now:
            started = None
        clock = {
            "round": live.number,
            "state": main.state,
            "ends_at": main.ends_at.isoformat() if main.ends_at else None,
            "starts_at": started.isoformat() if started and main.state != "paused" else None,
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
                    # A player without a game has no place and no values (not zeros).
                    "place": "–" if r["place"] is None else r["place"],
                    "name": r["name"],
                    "dropped": r["dropped"],
                    **{c: "–" if r["place"] is None else r[f"{c}_display"] for c in columns},
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
