"""The registry of persons, for directors: search, suggestions (same name and country),
merge with a reason; one person's players, split and undo, EMA number. Every write goes
through ``services``; a refused one shows why and changes nothing."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournament.access.pages import require_GET_POST
from tournament.access.roles import can_create_events
from tournament.persons import services
from tournament.persons.models import Person, PersonChange
from tournament.players.models import player_name_key

LISTED = 100


def registry_required(view):
    """Directors (who may create events) keep the registry."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs):
        if not can_create_events(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def _errors(request: HttpRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


def _person(value: object) -> Person | None:
    text = str(value or "").strip().lstrip("#")
    return (
        Person.objects.filter(pk=int(text)).first() if text.isdigit() and len(text) < 12 else None
    )


@registry_required
@require_GET_POST
def registry(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        source, target = _person(request.POST.get("source")), _person(request.POST.get("target"))
        if source is None or target is None:
            messages.error(request, _("Choose two persons."))
        else:
            try:
                services.merge(source, target, request.POST.get("reason"), by=request.user)
            except ValidationError as error:
                _errors(request, error)
            else:
                messages.success(
                    request, _("%(a)s merged into %(b)s.") % {"a": source.name, "b": target.name}
                )
                return redirect("persons:person", pk=target.pk)
    search = " ".join((request.GET.get("q") or "").split())[:60]
    found = Person.objects.filter(merged_into__isnull=True).annotate(events=Count("players"))
    if search:
        found = found.filter(Q(name_key__contains=player_name_key(search)) | Q(ema_number=search))
    return render(
        request,
        "persons/registry.html",
        {
            "persons": list(found.order_by("name", "pk")[:LISTED]),
            "search": search,
            "suggestions": services.suggestions(),
            "total": found.count(),
        },
    )


@registry_required
@require_GET_POST
def person(request: HttpRequest, pk: int) -> HttpResponse:
    person = get_object_or_404(Person, pk=pk)
    if request.method == "POST":
        try:
            if "split" in request.POST:
                change = services.split(
                    person,
                    request.POST.getlist("players"),
                    request.POST.get("reason"),
                    into=request.POST.get("into", "new"),
                    by=request.user,
                )
                messages.success(request, _("Split off to a new person."))
                return redirect("persons:person", pk=change.other_id)
            if "undo" in request.POST:
                change = get_object_or_404(PersonChange, pk=request.POST.get("change") or 0)
                services.undo(change, request.POST.get("reason"), by=request.user)
                messages.success(request, _("Undone."))
            elif "ema" in request.POST:
                services.set_ema_number(person, request.POST.get("ema_number"), by=request.user)
                messages.success(request, _("EMA number saved."))
        except ValidationError as error:
            _errors(request, error)
        else:
            return redirect("persons:person", pk=person.pk)
    return render(
        request,
        "persons/person.html",
        {
            "person": person,
            "players": list(person.players.select_related("event").order_by("-event__end_date")),
            "changes": services.person_changes(person),
            "same_name": [
                p for p in services.matches(person.name, str(person.country)) if p.pk != person.pk
            ],
        },
    )
