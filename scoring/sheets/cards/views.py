"""The director's player cards (name, PIN and the QR code of the card's signed link), the PINs
as CSV and XLSX, and a new PIN for a player (which also kills the old card's link)."""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring.files import XLSX_TYPE, to_xlsx
from tournament.access.pages import director_required
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.qr import qr_svg
from tournament.rounds.models import Seat


def _players_with_pins(event: Event) -> list[tuple[Player, str, Seat | None]]:
    pins.ensure_pins(event)
    players = by_name(Player.objects.filter(event=event))
    live = {
        s.player_id: s
        for s in Seat.objects.filter(round__event=event, round__status="live").select_related(
            "table"
        )
    }
    return [(p, pins.pin_of(p), live.get(p.pk)) for p in players]


@director_required
@require_GET
def player_cards(request: HttpRequest, event: Event) -> HttpResponse:
    """A printable page of player cards: name, PIN, and a QR code of the card's signed link,
    which opens the player's page and signs that phone in (``scoring.sheets.players.views``)."""
    url = request.build_absolute_uri(reverse("sheets-play", args=[event.slug]))
    cards = []
    for player, pin, _seat in _players_with_pins(event):
        link = request.build_absolute_uri(
            reverse("sheets-card", args=[event.slug, pins.card_token(player)])
        )
        cards.append({"player": player, "pin": pin, "link": link, "qr": qr_svg(link)})
    return render(request, "sheets/player_cards.html", {"event": event, "cards": cards, "url": url})


PIN_HEADER = ["player id", "name", "EMA number", "PIN", "live table"]


def _pin_rows(event: Event) -> list[list]:
    return [
        [player.pk, player.name, player.ema_number, pin, seat.table.number if seat else ""]
        for player, pin, seat in _players_with_pins(event)
    ]


def _pin_download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


@director_required
@require_GET
def pins_csv(request: HttpRequest, event: Event) -> HttpResponse:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(PIN_HEADER)
    writer.writerows(_pin_rows(event))
    return _pin_download(
        out.getvalue().encode("utf-8"), "text/csv; charset=utf-8", f"{event.slug}-pins.csv"
    )


@director_required
@require_GET
def pins_xlsx(request: HttpRequest, event: Event) -> HttpResponse:
    """The PINs as text cells, so that a spreadsheet keeps their leading zeros (047371), which
    it drops when it opens the CSV file."""
    return _pin_download(
        to_xlsx(_("PINs"), PIN_HEADER, _pin_rows(event)), XLSX_TYPE, f"{event.slug}-pins.xlsx"
    )


@director_required
@require_POST
def reissue_pin(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, event=event, pk=pk)
    pin = pins.reissue_pin(player)
    messages.success(
        request,
        _(
            "New PIN for %(name)s: %(pin)s (the old PIN and the old card's QR code no longer "
            "work: print a new card)."
        )
        % {"name": player.name, "pin": pin},
    )
    return redirect("sheets-player-cards", slug=event.slug)
