"""``{% my_roles %}``: the logged-in person's roles in every event, new ones marked, with a
button that acknowledges them. The referee home page shows it."""

from __future__ import annotations

from django import template

from tournament.staff.models import RefereeAssignment
from tournament.staff.services.invitations import assignments_of

register = template.Library()

RECORDING = (RefereeAssignment.Role.HEAD, RefereeAssignment.Role.FLOOR)


@register.inclusion_tag("staff/_my_roles.html", takes_context=True)
def my_roles(context) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    assignments = assignments_of(user) if user is not None else []
    events: dict[int, dict] = {}
    for a in assignments:
        entry = events.setdefault(
            a.event_id, {"event": a.event, "roles": [], "new": False, "records": False}
        )
        entry["roles"].append(a)
        entry["new"] = entry["new"] or a.seen_at is None
        entry["records"] = entry["records"] or a.role in RECORDING
    for entry in events.values():
        entry["roles"].sort(key=lambda a: -a.strength)
    return {
        "request": request,
        "events": list(events.values()),
        "new_count": sum(1 for a in assignments if a.seen_at is None),
    }
