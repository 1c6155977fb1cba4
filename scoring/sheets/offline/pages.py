"""The play page on a phone, polled with ETag and 304 and kept offline by the player's
service worker (``scoring.sheets.offline.views``).

- ``cache_id`` names the signed-in player's offline cache; only the signed-in page's answer
  carries it (``X-Player-Cache``): another player's sign-in moves the name and the worker drops
  the old cache; an answer without the header (the sign-in page) drops them all.
- ``play_etag`` is what the play page's ETag is made of: the player, the table, the event's
  revision, the sheet's hands and confirmations, the language. One query whatever the sheet.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language

from scoring.sheets.players.reading import table_marker
from tournament.players.models import Player
from tournament.rounds.models import Table

CACHE_HEADER = "X-Player-Cache"
# The sheet's own poll (static/js/play.js: the hands and totals of the page); "live" is the
# player's live part (seat, clock, what waits: ``scoring.public.views.mine``, static/js/live.js).
POLL_HEADER = "X-Requested-With"
POLL_VALUE = "sheet"


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
