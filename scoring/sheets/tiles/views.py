"""The event's page of the hands entered by their tiles."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.sheets.tiles.reading import event_tile_stats
from tournament.access.roles import can_view
from tournament.events.pages.timezones import event_or_404


@require_GET
def tiles_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's hands entered by their tiles: the most frequent fans or yaku and the
    biggest hand (issue 36). Public like the event's other pages."""
    event = event_or_404(slug=slug)
    if not can_view(request.user, event) or not event.keeps_score_sheets:
        raise Http404
    return render(
        request,
        "sheets/tiles_stats.html",
        {"event": event, "stats": event_tile_stats(event)},
    )
