"""Referees, head referees and scorekeepers of an event: one assignment per role.

**The event's tables.** A floor referee or scorekeeper may be limited to some table numbers.
The numbers must exist in the event: from 1 to the event's table count, which is the larger of
the most tables any round has and the tables its active players fill (four to a table, rounded
up). Rounds may differ (a round with fewer players has fewer tables); a number valid in the
largest round is accepted, and in a smaller round simply covers no table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tournament.collation import by_name
from tournament.events.models import MAX_NUMBER, Event
from tournament.players.models import Player
from tournament.rounds.models import Table
from tournament.staff.models import RefereeAssignment, StaffInvitation


def event_table_count(event: Event) -> int:
    """The event's tables (see the module docstring): two small queries."""
    seated = Table.objects.filter(round__event=event).aggregate(m=Max("number"))["m"] or 0
    active = event.players.filter(status=Player.Status.ACTIVE).count()
    return max(seated, (active + 3) // 4)


def check_table_numbers(event: Event, table_numbers: Iterable) -> list[int]:
    """The sorted distinct numbers, or ``ValidationError`` on ``table_numbers`` saying which
    numbers the event has."""
    numbers = list(table_numbers)
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in numbers)
    if not whole or any(not 1 <= n <= MAX_NUMBER for n in numbers):
        raise ValidationError({"table_numbers": [_("Table numbers are whole numbers from 1 up.")]})
    numbers = sorted(set(numbers))
    if not numbers:
        return numbers
    count = event_table_count(event)
    if count == 0:
        raise ValidationError(
            {
                "table_numbers": [
                    _(
                        "This event has no tables yet: register its players or seat a round "
                        "first, or leave the tables empty (every table)."
                    )
                ]
            }
        )
    beyond = [n for n in numbers if n > count]
    if beyond:
        raise ValidationError(
            {
                "table_numbers": [
                    ngettext(
                        "This event has %(count)d table (the most any round has, or as many as "
                        "its active players fill), so table numbers run from 1 to %(count)d; "
                        "%(numbers)s is beyond.",
                        "This event has %(count)d tables (the most any round has, or as many as "
                        "its active players fill), so table numbers run from 1 to %(count)d; "
                        "%(numbers)s is beyond.",
                        count,
                    )
                    % {"count": count, "numbers": ", ".join(map(str, beyond[:5]))}
                ]
            }
        )
    return numbers


def _check_role(role: str) -> None:
    if role not in RefereeAssignment.Role.values:
        raise ValidationError(
            {
                "role": [
                    _("Choose a role: %(roles)s.")
                    % {"roles": ", ".join(str(label) for label in RefereeAssignment.Role.labels)}
                ]
            }
        )


def assign_referee(
    event: Event, user: AbstractBaseUser, *, role: str, table_numbers: Sequence[int] = ()
) -> RefereeAssignment:
    """Give ``user`` the ``role`` in ``event`` (for ``table_numbers``, empty: every table), or
    change the tables of that role. Other roles of the same person stay. A new role, or new
    tables, shows as new on the person's referee page until they have seen it."""
    _check_role(role)
    if user.pk == event.director_id:
        raise ValidationError({"user": [_("The director already has every right in this event.")]})
    numbers = check_table_numbers(event, table_numbers)
    try:
        with transaction.atomic():
            assignment, created = RefereeAssignment.objects.get_or_create(
                event=event, user=user, role=role, defaults={"table_numbers": numbers}
            )
            if not created and assignment.table_numbers != numbers:
                assignment.table_numbers = numbers
                assignment.seen_at = None
                assignment.save(update_fields=["table_numbers", "seen_at"])
    except IntegrityError:
        # The same role given at the same moment by another request: it is there now.
        assignment = RefereeAssignment.objects.get(event=event, user=user, role=role)
    return assignment


def assign_roles(
    event: Event, user: AbstractBaseUser, *, roles: Iterable[str], table_numbers: Sequence[int] = ()
) -> list[RefereeAssignment]:
    """Several roles at once (all or none), with the same tables."""
    roles = list(dict.fromkeys(roles))
    if not roles:
        raise ValidationError({"roles": [_("Choose at least one role.")]})
    with transaction.atomic():
        return [assign_referee(event, user, role=r, table_numbers=table_numbers) for r in roles]


def change_assignment(
    assignment: RefereeAssignment,
    *,
    role: str | None = None,
    table_numbers: Sequence[int] | None = None,
) -> RefereeAssignment:
    """Change one assignment's role or tables. Changing the role to one the person already
    holds in the event is refused (remove one of the two instead)."""
    role = assignment.role if role is None else role
    _check_role(role)
    numbers = check_table_numbers(
        assignment.event,
        assignment.table_numbers if table_numbers is None else table_numbers,
    )
    if role != assignment.role and (
        RefereeAssignment.objects.filter(
            event_id=assignment.event_id, user_id=assignment.user_id, role=role
        ).exists()
    ):
        raise ValidationError({"role": [_("This person already holds that role in this event.")]})
    if (role, numbers) == (assignment.role, assignment.table_numbers):
        return assignment
    assignment.role, assignment.table_numbers, assignment.seen_at = role, numbers, None
    try:
        with transaction.atomic():
            assignment.save(update_fields=["role", "table_numbers", "seen_at"])
    except IntegrityError:
        raise ValidationError(
            {"role": [_("This person already holds that role in this event.")]}
        ) from None
    return assignment


def remove_assignment(assignment: RefereeAssignment) -> None:
    """Take one role away; the person's other roles in the event stay."""
    assignment.delete()


# Whom a director may assign -----------------------------------------------------------------

NOT_KNOWN = gettext_noop(
    "No member of your events' staff has this username. To add somebody new, create an "
    "invitation link and give it to them."
)


def known_staff(director: AbstractBaseUser) -> QuerySet:
    """The accounts a director may assign without an invitation: staff of any event they
    direct (present or past assignments, accepted invitations). Any other account stays
    invisible, whether it exists or not. A superuser may assign any account."""
    users = get_user_model().objects.filter(is_active=True)
    if director.is_superuser:
        return users.exclude(pk=director.pk)
    return (
        users.filter(
            Q(referee_assignments__event__director=director)
            | Q(accepted_staff_invitations__event__director=director)
        )
        .exclude(pk=director.pk)
        .distinct()
    )


def find_staff(director: AbstractBaseUser, username: str) -> AbstractBaseUser:
    """The account named ``username`` among ``known_staff``; otherwise the same message
    whether or not such an account exists."""
    username = (username or "").strip()
    field = get_user_model().USERNAME_FIELD
    found = known_staff(director).filter(**{field: username}).first() if username else None
    if found is None:
        raise ValidationError({"username": [_(NOT_KNOWN)]})
    return found


def staff_of(event: Event) -> list[dict]:
    """The event's staff, one entry per person with their assignments (strongest role
    first), by username in the active language's order: two queries."""
    people: dict[int, dict] = {}
    assignments = event.referees.select_related("user").order_by("user__username")
    for a in by_name(assignments, key=lambda a: a.user.get_username()):
        entry = people.setdefault(a.user_id, {"user": a.user, "assignments": []})
        entry["assignments"].append(a)
    for entry in people.values():
        entry["assignments"].sort(key=lambda a: -a.strength)
        entry["new"] = any(a.seen_at is None for a in entry["assignments"])
    return list(people.values())


def pending_invitations(event: Event) -> QuerySet:
    return StaffInvitation.objects.filter(
        event=event, accepted_at__isnull=True, expires_at__gt=timezone.now()
    )
