"""Who may do what in an event.

Directors own events (``Event.director``); referees are attached per event by
``RefereeAssignment`` rows, one per role: a person may be head referee, floor referee (for some
tables) and scorekeeper (for some tables) of one event, in any combination.
The global groups only say who may create events (directors) and label staff accounts;
rights inside an event always come from the event itself.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournament.events.models import Event
from tournament.staff.models import RefereeAssignment

DIRECTORS_GROUP = "Directors"
HEAD_REFEREES_GROUP = "Head referees"
FLOOR_REFEREES_GROUP = "Floor referees"
STAFF_GROUPS = (DIRECTORS_GROUP, HEAD_REFEREES_GROUP, FLOOR_REFEREES_GROUP)

User = AbstractBaseUser | AnonymousUser


def can_create_events(user: User) -> bool:
    return bool(
        user.is_authenticated
        and (user.is_superuser or user.groups.filter(name=DIRECTORS_GROUP).exists())
    )


def is_director(user: User, event: Event) -> bool:
    return bool(user.is_authenticated and (user.is_superuser or event.director_id == user.pk))


def referee_assignments(user: User, event: Event) -> list[RefereeAssignment]:
    """Every role the user holds in ``event``, strongest first (head, floor, scorekeeper),
    remembered on the user object for the rest of the request (permission classes, services
    and views all ask)."""
    if not user.is_authenticated:
        return []
    cache = user.__dict__.setdefault("_referee_assignments", {})
    if event.pk not in cache:
        # Unordered: sorted below (the model's ordering would join the users for nothing).
        found = list(RefereeAssignment.objects.filter(user=user, event=event).order_by())
        cache[event.pk] = sorted(found, key=lambda a: -a.strength)
    return cache[event.pk]


def referee_assignment(user: User, event: Event) -> RefereeAssignment | None:
    """The user's strongest assignment in ``event`` (head before floor before scorekeeper), or
    None. Rights that another role of the same person may grant (a floor referee who is also
    scorekeeper enters results) read ``referee_assignments``."""
    found = referee_assignments(user, event)
    return found[0] if found else None


def holds_role(user: User, event: Event, role: str, table_number: int | None = None) -> bool:
    """Whether the user holds ``role`` in ``event`` (covering ``table_number`` if given)."""
    return any(
        a.role == role and (table_number is None or a.covers_table(table_number))
        for a in referee_assignments(user, event)
    )


def is_head_referee(user: User, event: Event) -> bool:
    return holds_role(user, event, RefereeAssignment.Role.HEAD)


def is_staff_of(user: User, event: Event) -> bool:
    return is_director(user, event) or bool(referee_assignments(user, event))


def can_view(user: User, event: Event) -> bool:
    """Public events are readable by anybody; private ones only by their director and referees."""
    return event.is_public or is_staff_of(user, event)


def can_enter_results(user: User, event: Event, table_number: int) -> bool:
    """Director, head referee, scorekeeper (for the tables they cover); floor referees for their
    tables when the event lets them (``floor_referees_enter_results``)."""
    if is_director(user, event):
        return True
    for assignment in referee_assignments(user, event):
        role = assignment.role
        if role == RefereeAssignment.Role.HEAD:
            return True
        if role == RefereeAssignment.Role.SCOREKEEPER and assignment.covers_table(table_number):
            return True
        if (
            role == RefereeAssignment.Role.FLOOR
            and event.floor_referees_enter_results
            and assignment.covers_table(table_number)
        ):
            return True
    return False
