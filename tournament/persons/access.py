"""Who may keep the registry of persons: the pages of the registry and of the ranking's
imports share this check."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from tournament.access.roles import can_create_events


def registry_required(view):
    """Directors (who may create events) keep the registry."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        if not can_create_events(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
