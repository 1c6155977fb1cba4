"""The player's pages on a phone: installable (web app manifests) and readable offline (the
player's service worker, ``sheets/play-sw.js``).

- ``web_manifest`` answers ``/manifest.webmanifest`` (the site) and
  ``/e/<event>/play/manifest.webmanifest`` (the event's play page, which an installed app opens).
- ``service_worker`` answers ``/e/<event>/play/sw.js``; its scope is ``/e/<event>/play/``, so it
  never sees a staff page. It keeps the signed-in player's pages in a cache named after
  ``cache_id`` (``scoring.sheets.offline.pages``).
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.events.pages.timezones import event_or_404

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
    event = event_or_404(slug=slug, players_enter_hands=True)
    return _manifest(
        f"{event.name} – {_('Score sheet')}",
        _("My table"),
        reverse("sheets-play", kwargs={"slug": event.slug}),
    )


@require_GET
def service_worker(request: HttpRequest, slug: str) -> HttpResponse:
    """The player's service worker (``sheets/play-sw.js``), scoped to the event's play pages."""
    event = event_or_404(slug=slug)
    scope = reverse("sheets-play", kwargs={"slug": event.slug})
    response = render(
        request,
        "sheets/play-sw.js",
        # JSON string literals for the script (a slug is letters, digits, - and _).
        {
            "scope": json.dumps(scope),
            "prefix": json.dumps(f"mahjong-play-{event.slug}-"),
            # Translated here: the catalogues are gathered from Python and HTML, not scripts.
            "not_kept": _("Offline, and this page was not kept on this phone."),
        },
        content_type="application/javascript",
    )
    response["Cache-Control"] = "no-cache"
    return response
