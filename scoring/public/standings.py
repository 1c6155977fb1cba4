"""The event page with the standings, the standings fragment it polls, and the projector."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from rules.standings import RIICHI
from scoring.public.common import (
    not_modified,
    page_etag,
    standing_columns,
    stored_snapshot,
    visible_event,
)
from scoring.sheets import services as sheets
from scoring.standings.formats import CONSOLATION, CUT, Ranking, current_ranking, display
from scoring.standings.models import StandingsSnapshot
from tournament.access.pages import shared_page
from tournament.events.models import Announcement, Event
from tournament.numbers import shown
from tournament.rounds.clock import clock_of
from tournament.rounds.models import Round

OVERALL = "overall"


def standings_view(request: HttpRequest) -> str:
    """Which standings a page shows: the current ranking (``""``, once a stage after the first
    has begun) or the overall totals (``?view=overall``)."""
    return OVERALL if request.GET.get("view") == OVERALL else ""


def ranking_groups(ranking: Ranking, rows: list[dict], method: str) -> list[dict]:
    """The current ranking's groups as the pages and the projector show them: per group its
    kind and stage, and its rows with their values for display; last, the players without a
    place (no game, or dropped before a cut), from the overall ``rows``."""
    columns = standing_columns(method)
    names = {r["player"]: r for r in rows}
    groups = []
    for group in ranking.groups:
        groups.append(
            {
                "kind": group.kind,
                "stage": group.stage_name,
                "rows": [
                    {
                        "place": placed.place,
                        "player": placed.player,
                        "name": names.get(placed.player, {}).get("name", ""),
                        "dropped": names.get(placed.player, {}).get("dropped", False),
                        "group_place": placed.group_place,
                        "values": [display(method, placed.values[c], c) for c in columns],
                    }
                    for placed in group.rows
                ],
            }
        )
    rest = [r for r in rows if r["player"] not in ranking.by_player]
    if rest:
        groups.append(
            {
                "kind": "unranked",
                "stage": "",
                "rows": [
                    {
                        "place": None,
                        "player": r["player"],
                        "name": r["name"],
                        "dropped": r["dropped"],
                        "group_place": None,
                        "values": ["–" for _c in columns],
                    }
                    for r in rest
                ],
            }
        )
    return groups


def _group_heading(ranking: Ranking, group: dict) -> str:
    if group["kind"] == CONSOLATION:
        return gettext("Consolation group (%(stage)s)") % {"stage": group["stage"]}
    if group["kind"] == CUT:
        return gettext("Cut before %(stage)s") % {"stage": group["stage"]}
    if group["kind"] == "unranked":
        return gettext("Not ranked")
    if ranking.complete:
        return gettext("Final ranking")
    return gettext("Ranking: %(stage)s") % {"stage": group["stage"]}


def _standings_context(
    event: Event, snapshot: StandingsSnapshot, ranking: Ranking | None = None, view: str = ""
) -> dict:
    method = snapshot.method or ""
    return {
        "event": event,
        "snapshot": snapshot,
        "rows": snapshot.rows,
        "columns": standing_columns(method),
        "riichi": method == RIICHI,
        "updating": snapshot.revision < event.revision,
        "ranking": ranking,
        "groups": ranking_groups(ranking, snapshot.rows, method) if ranking and not view else [],
        "view": view,
        "consolation": CONSOLATION,
        "cut": CUT,
    }


RENDERED: dict[str, str] = {}
_RENDERED_MAX = 64


def standings_html(
    request: HttpRequest, event: Event, snapshot: StandingsSnapshot, view: str = ""
) -> str:
    """The rendered standings table, kept per (event, revisions, language, view): in this
    process's memory and in the shared cache. Rendering a thousand rows costs far more than a
    request; the snapshot (and the format standings written with it) changes only when a write
    lands, and its revision is in the key. Once a stage after the first has begun, the current
    ranking (``current_ranking``), with a link to the overall totals (``view``), and back."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (
        f"standings-html:{event.pk}:{snapshot.revision}:{computed}:{event.revision}:"
        f"{get_language()}:{view}"
    )
    html = RENDERED.get(key)
    if html is None:
        html = cache.get(key)
        if html is None:
            ranking = current_ranking(event, snapshot)
            html = render_to_string(
                "public/_ranking.html" if ranking and not view else "public/_standings.html",
                _standings_context(event, snapshot, ranking, view),
                request,
            )
            cache.set(key, html, 3600)
        if len(RENDERED) >= _RENDERED_MAX:
            RENDERED.clear()
        RENDERED[key] = html
    return html


