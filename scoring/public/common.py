"""What the public pages share: the event as a visitor may see it, its snapshot, the
navigation, ETags and whether a visitor sees what every anonymous visitor sees."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from rules.standings import RIICHI, TABLE_POINTS
from scoring.standings.models import StandingsSnapshot
from tournament.access.roles import can_view
from tournament.events.models import Event
from tournament.events.timezones import activate_event_time_zone


def visible_event(request: HttpRequest, slug: str) -> Event:
    """The event with its snapshot's revision (the rows, possibly large, load only on use)."""
    event = get_object_or_404(
        Event.objects.select_related("standings_snapshot").defer("standings_snapshot__packed"),
        slug=slug,
    )
    if not event.is_public and not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return event


def stored_snapshot(event: Event) -> StandingsSnapshot:
    try:
        return event.standings_snapshot
    except StandingsSnapshot.DoesNotExist:
        return StandingsSnapshot(event=event, revision=-1)


NAV: dict[tuple, dict[str, Any]] = {}


def nav_links(event: Event, snapshot: StandingsSnapshot) -> dict[str, Any]:
    """What the page navigation links to: the rounds' (number, status), and whether the event
    has teams and stages. Kept per event and snapshot revision in this process (a round's
    status change moves the revision)."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (event.pk, event.revision, snapshot.revision, computed)
    found = NAV.get(key)
    if found is None:
        if len(NAV) >= 64:
            NAV.clear()
        found = NAV[key] = {
            "rounds": list(event.rounds.order_by("number").values_list("number", "status")),
            "teams": event.has_teams,
            "final": event.has_stages,
        }
    return found


NAV_HTML: dict[tuple, str] = {}


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
    found = NAV_HTML.get(key)
    if found is None:
        if len(NAV_HTML) >= 64:
            NAV_HTML.clear()
        html = render_to_string(
            "public/_nav.html", {"event": event, "nav": nav_links(event, snapshot)}
        )
        found = NAV_HTML[key] = mark_safe(html)  # noqa: S308 (rendered by the template engine)
    return found


def page_etag(event: Event, snapshot: StandingsSnapshot, kind: str) -> str:
    return f'"{kind}-{snapshot.revision}-{event.revision}-{get_language()}"'


def not_modified(request: HttpRequest, etag: str) -> bool:
    return etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]


def standing_columns(method: str) -> list[str]:
    if method == TABLE_POINTS:
        return ["table_points", "score"]
    if method == RIICHI:
        return ["total"]
    return ["score", "table_points"]
