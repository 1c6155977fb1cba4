"""The player's pages on a phone: installable (web app manifests) and readable offline (the
player's service worker, ``sheets/play-sw.js``), polled with ETag and 304.

- ``web_manifest`` answers ``/manifest.webmanifest`` (the site) and
  ``/e/<event>/play/manifest.webmanifest`` (the event's play page, which an installed app opens).
- ``service_worker`` answers ``/e/<event>/play/sw.js``; its scope is ``/e/<event>/play/``, so it
  never sees a staff page. It keeps the signed-in player's pages in a cache named after
  ``cache_id``, which only the signed-in page's answer carries (``X-Player-Cache``): another
  player's sign-in moves the name and the worker drops the old cache; an answer without the
  header (the sign-in page) drops them all.
- ``play_etag`` is what the play page's ETag is made of: the player, the table, the event's
  revision, the sheet's hands and confirmations, the language. One query whatever the sheet.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.sheets.mine import table_marker
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Table

MANIFEST_TYPE = "application/manifest+json"
THEME_COLOUR = "#0b5d3b"
BACKGROUND_COLOUR = "#ffffff"
# (file under static/img/, size, purpose); tests check each file's size against this list.
ICONS = (
    ("img/favicon.svg", "any", "any"),
    ("img/icon-192.png", "192x192", "any"),
    ("img/icon-512.png", "512x512", "any"),
    ("img/icon-maskable-192.png", "192x192", "maskable"),
    ("img/icon-maskable-512.png", "512x512", "maskable"),
)
CACHE_HEADER = "X-Player-Cache"
# The sheet's own poll (static/js/play.js: the hands and totals of the page); "live" is the
# player's live part (seat, clock, what waits: ``scoring.public.mine``, static/js/live.js).
POLL_HEADER = "X-Requested-With"
POLL_VALUE = "sheet"


def _manifest(name: str, short_name: str, start_url: str) -> HttpResponse:
    body = {
        "id": start_url,
        "name": name,
        "short_name": short_name,
        "lang": get_language(),
        "start_url": start_url,
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": static(path),
                "sizes": sizes,
                "type": "image/svg+xml" if path.endswith(".svg") else "image/png",
                "purpose": purpose,
            }
            for path, sizes, purpose in ICONS
        ],
    }
    response = HttpResponse(json.dumps(body, ensure_ascii=False), content_type=MANIFEST_TYPE)
    # The icons' hashed names change with each release: ask each time (a 304 is cheap).
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def web_manifest(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """The site's manifest, or the event's play page's: installed from there, the app opens
    the player's own page."""
    if slug is None:
        return _manifest(_("Mahjong tournaments"), "Mahjong", reverse("home"))
    event = get_object_or_404(Event, slug=slug, players_enter_hands=True)
    return _manifest(
        f"{event.name} – {_('Score sheet')}",
        _("My table"),
        reverse("sheets-play", kwargs={"slug": event.slug}),
    )


@require_GET
def service_worker(request: HttpRequest, slug: str) -> HttpResponse:
    """The player's service worker (``sheets/play-sw.js``), scoped to the event's play pages."""
    event = get_object_or_404(Event, slug=slug)
    scope = reverse("sheets-play", kwargs={"slug": event.slug})
    response = render(
        request,
        "sheets/play-sw.js",
        # JSON string literals for the script (a slug is letters, digits, - and _).
        {"scope": json.dumps(scope), "prefix": json.dumps(f"mahjong-play-{event.slug}-")},
        content_type="application/javascript",
    )
    response["Cache-Control"] = "no-cache"
    return response


def cache_id(request: HttpRequest, player: Player) -> str:
    """Names the signed-in player's offline cache: it changes with the player and with the
    browser session (a sign-in cycles the session key), and gives neither away."""
    key = request.session.session_key or ""
    return salted_hmac("scoring.sheets.offline", f"{key}:{player.pk}").hexdigest()[:20]


def play_etag(player: Player, table: Table | None, revision: int) -> str:
    marker = "wait" if table is None else f"t{table.pk}-{table_marker(table.pk)}"
    return f'"play{player.pk}-{marker}-{revision}-{get_language()}"'


def is_poll(request: HttpRequest) -> bool:
    return request.method == "GET" and request.headers.get(POLL_HEADER) == POLL_VALUE


def unchanged(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A 304 for the page's poll when nothing it shows has moved, else None. Only polls get
    one: a full page load may carry a message to show once."""
    if not is_poll(request):
        return None
    sent = [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]
    if etag not in sent:
        return None
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def mark(response: HttpResponse, request: HttpRequest, player: Player, etag: str) -> HttpResponse:
    """A signed-in player's page: private to this browser, with its ETag and the name of the
    offline cache the service worker may keep it in."""
    if request.method == "GET" and response.status_code == 200:
        response["ETag"] = etag
        response[CACHE_HEADER] = cache_id(request, player)
    response["Cache-Control"] = "private, no-cache"
    return response
