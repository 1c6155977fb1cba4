"""Rounds: creating, status, seating one round by hand, table cards and the printable
seating list."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament import collation
from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.qr import qr_svg
from tournament.rounds import services as round_services
from tournament.rounds.forms import (
    RoundClockForm,
    RoundForm,
    RoundStatusForm,
    RoundTimeForm,
    SeatRoundForm,
)
from tournament.rounds.models import Round, Seat
from tournament.rounds.services import seats as seat_services
from tournament.seating import services as seating_service


@director_required
@require_GET_POST
def rounds(request: HttpRequest, event: Event) -> HttpResponse:
    next_number = (event.rounds.aggregate(m=Max("number"))["m"] or 0) + 1
    form = RoundForm(request.POST or None, initial={"number": next_number})
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if v is not None}
        try:
            created = round_services.create_rounds(event, **data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            if len(created) == 1:
                done = _("Round %(number)d created.") % {"number": created[0].number}
            elif created[-1].starts_at is not None:
                done = _(
                    "Rounds %(first)d to %(last)d created; round %(last)d starts %(start)s."
                ) % {
                    "first": created[0].number,
                    "last": created[-1].number,
                    "start": date_format(
                        timezone.localtime(created[-1].starts_at), "DATETIME_FORMAT"
                    ),
                }
            else:
                done = _("Rounds %(first)d to %(last)d created.") % {
                    "first": created[0].number,
                    "last": created[-1].number,
                }
            messages.success(request, done)
            return redirect("director:rounds", slug=event.slug)
    return render(
        request,
        "director/rounds.html",
        {
            "event": event,
            "form": form,
            "rounds": event.rounds.annotate(
                table_count=Count("tables", distinct=True), seat_count=Count("seats", distinct=True)
            ),
            "status_choices": Round.Status.choices,
            **seating_service.alert_context(event),
        },
    )


def _back(request: HttpRequest, event: Event) -> HttpResponse:
    """Back to the page the form was on (the rounds list or a round's board)."""
    back = request.POST.get("next", "")
    if back.startswith(f"/director/{event.slug}/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}
    ):
        return redirect(back)
    return redirect("director:rounds", slug=event.slug)


@director_required
@require_POST
def round_status(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundStatusForm(request.POST)
    if (
        form.is_valid()
        and form.cleaned_data["status"] == Round.Status.CLOSED
        and round_.status == Round.Status.LIVE
    ):
        # Closing asks first, naming the tables without a counting result: the round board
        # does it, with the same form sent on (307 keeps the POST).
        response = redirect("board:close", slug=event.slug, number=round_.number)
        response.status_code = 307
        return response
    if form.is_valid():
        try:
            round_services.update_round(
                round_,
                status=form.cleaned_data["status"],
                reason=form.cleaned_data.get("reason", ""),
                by=request.user,
            )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(
                request,
                _("Round %(number)d is now %(status)s.")
                % {"number": round_.number, "status": round_.get_status_display()},
            )
    else:
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, message)
    return _back(request, event)


@director_required
@require_GET_POST
def round_edit(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A round's scheduled start and length."""
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundTimeForm(
        request.POST or None,
        initial={"starts_at": round_.starts_at, "length_minutes": round_.length_minutes},
    )
    if request.method == "POST" and form.is_valid():
        try:
            round_services.update_round(
                round_,
                starts_at=form.cleaned_data["starts_at"],
                length_minutes=form.cleaned_data["length_minutes"],
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request, _("Round %(number)d's time saved.") % {"number": round_.number}
            )
            return _back(request, event)
    return render(
        request,
        "director/round_edit.html",
        {"event": event, "round": round_, "form": form},
        status=400 if form.errors else 200,
    )


@director_required
@require_POST
def round_clock(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """The clock buttons of the round board: start, pause, resume, extend."""
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundClockForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, message)
        return _back(request, event)
    try:
        round_services.round_clock_action(
            round_, form.cleaned_data["action"], minutes=form.cleaned_data.get("minutes") or 0
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    return _back(request, event)


@director_required
@require_GET_POST
def seat_round(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event=event, number=number)
    roster = collation.by_name(event.players.filter(status=Player.Status.ACTIVE))
    current: dict[int, list[int | None]] = {}
    for seat in Seat.objects.filter(round=round_).select_related("table"):
        row = current.setdefault(seat.table.number, [None] * 4)
        row["ESWN".index(seat.wind)] = seat.player_id
    seated_ids = {pid for row in current.values() for pid in row if pid}
    roster += collation.by_name(
        event.players.filter(pk__in=seated_ids).exclude(status=Player.Status.ACTIVE)
    )
    initial_tables = [current.get(n, [None] * 4) for n in range(1, max(current, default=0) + 1)]
    table_count = max(len(initial_tables), (len(roster) + 3) // 4, 1)
    form = SeatRoundForm(
        request.POST or None,
        players=roster,
        table_count=table_count,
        initial_tables=initial_tables,
    )
    if request.method == "POST" and form.is_valid():
        try:
            seat_services.seat_round(round_, form.tables())
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Round %(number)d seated.") % {"number": round_.number})
            return redirect("director:rounds", slug=event.slug)
    return render(
        request,
        "director/seat_round.html",
        {"event": event, "round": round_, "form": form, "closed": round_.is_closed},
    )


@director_required
@require_GET
def table_cards(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """One printable page of A6 table cards: number, seats and a QR code that opens the
    table's public page (its live sheet and the players' sign-in); a signed-in referee of the
    table goes on from there to the referee's table page."""
    from django.urls import reverse

    round_ = get_object_or_404(Round, event=event, number=number)
    cards = []
    for table in round_.tables.prefetch_related("seats__player"):
        url = request.build_absolute_uri(
            reverse("sheets-table-public", args=[event.slug, round_.number, table.number])
        )
        cards.append(
            {"table": table, "seats": list(table.seats.all()), "url": url, "qr": qr_svg(url)}
        )
    return render(
        request, "director/table_cards.html", {"event": event, "round": round_, "cards": cards}
    )


@director_required
@require_GET
def seating_print(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A printable seating list of one round, by table and by player name."""
    round_ = get_object_or_404(Round, event=event, number=number)
    tables = list(round_.tables.prefetch_related("seats__player"))
    by_name = [
        (seat.player.name, table.number, seat.get_wind_display())
        for table in tables
        for seat in table.seats.all()
    ]
    seated = {seat.player_id for table in tables for seat in table.seats.all()}
    byes = (
        collation.names_sorted(
            p.name
            for p in event.players.filter(status=Player.Status.ACTIVE, is_substitute=False)
            if p.pk not in seated
        )
        if seated
        else []
    )
    by_name = collation.by_name(
        [*by_name, *((name, None, _("Bye in this round")) for name in byes)],
        key=lambda item: item[0],
    )
    return render(
        request,
        "director/seating_print.html",
        {"event": event, "round": round_, "tables": tables, "by_name": by_name, "byes": byes},
    )
