"""A player's page: his place, totals, place history, tables and penalties."""

from __future__ import annotations

import time
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from html import escape

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_GET

from penalties.describe import foul_label
from penalties.models import FoulReport
from rules import LedgerLine, Seats, consequence_of, describe
from rules.standings import RIICHI, TABLE_POINTS
from scoring.public.common import nav_html, not_modified, page_etag, standing_columns
from scoring.public.history import history_svg_points
from scoring.public.prepared import Prepared, json_value
from scoring.sheets import services as sheets
from scoring.standings.formats import current_ranking
from scoring.standings.models import StandingsSnapshot
from scoring.standings.snapshot import decoded_rows, expand_rounds
from tournament.access.pages import shared_page
from tournament.access.roles import can_view
from tournament.events.models import Event
from tournament.events.timezones import activate_event_time_zone
from tournament.numbers import shown
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Wind

# Player pages of anonymous visitors: (event pk, revisions, language, player) -> (ETag, page),
# the most recently used last; and per (slug, language) until when the revisions last read
# are taken as current (settings.PUBLIC_PAGE_SECONDS), as for the event page.
PLAYER_PAGES: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
_PLAYER_PAGES_MAX = 2048
RECENT_REVISIONS: dict[tuple[str, str], tuple[float, str]] = {}