PAGES: dict[str, bytes] = {}
# (slug, language, view) -> (until when, page key): for that long the page is served without asking
# the database whether the event changed (settings.PUBLIC_PAGE_SECONDS, about a second).
RECENT_KEYS: dict[tuple[str, str, str], tuple[float, str]] = {}


@require_GET
def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public event page. For anonymous visitors the whole page is kept per
    (event, revisions, language) in this process: a player refreshing the standings on the
    Wi-Fi of a full hall costs one small query."""
    shared = shared_page(request)
    language = get_language()
    view = standings_view(request)
    if shared:
        recent = RECENT_KEYS.get((slug, language, view))
        if recent is not None and recent[0] > time.monotonic():
            page = PAGES.get(recent[1])
            if page is not None:
                return HttpResponse(page)
    event = visible_event(request, slug)
    snapshot = stored_snapshot(event)
    key = None
    if shared and event.is_public:
        computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
        key = (
            f"{event.pk}:{snapshot.revision}:{computed}:{event.revision}:"
            f"{event.announcements_revision}:{language}:{view}"
        )
        RECENT_KEYS[(slug, language, view)] = (time.monotonic() + settings.PUBLIC_PAGE_SECONDS, key)
        page = PAGES.get(key)
        if page is not None:
            return HttpResponse(page)
    response = render(
        request,
        "public/event.html",
        {
            "event": event,
            "standings": mark_safe(standings_html(request, event, snapshot, view)),  # noqa: S308
            "announcements": list(event.announcements.filter(is_active=True)[:3]),
            "etag": page_etag(event, snapshot, f"standings{view}"),
            "view": view,
            # The page is shared by every anonymous visitor: the language form must not carry
            # the first visitor's query string (``?utm=...``) to the others.
            "language_next": request.path,
        },
    )
    if key is not None:
        if len(PAGES) >= _RENDERED_MAX:
            PAGES.clear()
            RECENT_KEYS.clear()
        PAGES[key] = response.content
    return response


@require_GET
def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    snapshot = stored_snapshot(event)
    view = standings_view(request)
    etag = page_etag(event, snapshot, f"standings{view}")
    if not_modified(request, etag):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(standings_html(request, event, snapshot, view))
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    return render(
        request, "public/projector.html", {"event": event, "view": standings_view(request)}
    )


@require_GET
def projector_feed(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings, the clock of the current round and the announcements, as JSON."""
    event = visible_event(request, slug)
    snapshot = stored_snapshot(event)
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
    columns = standing_columns(snapshot.method or "")
    view = standings_view(request)
    ranking = None if view else current_ranking(event, snapshot)
    if ranking is not None:
        # The current ranking, group after group; a group's first row carries its heading.
        rows = []
        for group in ranking_groups(ranking, snapshot.rows, snapshot.method or ""):
            heading = _group_heading(ranking, group)
            for i, r in enumerate(group["rows"]):
                rows.append(
                    {
                        "place": "–" if r["place"] is None else r["place"],
                        "name": r["name"],
                        "dropped": r["dropped"],
                        "group": group["kind"],
                        "heading": heading if i == 0 else "",
                        **dict(zip(columns, [shown(v) for v in r["values"]], strict=True)),
                    }
                )
    else:
        rows = [
            {
                # A player without a game has no place and no values (not zeros).
                "place": "–" if r["place"] is None else r["place"],
                "name": r["name"],
                "dropped": r["dropped"],
                **{c: "–" if r["place"] is None else shown(r[f"{c}_display"]) for c in columns},
            }
            for r in snapshot.rows
        ]
    return JsonResponse(
        {
            "event": event.name,
            "revision": snapshot.revision,
            "updating": snapshot.revision < event.revision,
            "server_time": now.isoformat(),
            "columns": columns,
            "view": OVERALL if ranking is None else "ranking",
            "ranking": None
            if ranking is None
            else {"stage": ranking.stage_name, "complete": ranking.complete},
            "rows": rows,
            "clock": clock,
            "announcements": announcements,
            "live_tables": [
                {
                    "table": t.number,
                    "names": t.names,
                    "totals": [shown(total) for total in t.totals],
                    "hands": t.hands,
                }
                for t in (sheets.live_tables(live) if live and event.keeps_score_sheets else [])
            ],
        }
    )
