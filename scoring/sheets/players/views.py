"""The players' one door: the signed link of a player card (it signs the phone in, as the PIN
does), "My page" (where every public page sends a player), and the public page of a table,
which its table card's QR code opens. A signed-in referee of that table, or the director,
goes straight on to the referee's table page: the referees' shortcut stays one scan."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.sheets import services as sheets
from scoring.sheets.entry.forms import WIND_LABELS
from scoring.sheets.entry.reading.wording import describe
from scoring.sheets.players.access import players_sign_in
from tournament.access.login import client_address
from tournament.access.roles import can_view, is_director, referee_assignment
from tournament.events.models import Event
from tournament.events.pages.timezones import event_or_404
from tournament.players.access import pins
from tournament.players.access.pins import session_player
from tournament.players.models import Player
from tournament.rounds.models import Round, Table


def my_page_url(event: Event, player: Player | None) -> str:
    """Where "My page" leads: the players' page (which signs in first), or without player
    sheets the signed-in player's public page, or the seating to find one's name."""
    if players_sign_in(event):
        return reverse("sheets-play", args=[event.slug])
    if player is not None:
        return reverse("public:player", args=[event.slug, player.pk])
    return reverse("public:seating", args=[event.slug])


@never_cache
@require_GET
def my_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug=slug)
    return redirect(my_page_url(event, session_player(request, slug)))


@never_cache
@require_GET
def card(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A player card's link: signs this phone in as the card's player, then shows their page.
    A link that no longer signs in says why and changes nothing (the session stays as it was)."""
    event = event_or_404(slug=slug)
    try:
        player = pins.card_player(event, token, client_address(request))
    except pins.PinThrottled as throttled:
        context = {"event": event, "reason": "throttled", "seconds": throttled.seconds}
        return render(request, "sheets/card_refused.html", context, status=429)
    except pins.CardRefused as refused:
        status = 400 if refused.reason == "invalid" else 410
        context = {"event": event, "reason": refused.reason}
        return render(request, "sheets/card_refused.html", context, status=status)
    if session_player(request, slug) != player:
        pins.remember(request.session, player, event.slug)
    return redirect(my_page_url(event, player))


def _referees_table(request: HttpRequest, event: Event, table_number: int) -> bool:
    user = request.user
    if not user.is_authenticated:
        return False
    if is_director(user, event):
        return True
    assignment = referee_assignment(user, event)
    return assignment is not None and assignment.covers_table(table_number)


@never_cache
@require_GET
def table_page(request: HttpRequest, slug: str, round_number: int, table_number: int):
    """The public page of one table: its seats, its live sheet, and "I sit here: sign in"."""
    event = event_or_404(slug=slug)
    if _referees_table(request, event, table_number):
        return redirect("referee:table", event.slug, round_number, table_number)
    if not can_view(request.user, event):
        raise Http404
    table = get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event=event,
        round__number=round_number,
        number=table_number,
    )
    live = table.round.status == Round.Status.LIVE
    view = sheets.read_sheet(table) if event.keeps_score_sheets else None
    rows = []
    if view is not None:
        names = [s.player.name for s in view.seats] + [""] * (4 - len(view.seats))
        for row in view.rows():
            row["text"] = describe(row["hand"].data, names)
            row["lines"] = [
                (wind, p) for wind, p in zip(WIND_LABELS, row["payments"], strict=False) if p
            ]
            rows.append(row)
    player = session_player(request, slug)
    seats = list(table.seats.select_related("player"))
    sign_in = None
    if live and players_sign_in(event):
        sign_in = (
            reverse("sheets-play", args=[event.slug]) + "?" + urlencode({"table": table.number})
        )
    referee = reverse("referee:table", args=[event.slug, round_number, table_number])
    context = {
        "event": event,
        "round": table.round,
        "table": table,
        "live": live,
        "seats": sorted(seats, key=lambda s: "ESWN".index(s.wind)),
        "view": view,
        "rows": rows,
        "totals": (
            list(zip(WIND_LABELS, view.counted_totals, view.seats, strict=False)) if view else []
        ),
        "player": player,
        "sits_here": player is not None and any(s.player_id == player.pk for s in seats),
        "sign_in": sign_in,
        "my_page": reverse("sheets-me", args=[event.slug]),
        "staff_login": reverse("login") + "?" + urlencode({"next": referee}),
    }
    return render(request, "sheets/table_public.html", context)
