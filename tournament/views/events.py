"""The event list, creating an event, its settings and its overview."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament import services
from tournament.forms import EventForm
from tournament.models import Event, Player
from tournament.roles import can_create_events

from .access import apply_errors, director_required, require_GET_POST


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    visible = Q(is_public=True)
    if request.user.is_authenticated:
        visible |= Q(director=request.user) | Q(referees__user=request.user)
    events = Event.objects.filter(visible).distinct().annotate(player_count=Count("players"))
    return render(
        request,
        "home.html",
        {"events": events, "can_create": can_create_events(request.user)},
    )


@login_required
@require_GET_POST
def event_create(request: HttpRequest) -> HttpResponse:
    if not can_create_events(request.user):
        raise PermissionDenied
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.director = request.user
        try:
            services.save_event(event)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Event created."))
            return redirect(event)
    return render(request, "director/event_form.html", {"form": form})


@director_required
@require_GET_POST
def event_edit(request: HttpRequest, event: Event) -> HttpResponse:
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            services.save_event(form.instance)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Event saved."))
            return redirect(event)
    return render(request, "director/event_form.html", {"form": form, "event": event})


@director_required
@require_GET
def event_dashboard(request: HttpRequest, event: Event) -> HttpResponse:
    rounds = event.rounds.annotate(table_count=Count("tables", distinct=True))
    return render(
        request,
        "director/event.html",
        {
            "event": event,
            "rounds": rounds,
            "player_count": event.players.count(),
            "active_count": event.players.filter(status=Player.Status.ACTIVE).count(),
            "referees": event.referees.select_related("user"),
        },
    )
