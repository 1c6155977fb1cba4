"""Who may do what in an event.

Directors own events (``Event.director``); referees are attached per event by a
``RefereeAssignment`` (head or floor, floor referees optionally limited to some tables).
The global groups only say who may create events (directors) and label staff accounts;
rights inside an event always come from the event itself.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from .models import Event, RefereeAssignment

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


def referee_assignment(user: User, event: Event) -> RefereeAssignment | None:
    """The user's assignment in ``event``, remembered on the user object for the rest of the
    request (permission classes, services and views all ask)."""
    if not user.is_authenticated:
        return None
    cache = user.__dict__.setdefault("_referee_assignments", {})
    if event.pk not in cache:
        cache[event.pk] = RefereeAssignment.objects.filter(user=user, event=event).first()
    return cache[event.pk]


def is_head_referee(user: User, event: Event) -> bool:
    assignment = referee_assignment(user, event)
    return assignment is not None and assignment.role == RefereeAssignment.Role.HEAD


def is_staff_of(user: User, event: Event) -> bool:
    return is_director(user, event) or referee_assignment(user, event) is not None


def can_view(user: User, event: Event) -> bool:
    """Public events are readable by anybody; private ones only by their director and referees."""
    return event.is_public or is_staff_of(user, event)
