"""What every director page shares: loading the event it is about, and showing a service's
validation errors on a form; and whether a public page is the one every visitor sees."""

from __future__ import annotations

import hashlib
from functools import wraps

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_http_methods

from tournament.access.roles import can_view, is_director
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone

require_GET_POST = require_http_methods(["GET", "POST"])


def shared_page(request: HttpRequest) -> bool:
    """A visitor without session or messages sees exactly what every such visitor sees."""
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and (
        "messages" not in request.COOKIES
    )


def viewer(request: HttpRequest) -> str:
    """Who a page is for: every visitor without a session sees the same page; a signed-in
    user or player sees their own (the header names them)."""
    if shared_page(request):
        return "all"
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return hashlib.sha256(session.encode()).hexdigest()[:12]


def apply_errors(form, exc: ValidationError, aliases: dict[str, str] | None = None) -> None:
    """Show a service's errors on ``form``: next to the field of the same name (or the one
    ``aliases`` maps it to), else above the form."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.message_dict.items():
            field = (aliases or {}).get(field, field)
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)


def director_required(view):
    """Load ``slug`` as ``event``: 404 if the user cannot see it, 403 unless they direct it.
    The page then shows and reads times in the event's time zone."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args, **kwargs):
        event = get_object_or_404(Event, slug=slug)
        if not can_view(request.user, event):
            raise Http404
        if not is_director(request.user, event):
            raise PermissionDenied
        activate_event_time_zone(event)
        return view(request, event, *args, **kwargs)

    return wrapper
