"""Who may use the referee's tablet and what a table shows them, shared by the tablet's
pages (``penalties.tablet.views``) and the hand check (``penalties.handcheck.views``): the
event a user may see, their assignment, the table they may work at and its seats by wind,
and the refusal that says why."""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from penalties import services
from tournament.access.roles import can_view, is_director, referee_assignment
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.rounds.models import WIND_ORDER, Seat, Table
from tournament.staff.models import RefereeAssignment


def wants_json(request: HttpRequest) -> bool:
    """The offline queue asks for JSON with ``Accept: application/json``."""
    return "application/json" in request.headers.get("Accept", "")


def explain_forbidden(view):
    """A refusal says why and leads back to the referee's tables (JSON for the offline queue,
    which shows the reason on the form and on queued reports)."""

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args, **kwargs):
        try:
            return view(request, slug, *args, **kwargs)
        except PermissionDenied as exc:
            message = str(exc) or _("You may not do this in this event.")
            if wants_json(request):
                return JsonResponse({"errors": {"__all__": [{"message": message}]}}, status=403)
            return render(
                request,
                "referee/forbidden.html",
                {"slug": slug, "message": message},
                status=403,
            )

    return wrapper


def event_for(request: HttpRequest, slug: str) -> Event:
    """The event, 404 for anybody who may not see it (a private event's outsiders too)."""
    event = get_object_or_404(Event, slug=slug)
    if not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return event


def staff_of(request: HttpRequest, slug: str) -> tuple[Event, RefereeAssignment | None]:
    """The event and the user's assignment (None for the director); 403 for anybody else who
    may see the event, and for a private event the same 404 as for a missing one."""
    event = event_for(request, slug)
    assignment = services.check_recorder(event, request.user)
    return event, assignment


def any_staff_of(request: HttpRequest, slug: str) -> tuple[Event, RefereeAssignment | None, bool]:
    """The event, the user's strongest assignment (None for the director) and whether they may
    record fouls; scorekeepers see their tables too (to enter results)."""
    event = event_for(request, slug)
    if is_director(request.user, event):
        return event, None, True
    assignment = referee_assignment(request.user, event)
    if assignment is None:
        raise PermissionDenied(_("You are not staff of this event."))
    return event, assignment, assignment.role != RefereeAssignment.Role.SCOREKEEPER


def is_head(assignment: RefereeAssignment | None) -> bool:
    """The director (no assignment) or a head referee."""
    return assignment is None or assignment.role == RefereeAssignment.Role.HEAD


def table_of(
    event: Event, round_number: int, table_number: int, assignment: RefereeAssignment | None
) -> Table:
    """The table, 404 if the round has none with that number; 403 with the reason when it is
    not one of the referee's tables."""
    table = get_object_or_404(
        Table.objects.select_related("round"),
        round__event=event,
        round__number=round_number,
        number=table_number,
    )
    if assignment is not None and not assignment.covers_table(table.number):
        raise PermissionDenied(
            _(
                "Table %(t)s is not one of your tables (%(mine)s). Ask the head referee to "
                "cover it, or go back to your tables."
            )
            % {"t": table.number, "mine": ", ".join(map(str, assignment.table_numbers))}
        )
    return table


def seats_of(table: Table) -> list[Seat]:
    """The table's seats with their players."""
    return list(table.seats.select_related("player"))


def seats_by_wind(seats: list[Seat]) -> list[tuple[str, Seat | None]]:
    """(wind label, seat or None) in the order East, South, West, North."""
    by_wind = {s.wind: s for s in seats}
    return [(wind.label, by_wind.get(wind)) for wind in WIND_ORDER]
