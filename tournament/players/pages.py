"""``signed_player`` on every page: the player whose PIN (or card) signed this browser in, so
that the header names them and offers "Sign out" instead of the staff's "Log in" on every page
they open, not only on their play page (issue 43, item 19). Read only when a page asks for it,
and only for a visitor with a session: pages shared by visitors without one are not affected."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from tournament.players.access.pins import SESSION_KEY, session_player


def signed_player(request: HttpRequest) -> dict:
    def player():
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return None  # no session to read (nor to mark as read: no "Vary: Cookie")
        session = getattr(request, "session", None)
        stored = session.get(SESSION_KEY) if session is not None else None
        if not isinstance(stored, dict):
            return None
        return session_player(request, stored.get("event"))

    return {"signed_player": SimpleLazyObject(player)}
