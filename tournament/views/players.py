"""Players: one by one, CSV import, status."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament import services
from tournament.forms import PlayerCsvForm, PlayerForm, PlayerStatusForm
from tournament.models import Event, Player

from .access import apply_errors, director_required, require_GET_POST


@director_required
@require_GET_POST
def players(request: HttpRequest, event: Event) -> HttpResponse:
    form = PlayerForm(request.POST if request.method == "POST" and "add" in request.POST else None)
    csv_form = PlayerCsvForm()
    csv_errors = []
    if request.method == "POST" and "add" in request.POST and form.is_valid():
        try:
            player = services.add_player(event, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("%(name)s added.") % {"name": player.name})
            return redirect("director:players", slug=event.slug)
    elif request.method == "POST" and "import" in request.POST:
        csv_form = PlayerCsvForm(request.POST, request.FILES)
        if csv_form.is_valid():
            upload = csv_form.cleaned_data["file"]
            if upload.size > settings.PLAYER_CSV_MAX_BYTES:
                csv_form.add_error("file", _("The file is too large."))
            else:
                try:
                    created = services.import_players_csv(event, upload.read())
                except services.CsvImportError as exc:
                    csv_errors = exc.errors
                    csv_form.add_error("file", _("Nothing was imported: fix the lines below."))
                else:
                    messages.success(
                        request, _("%(count)d players imported.") % {"count": len(created)}
                    )
                    return redirect("director:players", slug=event.slug)
    return render(
        request,
        "director/players.html",
        {
            "event": event,
            "form": form,
            "csv_form": csv_form,
            "csv_errors": csv_errors,
            "players": event.players.all(),
            "status_choices": Player.Status.choices,
        },
    )


@director_required
@require_POST
def player_status(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, event=event, pk=pk)
    form = PlayerStatusForm(request.POST)
    if form.is_valid():
        services.update_player(player, status=form.cleaned_data["status"])
        messages.success(
            request,
            _("%(name)s is now %(status)s.")
            % {"name": player.name, "status": player.get_status_display()},
        )
    return redirect("director:players", slug=event.slug)
