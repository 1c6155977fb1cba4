"""What the public pages share: the event as a visitor may see it, its snapshot, the
navigation, their conditional answers (ETag: the revisions) and the pages kept in Django's
cache for the visitors who all see the same page."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.db.models import F, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.views.decorators.http import condition

from rules.standings import RIICHI, TABLE_POINTS
from scoring.standings.models import StandingsSnapshot
from tournament.access.pages import shared_page, viewer
from tournament.access.roles import can_view
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone

PAGE_SECONDS = 3600
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def visible_event(request: HttpRequest, slug: str) -> Event:
    """The event with its snapshot's revision (the rows, possibly large, load only on use)."""
    return _visible(
        request,
        Event.objects.select_related("standings_snapshot").defer("standings_snapshot__stored_rows"),
        slug,
    )


def _visible(request: HttpRequest, events: QuerySet, slug: str) -> Event:
    event = get_object_or_404(events, slug=slug)
    if not event.is_public and not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return event


def stored_snapshot(event: Event) -> StandingsSnapshot:
    try:
        return event.standings_snapshot
    except StandingsSnapshot.DoesNotExist:
        return StandingsSnapshot(event=event, revision=-1)


def page_etag(event: Event, snapshot: StandingsSnapshot, kind: str) -> str:
    return _etag(kind, snapshot.revision, event.revision)


def _etag(kind: str, snapshot_revision: int, event_revision: int) -> str:
    return f'"{kind}-{snapshot_revision}-{event_revision}-{get_language()}"'


def _snapshot_of(event: Event) -> StandingsSnapshot:
    """The event's snapshot without its rows (they load on use)."""
    found = StandingsSnapshot.objects.defer("stored_rows").filter(event=event).first()
    return found or StandingsSnapshot(event=event, revision=-1)


def not_modified(request: HttpRequest, etag: str) -> bool:
    return etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]


def conditional(marker: Callable[..., str]) -> Callable:
    """A public page answered conditionally (``django.views.decorators.http.condition``): its
    ETag is the snapshot's and the event's revisions, the language, who it is for, and what
    ``marker(request, event, snapshot, **kwargs)`` adds. The event and its snapshot, read for
    the ETag, are handed to the view as ``request.public_event``."""

    def etag(request: HttpRequest, slug: str, **kwargs: Any) -> str:
        # The event with its snapshot's revision as a plain column: a page kept in the cache
        # needs no more, and the snapshot itself loads only when the page is rendered.
        event = _visible(
            request,
            Event.objects.annotate(snapshot_revision=F("standings_snapshot__revision")),
            slug,
        )
        snapshot = SimpleLazyObject(lambda: _snapshot_of(event))
        request.public_event = (event, snapshot)
        kind = f"{marker(request, event, snapshot, **kwargs)}-{viewer(request)}"
        revision = -1 if event.snapshot_revision is None else event.snapshot_revision
        request.public_etag = _etag(kind, revision, event.revision)
        return request.public_etag

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def answered(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = condition(etag_func=etag)(view)(request, *args, **kwargs)
            response["Cache-Control"] = "no-cache"
            return response

        return answered

    return decorate


def kept_page(request: HttpRequest, event: Event, page: Callable[[], HttpResponse]) -> HttpResponse:
    """``page()``, kept in the cache under its ETag (which holds the revisions) for the
    visitors who all see the same page: after a write the first visitor renders it, the others
    read it. It is kept gzipped and sent so to every browser that accepts it (all do): fewer
    bytes on the hall's Wi-Fi, and less for each request to read from the cache."""
    if not (shared_page(request) and event.is_public):
        return page()
    key = f"public-page:{request.public_etag}:{request.get_full_path()}"
    packed = cache.get(key)
    if packed is None:
        response = page()
        if response.status_code != 200:
            return response
        packed = gzip.compress(response.content, mtime=0)
        cache.set(key, packed, PAGE_SECONDS)
    if not ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")):
        answer = HttpResponse(gzip.decompress(packed))
    else:
        answer = HttpResponse(packed)
        answer["Content-Encoding"] = "gzip"
        # One tag per representation: the gzipped one is the weak form of the page's tag.
        answer["ETag"] = f"W/{request.public_etag}"
    patch_vary_headers(answer, ["Accept-Encoding"])
    return answer


def standing_columns(method: str) -> list[str]:
    if method == TABLE_POINTS:
        return ["table_points", "score"]
    if method == RIICHI:
        return ["total"]
    return ["score", "table_points"]