def _cached_player_page(request: HttpRequest, etag: str, page: bytes) -> HttpResponse:
    response = HttpResponseNotModified() if not_modified(request, etag) else HttpResponse(page)
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
    it changes (results, fouls, seating, rounds, the player's name), so the revisions key it.
    A page not kept yet (every page, just after a round) costs four small queries, each compiled
    to SQL once per process (``scoring.public.prepared``), and a render without template loops."""
    shared = shared_page(request)
    language = get_language()
    if shared:
        recent = RECENT_REVISIONS.get((slug, language))
        if recent is not None and recent[0] > time.monotonic():
            found = PLAYER_PAGES.get(f"{recent[1]}:{pk}")
            if found is not None:
                return _cached_player_page(request, *found)
    event, snapshot = _event_and_snapshot(request, slug)
    etag = page_etag(event, snapshot, f"player{pk}{sheets.sheet_marker(event)}")
    key = None
    if shared and event.is_public:
        computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
        base = (
            f"player:{event.pk}:{snapshot.revision}:{computed}:{event.revision}:{language}"
            f":{sheets.sheet_marker(event)}"
        )
        RECENT_REVISIONS[(slug, language)] = (
            time.monotonic() + settings.PUBLIC_PAGE_SECONDS,
            base,
        )
        key = f"{base}:{pk}"
        found = PLAYER_PAGES.get(key)
        if found is None:
            found = cache.get(key)
        if found is not None:
            _remember_player_page(key, found)
            return _cached_player_page(request, *found)
    if not_modified(request, etag):
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
    """``_event`` and ``_snapshot`` in one query compiled once (see ``scoring.public.prepared``):
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


# The player page's queries, compiled once per process (see ``scoring.public.prepared``):
# the player; every seat at his tables (his own and his opponents'); the reports against him
# (as offender or co-offender) with their voids; their ledger lines. Each term of the report
# filter uses its index (a filter on the event too would make the database scan the event's
# reports).
_PLAYER = Prepared(
    lambda event, pk: Player.objects.filter(event_id=event, pk=pk).values_list(
        "name", "country", "club", "status", "is_substitute", "person_id"
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


# With their ledger lines in the same query (one row per line; a report without one comes once,
# with NULLs). Reversals are left out in Python rather than in SQL: a condition on ``reverses``
# makes SQLite read the ledger through that column's index, in which nearly every row is NULL.
_REPORTS = Prepared(
    lambda pk: (
        _reports_against(pk)
        .order_by("-created_at", "-pk", "entries__id")
        .values_list(
            "pk",
            "round__number",
            "table_id",
            "table__number",
            "code",
            "explanation",
            "description",
            "void__id",
            "void__reason",
            "entries__player_id",
            "entries__kind",
            "entries__points",
            "entries__scope",
            "entries__counterpart_id",
            "entries__detail",
            "entries__reverses_id",
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
    explanation: str
    voided: bool
    void_reason: str
    consequences_text: str


def player_reports(pk: int, table_winds: dict[int, dict[str, int]]) -> list[PlayerReport]:
    """The reports against the player, newest first: one query, and a second only for a
    co-offender's report at a table he did not sit at."""
    found: dict[int, tuple] = {}
    lines: dict[int, list[LedgerLine]] = defaultdict(list)
    for row in _REPORTS(pk):
        report_id, *report, player_id, kind, points, scope, counterpart, detail, reverses = row
        found.setdefault(report_id, tuple(report))
        if kind is not None and reverses is None:
            lines[report_id].append(
                LedgerLine(player_id, kind, points, scope, counterpart, json_value(detail))
            )
    if not found:
        return []
    missing = {report[1] for report in found.values()} - set(table_winds)
    if missing:
        for table_id, wind, player_id in Seat.objects.filter(table_id__in=missing).values_list(
            "table_id", "wind", "player_id"
        ):
            table_winds[table_id][wind] = player_id
    reports = []
    for report_id, report in found.items():
        number, table_id, table, code, explanation, description, void, reason = report
        try:
            seats = Seats.from_mapping(table_winds[table_id])
            consequences = [consequence_of(line) for line in lines[report_id]]
            text = describe(consequences, seats, gettext, ngettext)
        except ValueError:
            text = description
        reports.append(
            PlayerReport(
                report_id, code, number, table, explanation, void is not None, reason or "", text
            )
        )
    return reports


def _remember_player_page(key: str, found: tuple[str, bytes]) -> None:
    PLAYER_PAGES[key] = found
    PLAYER_PAGES.move_to_end(key)
    while len(PLAYER_PAGES) > _PLAYER_PAGES_MAX:
        PLAYER_PAGES.popitem(last=False)


def _render_player_page(
    request: HttpRequest, event: Event, snapshot: StandingsSnapshot, pk: int
) -> HttpResponse:
    """Three small queries (the player, his tables' seats, his reports with their ledger lines),
    none for the standings: the row, place history and totals come from the snapshot."""
    found = _PLAYER(event.pk, pk)
    if not found:
        raise Http404
    name, country, club, status, substitute, person_id = found[0]
    player = Player(
        pk=pk,
        event=event,
        person_id=person_id,
        name=name,
        country=country,
        club=club,
        status=status,
        is_substitute=bool(substitute),
    )
    _rows, by_player, ranked = decoded_rows(event, snapshot)
    row = by_player.get(pk)
    # After a cut, the place is the current ranking's (the final ranking's once the last stage
    # is over), as on every page; the overall place stays as a second line.
    ranking = current_ranking(event, snapshot)
    placed = ranking.by_player.get(pk) if ranking is not None else None
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

    reports = player_reports(pk, table_winds)
    where, voided = gettext("Round %(round)s, table %(table)s"), gettext("Voided: %(reason)s")
    # The HTML built with ``html.escape`` (what Django's ``escape`` calls) around every text:
    # ``format_html`` per item costs more than the queries of the page.
    items = []
    for r in reports:
        text = escape(r.consequences_text)
        at = escape(where % {"round": r.round_number, "table": r.table_number})
        note = f" <em>“{escape(r.explanation)}”</em>" if r.explanation else ""
        if r.voided:
            reason = escape(voided % {"reason": r.void_reason})
            items.append(
                f'<li class="voided">{at}: '
                f"<strong>{escape(foul_label(r.code))}</strong> – <s>{text}</s>{note}"
                f' <span class="void-reason">{reason}</span></li>'
            )
        else:
            items.append(
                f"<li>{at}: <strong>{escape(foul_label(r.code))}</strong> – {text}{note}</li>"
            )
    report_items = mark_safe("\n".join(items))  # noqa: S308 (every text escaped above)
    history = [tuple(h) for h in row["history"]] if row else []
    points = history_svg_points(history, ranked)
    # The chart's marks, the opponents' links and the rows of the tables built here: a
    # template loop per mark, opponent or table costs more than the queries of the page.
    players_url = escape(reverse("public:player", args=[event.slug, 0])[:-2])
    dash = "–"
    method = snapshot.method or ""
    # Each cell names its column: on a phone the rows stack (``table.stack-on-phone``), one
    # card per table, with nothing wider than the screen.
    units_title = (
        gettext("Table points")
        if method == TABLE_POINTS
        else gettext("With uma")
        if method == RIICHI
        else gettext("Result")
    )
    titles = [
        escape(t)
        for t in (
            gettext("Round"),
            gettext("Table"),
            gettext("Seat"),
            gettext("Opponents"),
            gettext("Score"),
            units_title,
        )
    ]
    rows = []
    for p in played:
        seat, line = p["seat"], p["line"]
        links = ", ".join(
            f'<a href="{players_url}{o["player_id"]}/">{escape(o["name"])}</a>'
            for o in p["opponents"]
        )
        p["opponent_links"] = mark_safe(links)  # noqa: S308 (names escaped)
        score = escape(shown(line["score"])) if line else dash
        units = escape(shown(line["units_display"])) if line else dash
        rows.append(
            f'<tr><td data-label="{titles[0]}">{seat["round"]}</td>'
            f'<td data-label="{titles[1]}">{seat["table"]}</td>'
            f'<td data-label="{titles[2]}">{escape(seat["wind"])}</td>'
            f'<td data-label="{titles[3]}">{links}</td>'
            f'<td class="num" data-label="{titles[4]}">{score}</td>'
            f'<td class="num" data-label="{titles[5]}">{units}</td></tr>'
        )
    tables_rows = mark_safe("\n".join(rows))  # noqa: S308 (every text escaped above)
    mark_title, label = gettext("Round %(r)s: place %(p)s"), gettext("round %(r)s: %(p)s")
    chart_marks = mark_safe(  # noqa: S308 (numbers, and the title escaped)
        "".join(
            f'<circle cx="{x}" cy="{y}" r="4" fill="#0b5d3b"><title>'
            f"{escape(mark_title % {'r': r, 'p': p})}</title></circle>"
            f'<text x="{x}" y="{y}" dy="-7" text-anchor="middle" font-size="10">{p}</text>'
            for x, y, r, p in points
        )
    )
    chart_label = ", ".join(label % {"r": r, "p": p} for r, p in history)
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
            "columns": standing_columns(method),
            "players": ranked,
            "ranking": ranking,
            "placed": placed,
            "nav_html": nav_html(event, snapshot),
            "chart_marks": chart_marks,
            "chart_label": chart_label,
            "language_next": request.path,
            "hand_stats": sheets.player_hand_stats(player) if event.keeps_score_sheets else None,
            "tile_yaku": sheets.player_tile_stats(player) if event.keeps_score_sheets else [],
        },
    )
