"""API throttles (DRF): anonymous reads per client address, writes per user (or address).

Rates come from settings (``API_THROTTLE_ANON_READS``, ``API_THROTTLE_WRITES``, e.g.
``"1200/min"``); an empty rate turns that throttle off. The public pages are not the API: a
hall of phones behind one venue address polls those, which these throttles do not touch.
"""

from __future__ import annotations

from rest_framework.throttling import SimpleRateThrottle

SAFE = ("GET", "HEAD", "OPTIONS")


class AnonReadThrottle(SimpleRateThrottle):
    scope = "anon_read"

    def get_cache_key(self, request, view):
        if request.method not in SAFE or request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class WriteThrottle(SimpleRateThrottle):
    scope = "write"

    def get_cache_key(self, request, view):
        if request.method in SAFE:
            return None
        ident = request.user.pk if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
