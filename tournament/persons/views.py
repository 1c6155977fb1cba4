"""The registry of persons, for directors: search, suggestions (same name and country),
merge with a reason; one person's players, split and undo, EMA number. Every write goes
through ``services``; a refused one shows why and changes nothing."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.access.confirm import Question, confirm_or_ask
from tournament.access.pages import require_GET_POST
from tournament.collation import key_filter
from tournament.persons import services
from tournament.persons.access import registry_required
from tournament.persons.models import Person, PersonChange

LISTED = 100


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
                services.clean_reason(request.POST.get("reason"))
                services.check_merge(source, target)
                asked = confirm_or_ask(request, _merge_question(source, target))
                if asked is not None:
                    return asked
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
        found = found.filter(key_filter("match_key", search) | Q(ema_number=search))
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


def _merge_question(source: Person, target: Person) -> Question:
    events = list(source.players.values_list("event__name", flat=True).order_by("event__name"))
    lines = []
    if events:
        lines.append(
            ngettext(
                "%(a)s's event moves to %(b)s: %(events)s.",
                "%(a)s's %(count)d events move to %(b)s: %(events)s.",
                len(events),
            )
            % {
                "a": source.name,
                "b": target.name,
                "count": len(events),
                "events": ", ".join(events),
            }
        )
    lines.append(
        _("%(a)s leaves the ranking; %(b)s's ranking counts these results.")
        % {"a": source.name, "b": target.name}
    )
    if source.ema_number and not target.ema_number:
        lines.append(
            _("The EMA number %(number)s moves to %(b)s.")
            % {"number": source.ema_number, "b": target.name}
        )
    lines.append(
        _("The merge is recorded with your reason; it can be undone on the person's page.")
    )
    return Question(
        action=f"merge:{source.pk}:{target.pk}",
        title=_("Merge %(a)s (#%(a_pk)d) into %(b)s (#%(b_pk)d)?")
        % {"a": source.name, "a_pk": source.pk, "b": target.name, "b_pk": target.pk},
        consequences=lines,
        button=_("Merge"),
        back=reverse("persons:registry"),
        about=",".join(map(str, source.players.values_list("pk", flat=True).order_by("pk"))),
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
