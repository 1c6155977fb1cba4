"""The pages: a player imports their table's log from their own page and sets their online
names; the director imports a round's logs (proposal, then confirmation) and sets the
players' online names."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from rules.onlinelogs.parse import MAX_LOG_BYTES
from scoring.onlinelogs import services
from scoring.onlinelogs.forms import (
    ROUND_LOGS,
    LogForm,
    OnlineNamesForm,
    RoundLogsForm,
    pack,
    unpack,
)
from scoring.onlinelogs.models import PLATFORM_CHOICES
from scoring.onlinelogs.reading import read_log
from scoring.onlinelogs.reading.fetch import FetchFailed
from scoring.onlinelogs.reading.names import online_names
from scoring.onlinelogs.services.names import set_online_names
from scoring.sheets import services as sheets
from scoring.sheets.entry.reading.wording import describe
from tournament.access.pages import director_required
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Round, Table

WIND_NAMES = ("East", "South", "West", "North")
PLATFORM_LABELS = dict(PLATFORM_CHOICES)


def _too_large(request: HttpRequest, logs: int = 1) -> bool:
    """A body too large for ``logs`` game logs: refused before it is read."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return length > logs * (MAX_LOG_BYTES + 65536)


def _messages_of(error: ValidationError) -> list[str]:
    return list(error.messages)


def _imported_text(done: services.Imported) -> str:
    if not done.added:
        return _("This log was imported before; nothing new was stored.")
    return ngettext(
        "%(count)d hand imported into table %(table)d.",
        "%(count)d hands imported into table %(table)d.",
        done.added,
    ) % {"count": done.added, "table": done.record.table.number}


def _disagreement(error: services.SheetDisagrees, table: Table | None) -> dict:
    names = (
        [s.player.name for s in sorted(table.seats.all(), key=lambda s: "ESWN".index(s.wind))]
        if table
        else []
    )
    names += [""] * (4 - len(names))
    return {
        "message": error.message,
        "sheet": describe(error.stored, names) if error.stored else "",
        "log": describe(error.logged, names) if error.logged else "",
    }


