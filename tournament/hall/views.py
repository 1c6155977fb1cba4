"""The hall: announcements and extra time."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournament.access.pages import director_required, require_GET_POST
from tournament.events.models import Announcement, Event
from tournament.hall import services as hall_services
from tournament.rounds.models import Round


def _number(value: str | None) -> int:
    """A posted id or table number; anything else matches nothing (404), never a 500."""
    text = (value or "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return 0


@director_required
@require_GET_POST
def hall(request: HttpRequest, event: Event) -> HttpResponse:
    """Announcements for the hall screen and extra time for tables of the live round."""
    live = event.rounds.filter(status=Round.Status.LIVE).order_by("-number").first()
    if request.method == "POST":
        try:
            if "announce" in request.POST:
                hall_services.add_announcement(
                    event, request.POST.get("text", ""), push=request.POST.get("push") == "1"
                )
                messages.success(request, _("Announcement shown."))
            elif "toggle" in request.POST:
                announcement = get_object_or_404(
                    Announcement, event=event, pk=_number(request.POST.get("toggle"))
                )
                hall_services.set_announcement_shown(announcement, not announcement.is_active)
            elif "extra" in request.POST and live:
                table = get_object_or_404(live.tables, number=_number(request.POST.get("table")))
                try:
                    minutes = int(request.POST.get("minutes", ""))
                except ValueError:
                    minutes = -1
                hall_services.grant_extra_time(table, minutes)
                messages.success(request, _("Extra time saved."))
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("director:hall", slug=event.slug)
    return render(
        request,
        "director/hall.html",
        {
            "event": event,
            "live": live,
            "tables": live.tables.all() if live else [],
            "announcements": event.announcements.all()[:20],
        },
    )
