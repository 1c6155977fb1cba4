"""The hall: announcements and extra time for a table."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.pages import director_required, require_GET_POST
from tournament.events.models import Announcement, Event
from tournament.hall import services as hall_services
from tournament.rounds.models import Round
from tournament.rounds.reading import tabletimes


def _number(value: str | None) -> int:
    """A posted id or table number; anything else matches nothing (404), never a 500."""
    text = (value or "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return 0


@director_required
@require_GET_POST
def hall(request: HttpRequest, event: Event) -> HttpResponse:
    """Announcements for the hall screen and extra time for tables of the live round (the
    form posts to ``extra_time``)."""
    live = event.rounds.filter(status=Round.Status.LIVE).order_by("-number").first()
    if request.method == "POST":
        try:
            if "announce" in request.POST:
                hall_services.add_announcement(
                    event,
                    request.POST.get("text", ""),
                    push=request.POST.get("push") == "1",
                    post=request.POST.get("post") == "1",
                )
                messages.success(request, _("Announcement shown."))
            elif "toggle" in request.POST:
                announcement = get_object_or_404(
                    Announcement, event=event, pk=_number(request.POST.get("toggle"))
                )
                hall_services.set_announcement_shown(announcement, not announcement.is_active)
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
            "extensions": tabletimes.extensions_of(live) if live else [],
            "extension_key": uuid.uuid4().hex,
            "announcements": event.announcements.all()[:20],
            "has_channels": event.channels.filter(removed_at__isnull=True).exists(),
        },
    )


@director_required
@require_POST
def extra_time(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Give a table of the round minutes more (``services.extend_table``), from the round
    board or the hall page; back to that page."""
    round_ = get_object_or_404(Round, event=event, number=number)
    table = get_object_or_404(round_.tables, number=_number(request.POST.get("table")))
    try:
        extension, _created = hall_services.extend_table(
            table,
            request.user,
            minutes=request.POST.get("minutes", ""),
            reason=request.POST.get("reason", ""),
            idempotency_key=request.POST.get("key", ""),
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    except hall_services.ExtensionConflict as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Table %(table)d: +%(minutes)d min.")
            % {"table": table.number, "minutes": extension.minutes},
        )
    back = request.POST.get("next", "")
    if back.startswith(f"/director/{event.slug}/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}
    ):
        return redirect(back)
    return redirect("director:hall", slug=event.slug)
