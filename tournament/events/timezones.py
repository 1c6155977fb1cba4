"""Each event's own time zone for the pages about it.

Event times (round starts) are stored in UTC. A page about an event shows them, and a form on
it reads them, in the event's time zone: the code that loads the event for a request calls
``activate_event_time_zone(event)`` (the director pages' ``director_required``, the API's
``event_for``, the public and referee pages' event loaders). ``EventTimeZoneMiddleware`` makes
every request start in the server's time zone (``TIME_ZONE``) and puts it back afterwards, so
an event's zone never leaks into the next request the same worker serves.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tournament.events.models import Event


def activate_event_time_zone(event: Event) -> None:
    """Show and read times in ``event``'s time zone for the rest of this request."""
    timezone.activate(event.tzinfo)


class EventTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
