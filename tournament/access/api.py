from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournament import errors
from tournament.access.roles import can_view, is_director
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone


def event_for(request, slug: str, *, write: bool) -> Event:
    """The event named in the URL, or 404 when the user may not see it; 403 on a write by anybody
    but its director. Times are then read and written in the event's time zone (with their
    UTC offset)."""
    event = Event.objects.filter(slug=slug).first()
    if event is None or not can_view(request.user, event):
        # One answer, worded alike, whether the event is missing or private.
        raise Http404
    if write and not is_director(request.user, event):
        raise PermissionDenied(_("Only the event's director may change it."))
    activate_event_time_zone(event)
    return event


def as_drf_error(exc: DjangoValidationError) -> serializers.ValidationError:
    if hasattr(exc, "error_dict"):
        return serializers.ValidationError(exc.message_dict)
    return serializers.ValidationError({"non_field_errors": exc.messages})


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """The one mapping of what services refuse to the API's answers: invalid input 400 (the
    messages by field), missing rights 403, a write the current state forbids 409 (with what
    ``Conflict.answer`` says), too many tries 429 (with ``Retry-After``); the rest as DRF
    answers it (404, its own validation and throttling)."""
    if isinstance(exc, DjangoValidationError):
        exc = as_drf_error(exc)
    elif isinstance(exc, errors.Conflict):
        return Response(exc.answer(), status=status.HTTP_409_CONFLICT)
    elif isinstance(exc, errors.TooMany):
        return Response(
            {"detail": exc.message, "retry_after": exc.seconds},
            status=status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(exc.seconds)},
        )
    return drf_exception_handler(exc, context)


class EventScoped(permissions.BasePermission):
    """Reads follow the event's visibility; writes need the event's director."""

    def has_permission(self, request, view) -> bool:
        view.event = event_for(
            request, view.kwargs["event"], write=request.method not in permissions.SAFE_METHODS
        )
        return True


class EventStaffWrites(permissions.BasePermission):
    """Reads follow the event's visibility; writes need a logged-in user, whose role in the
    event the write service then checks (referees record fouls, not only the director)."""

    def has_permission(self, request, view) -> bool:
        view.event = event_for(request, view.kwargs["event"], write=False)
        return request.method in permissions.SAFE_METHODS or request.user.is_authenticated
