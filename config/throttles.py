"""API throttles (DRF): anonymous reads per client address, writes per user (or address).

Rates come from settings (``API_THROTTLE_ANON_READS``, ``API_THROTTLE_WRITES``, e.g.
``"1200/min"``); an empty rate turns that throttle off. The public pages are not the API: a
hall of phones behind one venue address polls those, which these throttles do not touch.
"""

from __future__ import annotations

import logging

from rest_framework.throttling import SimpleRateThrottle

logger = logging.getLogger(__name__)

SAFE = ("GET", "HEAD", "OPTIONS")


class CountedInTheCache(SimpleRateThrottle):
    """The request counts live in the cache (Redis in production). When the cache cannot be
    reached, the request goes through: a referee's report must not fail because a rate
    counter is down (the writes themselves only need the database)."""

    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:  # noqa: BLE001 - any cache failure; logged, never a 500
            logger.warning("API throttle skipped: the cache is unreachable", exc_info=True)
            return True


class AnonReadThrottle(CountedInTheCache):
    scope = "anon_read"

    def get_cache_key(self, request, view):
        if request.method not in SAFE or request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class WriteThrottle(CountedInTheCache):
    scope = "write"

    def get_cache_key(self, request, view):
        if request.method in SAFE:
            return None
        if request.user.is_authenticated:
            ident = request.user.pk
        elif hasattr(request.auth, "pin_generation"):
            # A player signed in with a PIN (score sheets): per player, not per venue address.
            ident = f"player-{request.auth.pk}"
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
