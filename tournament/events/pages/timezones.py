"""Each event's own time zone for the pages about it.

Event times (round starts, when a hand, a call or a foul was recorded) are stored in UTC. A
page about an event, staff or public, HTML, JSON or an export, shows them, and a form on it
reads them, in the event's time zone: the code that loads the event for a request calls
``activate_event_time_zone(event)`` (the director pages' ``director_required``, the API's
``event_for``, the public pages' ``visible_event``, the referee pages' loader) or loads it with
``event_or_404``, which does both. The zone is set where the event is loaded rather than by a
middleware looking the event up again, so that a page served from the cache still costs no
query. ``tests/tournament/test_event_time_everywhere.py`` walks every URL that names an event
and fails on a page rendered, or a time written, in another zone. ``EventTimeZoneMiddleware``
makes every request start in the server's time zone (``TIME_ZONE``) and puts it back
afterwards, so an event's zone never leaks into the next request the same worker serves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone

from tournament.events.models import Event


def activate_event_time_zone(event: Event) -> None:
    """Show and read times in ``event``'s time zone for the rest of this request."""
    timezone.activate(event.tzinfo)


def event_or_404(queryset: QuerySet | type[Event] = Event, **lookup: Any) -> Event:
    """The event the URL names (404 if there is none), its time zone active for the rest of
    the request."""
    event = get_object_or_404(queryset, **lookup)
    activate_event_time_zone(event)
    return event


class EventTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