@never_cache
@require_http_methods(["GET", "POST"])
def player_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A player's page for their table's game log and their online names."""
    event = get_object_or_404(Event, slug=slug)
    if not event.keeps_score_sheets or not event.players_enter_hands:
        raise Http404
    activate_event_time_zone(event)
    player = pins.session_player(request, slug)
    if player is None:
        return redirect("sheets-play", slug)
    seat = pins.live_seat(player)
    table = Table.objects.select_related("round__event").get(pk=seat.table_id) if seat else None
    form, names_form, errors, disagreement, status = LogForm(), None, [], None, 200
    if request.method == "POST" and request.POST.get("action") == "names":
        names_form = OnlineNamesForm(request.POST)
        if names_form.is_valid():
            try:
                set_online_names(player, names_form.cleaned_data, as_player=player)
            except ValidationError as error:
                for field, field_errors in error.message_dict.items():
                    names_form.add_error(
                        field if field in names_form.fields else None, field_errors
                    )
            else:
                messages.success(request, _("Your online names are saved."))
                return redirect(request.path)
        status = 400
    elif request.method == "POST" and _too_large(request):
        errors, status = [_("The file is too large for a game log (at most 2 MB).")], 413
    elif request.method == "POST":
        form = LogForm(request.POST, request.FILES)
        if table is None:
            raise PermissionDenied(_("You have no table in a live round."))
        if form.is_valid():
            try:
                done = services.import_table_log(
                    table, form.given(), author=sheets.Author(player=player)
                )
            except ValidationError as error:
                errors, status = _messages_of(error), 400
            except services.SheetDisagrees as error:
                disagreement, status = _disagreement(error, table), 409
            except FetchFailed as error:
                errors, status = [error.message], 502
            else:
                messages.success(request, _imported_text(done))
                return redirect("sheets-play", slug)
        else:
            status = 400
    if names_form is None:
        names_form = OnlineNamesForm(initial=online_names(player))
    context = {
        "event": event,
        "player": player,
        "signed_player": player,
        "table": table,
        "form": form,
        "names_form": names_form,
        "errors": errors,
        "disagreement": disagreement,
    }
    return render(request, "onlinelogs/player_import.html", context, status=status)


def _round(event: Event, number: int) -> Round:
    found = get_object_or_404(Round, event=event, number=number)
    found.event = event
    return found


def _proposal_rows(proposals: list[services.Proposal]) -> list[dict]:
    rows = []
    for proposal in proposals:
        log = proposal.read.log
        rows.append(
            {
                "proposal": proposal,
                "log": log,
                "seats": [
                    {
                        "wind": _(WIND_NAMES[i]),
                        "online": log.names[i],
                        "player": proposal.players[i].name if proposal.players[i] else "",
                    }
                    for i in range(4)
                ],
                "packed": pack(proposal.read.content),
                "platform": PLATFORM_LABELS[log.platform],
                "filename": proposal.read.filename,
            }
        )
    return rows


@director_required
@require_http_methods(["GET", "POST"])
def round_import(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """The director's page for a round's logs: give them, see where each goes, confirm."""
    round_ = _round(event, number)
    form, rows, errors, status = RoundLogsForm(), [], [], 200
    if request.method == "POST" and _too_large(request, ROUND_LOGS):
        errors = [_("The file is too large for a game log (at most 2 MB).")]
        context = {"event": event, "round": round_, "form": form, "rows": [], "errors": errors}
        return render(request, "onlinelogs/round_import.html", context, status=413)
    action = request.POST.get("action") if request.method == "POST" else None
    try:
        if action == "propose":
            form = RoundLogsForm(request.POST, request.FILES)
            if form.is_valid():
                reads = [read_log(g) for g in form.given()]
                rows = _proposal_rows(services.propose_round(round_, reads, user=request.user))
            else:
                status = 400
        elif action == "confirm":
            given = unpack(request.POST.getlist("log"), request.POST.getlist("name"))
            reads = [read_log(g) for g in given]
            done = services.import_round(round_, reads, user=request.user)
            for item in done:
                messages.success(request, _imported_text(item))
            return redirect("board:round", event.slug, round_.number)
    except ValidationError as error:
        errors, status = _messages_of(error), 400
    except services.SheetDisagrees as error:
        errors, status = [error.message], 409
    except FetchFailed as error:
        errors, status = [error.message], 502
    context = {
        "event": event,
        "round": round_,
        "form": form,
        "rows": rows,
        "ready": bool(rows) and all(r["proposal"].ready for r in rows),
        "errors": errors,
    }
    return render(request, "onlinelogs/round_import.html", context, status=status)


class _NamesRefused(Exception):
    pass


def _save_names(request: HttpRequest, players: list[Player], forms: dict) -> bool:
    """Every changed name saved, or none (the first refusal undoes the others)."""
    if not all(form.is_valid() for form in forms.values()):
        return False
    try:
        with transaction.atomic():
            failed = False
            for player in players:
                form = forms[player.pk]
                if form.cleaned_data == online_names(player):
                    continue
                try:
                    set_online_names(player, form.cleaned_data, user=request.user)
                except ValidationError as error:
                    failed = True
                    for field, field_errors in error.message_dict.items():
                        form.add_error(field if field in form.fields else None, field_errors)
            if failed:
                raise _NamesRefused
    except _NamesRefused:
        return False
    return True


@director_required
@require_http_methods(["GET", "POST"])
def names_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The director sets the players' online names, all on one page."""
    players = list(Player.objects.filter(event=event).order_by("name"))
    forms = {p.pk: OnlineNamesForm(prefix=f"p{p.pk}", initial=online_names(p)) for p in players}
    status = 200
    if request.method == "POST":
        forms = {p.pk: OnlineNamesForm(request.POST, prefix=f"p{p.pk}") for p in players}
        if _save_names(request, players, forms):
            messages.success(request, _("The online names are saved."))
            return redirect(request.path)
        status = 400
    rows = [{"player": p, "form": forms[p.pk]} for p in players]
    return render(request, "onlinelogs/names.html", {"event": event, "rows": rows}, status=status)
