"""Director pages of the event's format: teams, stages, the cut line (live, the tie marked),
confirming the cut and seating a stage's round in one step. Thin views over
``tournament.formats.services.teams``/``stages`` and ``scoring.formats.services``."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.formats import reading, services
from scoring.formats.forms import StageForm, TeamBestForm, TeamForm
from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.formats.models import Stage
from tournament.formats.services import stages as stage_services
from tournament.formats.services import teams as team_services
from tournament.players.models import Team


def _fail(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


@director_required
@require_GET_POST
def teams(request: HttpRequest, event: Event) -> HttpResponse:
    adding = request.method == "POST" and "add" in request.POST
    setting = request.method == "POST" and "best" in request.POST
    form = TeamForm(request.POST if adding else None)
    best_form = TeamBestForm(
        request.POST if setting else None, initial={"team_best": event.team_best or ""}
    )
    if adding and form.is_valid():
        try:
            team = team_services.create_team(event, form.cleaned_data["name"])
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Team %(name)s added.") % {"name": team.name})
            return redirect("formats:teams", slug=event.slug)
    if setting and best_form.is_valid():
        try:
            team_services.set_team_best(event, best_form.cleaned_data["team_best"])
        except ValidationError as exc:
            apply_errors(best_form, exc)
        else:
            messages.success(request, _("Team standings option saved."))
            return redirect("formats:teams", slug=event.slug)
    current = reading.state(event)
    return render(
        request,
        "director/teams.html",
        {
            "event": event,
            "form": form,
            "best_form": best_form,
            "teams": by_name(event.teams.annotate(size=Count("members"))),
            "rows": reading.team_rows(event, current),
            "titles": reading.column_titles(current.method),
            "updating": current.updating,
        },
    )


@director_required
@require_POST
def team_delete(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, event=event, pk=pk)
    team_services.delete_team(team)
    messages.success(request, _("Team %(name)s removed.") % {"name": team.name})
    return redirect("formats:teams", slug=event.slug)


@director_required
@require_GET_POST
def stages(request: HttpRequest, event: Event) -> HttpResponse:
    form = StageForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            stage = stage_services.add_stage(event, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Stage %(name)s added.") % {"name": stage.name})
            return redirect("formats:stages", slug=event.slug)
    current = reading.state(event)
    return render(
        request,
        "director/stages.html",
        {
            "event": event,
            "form": form,
            "tables": reading.stage_tables(event, current),
            "titles": reading.column_titles(current.method),
            "updating": current.updating,
        },
    )


@director_required
@require_GET_POST
def stage_edit(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    stage = get_object_or_404(Stage, event=event, pk=pk)
    form = StageForm(request.POST or None, initial=StageForm.initial_of(stage))
    if request.method == "POST" and "delete" in request.POST:
        try:
            stage_services.delete_stage(stage)
        except ValidationError as exc:
            _fail(request, exc)
        else:
            messages.success(request, _("Stage %(name)s removed.") % {"name": stage.name})
            return redirect("formats:stages", slug=event.slug)
    elif request.method == "POST" and form.is_valid():
        try:
            stage_services.update_stage(stage, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Stage %(name)s saved.") % {"name": stage.name})
            return redirect("formats:stages", slug=event.slug)
    return render(
        request, "director/stage_edit.html", {"event": event, "stage": stage, "form": form}
    )


@director_required
@require_GET_POST
def cut(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """The cut line as it stands (live), the players tied at it to choose from; confirming
    records the cut and, if asked, seats the stage's first round at once."""
    stage = get_object_or_404(Stage.objects.select_related("cut"), event=event, pk=pk)
    if request.method == "POST":
        try:
            _decision, round_ = services.confirm_cut_and_seat(
                stage,
                request.user,
                request.POST.getlist("chosen"),
                seat=bool(request.POST.get("seat")),
            )
            if round_ is not None:
                messages.success(
                    request,
                    _("Cut confirmed; round %(number)d is seated.") % {"number": round_.number},
                )
            else:
                messages.success(request, _("Cut confirmed."))
        except ValidationError as exc:
            _fail(request, exc)
        else:
            return redirect("formats:stages", slug=event.slug)
    decision = getattr(stage, "cut", None)
    view = None
    error = ""
    if decision is None:
        try:
            view = reading.cut_view(stage)
            error = view.error
        except ValidationError as exc:
            error = " ".join(exc.messages)
    current = reading.state(event)
    rows = []
    if view is not None:
        for place, who, total, table_points, score in view.standing:
            exact = {"total": total, "table_points": table_points, "score": score}
            rows.append(
                {
                    "place": place,
                    "player": who,
                    "name": current.names.get(who, ""),
                    "values": [
                        reading.display(current.method or "score", exact[c], c)
                        for c in reading.columns(current.method)
                    ],
                    "in": who in view.qualified,
                    "tied": who in view.tied,
                }
            )
    return render(
        request,
        "director/cut.html",
        {
            "event": event,
            "stage": stage,
            "decision": decision,
            "view": view,
            "rows": rows,
            "error": error,
            "titles": reading.column_titles(current.method),
            "chosen_names": [current.names.get(pk, "") for pk in decision.chosen]
            if decision
            else [],
        },
    )


@director_required
@require_POST
def seat_stage(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    stage = get_object_or_404(Stage.objects.select_related("cut"), event=event, pk=pk)
    try:
        round_ = services.seat_stage_round(stage)
    except ValidationError as exc:
        _fail(request, exc)
    else:
        messages.success(request, _("Round %(number)d is seated.") % {"number": round_.number})
    return redirect("formats:stages", slug=event.slug)
