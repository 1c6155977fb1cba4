"""The event page with the standings, the standings fragment it polls, and the projector."""

from __future__ import annotations

from datetime import datetime

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from rules.standings import RIICHI
from scoring.public.pages import (
    PAGE_SECONDS,
    conditional,
    kept_page,
    not_modified,
    page_etag,
    standing_columns,
    stored_snapshot,
    visible_event,
)
from scoring.sheets import services as sheets
from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.display import display
from scoring.standings.reading.ranking import CONSOLATION, CUT, Ranking, current_ranking
from tournament.events.models import Announcement, Event
from tournament.numbers import shown
from tournament.rounds.models import Round
from tournament.rounds.reading import schedule
from tournament.rounds.reading.tabletimes import extra_line, round_ends_text, round_times

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


def standings_html(
    request: HttpRequest, event: Event, snapshot: StandingsSnapshot, view: str = ""
) -> str:
    """The rendered standings table, kept in the cache per (event, revisions, language, view):
    rendering a thousand rows costs far more than a request, and the snapshot (with the format
    standings written with it) changes only when a write lands. Once a stage after the first
    has begun, the current ranking (``current_ranking``), with a link to the overall totals
    (``view``), and back."""
    key = f"standings-html:{event.pk}:{snapshot.revision}:{event.revision}:{get_language()}:{view}"

    def render_table() -> str:
        ranking = current_ranking(event, snapshot)
        return render_to_string(
            "public/_ranking.html" if ranking and not view else "public/_standings.html",
            _standings_context(event, snapshot, ranking, view),
            request,
        )

    return cache.get_or_set(key, render_table, PAGE_SECONDS)


def _standings_marker(request: HttpRequest, event: Event, snapshot: StandingsSnapshot) -> str:
    return f"standings{standings_view(request)}{event.announcements_revision}"


@require_GET
@conditional(_standings_marker)
def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public event page: answered 304 while nothing on it moved, and, for visitors who
    all see the same page, rendered once per revision (a player refreshing the standings on
    the Wi-Fi of a full hall costs one small query and a read of the cache)."""
    event, snapshot = request.public_event
    view = standings_view(request)

    def page() -> HttpResponse:
        return render(
            request,
            "public/event.html",
            {
                "event": event,
                "standings": mark_safe(standings_html(request, event, snapshot, view)),  # noqa: S308
                "announcements": list(event.announcements.filter(is_active=True)[:3]),
                "etag": page_etag(event, snapshot, f"standings{view}"),
                "view": view,
                # The page is shared by every anonymous visitor: the language form must not
                # carry the first visitor's query string (``?utm=...``) to the others.
                "language_next": request.path,
            },
        )

    return kept_page(request, event, page)


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


def projector_clock(live: Round, now: datetime) -> dict:
    """The live round's clock as the projector counts it down, with the tables' extra time:
    the round ends with its last table, each extended table with its own end."""
    # A live round's clock runs from when it started, not from a scheduled start that
    # may still lie ahead; paused time and the round's extra minutes move its end.
    times = round_times(live, now)
    main = times.common
    # The projector counts down to ``starts_at`` while it lies ahead: a live round's
    # start is never ahead (a scheduled start still to come is not sent).
    started = live.clock_started_at or live.starts_at
    if started is not None and started > now:
        started = None
    return {
        "round": live.number,
        "state": main.state,
        "ends_at": timezone.localtime(main.ends_at).isoformat() if main.ends_at else None,
        "starts_at": (
            timezone.localtime(started).isoformat() if started and main.state != "paused" else None
        ),
        "remaining_seconds": main.remaining_seconds,
        "round_ends_at": (
            timezone.localtime(times.ends.ends_at).isoformat() if times.ends.ends_at else None
        ),
        "round_ends_text": round_ends_text(times.ends, times.last_tables),
        "extra": [
            {
                "table": number,
                "minutes": minutes,
                "ends_at": timezone.localtime(ends).isoformat(),
                "text": extra_line(number, minutes, ends),
            }
            for number, minutes in sorted(times.extra.items())
            if (ends := times.tables[number].ends_at) is not None
        ],
    }


def projector_rows(
    ranking: Ranking | None, snapshot: StandingsSnapshot, columns: list[str]
) -> list[dict]:
    """The projector's rows: the current ranking, or the stored standings."""
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
    return rows


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
    clock = projector_clock(live, now) if live else None
    upcoming = schedule.next_round(event)
    columns = standing_columns(snapshot.method or "")
    view = standings_view(request)
    ranking = None if view else current_ranking(event, snapshot)
    rows = projector_rows(ranking, snapshot, columns)
    return JsonResponse(
        {
            "event": event.name,
            "revision": snapshot.revision,
            "updating": snapshot.revision < event.revision,
            "server_time": timezone.localtime(now).isoformat(),
            "columns": columns,
            "view": OVERALL if ranking is None else "ranking",
            "ranking": None
            if ranking is None
            else {"stage": ranking.stage_name, "complete": ranking.complete},
            "rows": rows,
            "clock": clock,
            "next": None
            if upcoming is None
            else {
                "round": upcoming.number,
                "starts_at": upcoming.starts_at.isoformat(),
                "text": schedule.starts_text(upcoming, now),
            },
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
