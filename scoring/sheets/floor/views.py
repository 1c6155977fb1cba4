"""The panel the score sheets add to the referee's tablet (``penalties.tablet.reading``,
registered by ``scoring.apps``): the open disputes and referee calls of the referee's tables,
each with a link to the sheet and "Take the call"."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from scoring.sheets.disputes.reading import floor_items
from tournament.rounds.models import Round


def tablet_panel(request: HttpRequest, round_: Round, table_numbers: list[int]) -> str:
    """Two queries; nothing at an event without score sheets or without tables."""
    if not table_numbers or not round_.event.keeps_score_sheets:
        return ""
    items = floor_items(round_, table_numbers)
    if not items:
        return ""
    return render_to_string(
        "sheets/_floor_panel.html",
        {"items": items, "event": round_.event, "round": round_},
        request=request,
    )
