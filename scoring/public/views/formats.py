"""Public pages of the event's format: team standings (members linked to their pages) and
the stages with the final ranking. They read the stored format standings, never recompute."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.formats import reading as format_reading
from scoring.public import visible_event


@require_GET
def teams(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    current = format_reading.state(event)
    return render(
        request,
        "public/teams.html",
        {
            "event": event,
            "rows": format_reading.team_rows(event, current),
            "titles": format_reading.column_titles(current.method),
            "updating": current.updating,
            "best": event.team_best,
            "nav": None,
        },
    )


@require_GET
def final(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    current = format_reading.state(event)
    return render(
        request,
        "public/final.html",
        {
            "event": event,
            "final": format_reading.final_rows(current),
            "tables": format_reading.stage_tables(event, current),
            "titles": format_reading.column_titles(current.method),
            "updating": current.updating,
            "nav": None,
        },
    )
