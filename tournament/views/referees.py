"""Referees and scorekeepers of an event."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament import services
from tournament.forms import RefereeForm
from tournament.models import Event, RefereeAssignment

from .access import apply_errors, director_required, require_GET_POST


@director_required
@require_GET_POST
def referees(request: HttpRequest, event: Event) -> HttpResponse:
    form = RefereeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.assign_referee(
                event,
                form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                table_numbers=form.cleaned_data["table_numbers"],
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Referee assigned."))
            return redirect("director:referees", slug=event.slug)
    return render(
        request,
        "director/referees.html",
        {"event": event, "form": form, "referees": event.referees.select_related("user")},
    )


@director_required
@require_POST
def referee_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    assignment = get_object_or_404(RefereeAssignment, event=event, pk=pk)
    assignment.delete()
    messages.success(request, _("Referee removed."))
    return redirect("director:referees", slug=event.slug)
