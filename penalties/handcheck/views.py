"""The referee's "check a hand" page: a GET form (a check writes nothing), the fans or yaku
line by line, and for an MCR win under 8 fan a link to the false-win form prefilled with the
table, the offender and the hand."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from penalties.handcheck import services
from penalties.handcheck.forms import HandCheckForm
from penalties.handcheck.reading import seat_wind, table_state
from penalties.tablet.access import (
    explain_forbidden,
    seats_by_wind,
    seats_of,
    staff_of,
    table_of,
)
from tournament.rounds.models import WIND_ORDER

TILES = {
    "m": [str(n) for n in range(1, 10)],
    "p": [str(n) for n in range(1, 10)],
    "s": [str(n) for n in range(1, 10)],
    "z": [str(n) for n in range(1, 8)],
}


@login_required
@require_GET
@explain_forbidden
def check(request: HttpRequest, slug: str, round_number: int, table_number: int) -> HttpResponse:
    event, assignment = staff_of(request, slug)
    table = table_of(event, round_number, table_number, assignment)
    family = services.family_of(event)
    if family is None:
        raise Http404
    seats = seats_of(table)
    options = services.event_options(event)
    red_fives = family == "riichi" and bool(options.get("red_fives"))
    bound = "notation" in request.GET
    state = table_state(table)
    form = HandCheckForm(
        request.GET if bound else None,
        family=family,
        seats=seats,
        red_fives=red_fives,
        winds={str(s.player_id): seat_wind(WIND_ORDER.index(s.wind), state) for s in seats},
        initial={
            "prevalent_wind": str(state.prevailing if state else 0),
            "counters": state.counters if state else None,
            "sticks": state.sticks if state else None,
        },
    )
    result = lines = foul_url = paid = None
    if bound and form.is_valid():
        inputs = form.inputs()
        try:
            result = services.evaluate(event, inputs)
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                form.add_error(field if field in form.fields else "notation", messages)
        else:
            lines = services.lines(result)
            try:
                paid = services.payment(
                    event,
                    inputs,
                    result,
                    counters=form.cleaned_data.get("counters") or 0,
                    sticks=form.cleaned_data.get("sticks") or 0,
                )
            except ValidationError:
                paid = None
            if not result.reaches_minimum:
                query = {
                    "offender": form.cleaned_data["player"],
                    "d_reason": "under_minimum",
                    "hand_check": json.dumps(inputs, separators=(",", ":")),
                }
                foul_url = (
                    reverse("referee:foul", args=[slug, round_number, table_number, "false_win"])
                    + "?"
                    + urlencode(query)
                )
    return render(
        request,
        "handcheck/check.html",
        {
            "event": event,
            "table": table,
            "round": table.round,
            "seats": seats_by_wind(seats),
            "form": form,
            "family": family,
            "result": result,
            "lines": lines,
            "foul_url": foul_url,
            "paid": paid,
            "tiles": TILES,
            "red_fives": red_fives,
            "flowers": family == "mcr",
            "dealer": next(
                (s.player for s in seats if state and WIND_ORDER.index(s.wind) == state.dealer),
                None,
            ),
        },
        status=400 if bound and form.errors else 200,
    )
