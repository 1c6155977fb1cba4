"""Staff accounts without the admin: invitation links, and what a person sees of their roles.

A director creates an invitation for roles (and tables) of their event and gets a link, shown
once: no email server is needed, the director hands the link over (or its QR code). Whoever
opens it either creates an account (choosing a username and a password) or logs in to theirs,
and accepts: the roles are theirs from then on. The director never types anybody's username
to invite them, so no page tells a director whether an account exists; once a person has
accepted, they are staff of the director's events and may be given more roles directly
(``referees.known_staff``), which they see marked as new on their referee page.

Only a SHA-256 hash of the link's secret is stored. A link works once, until it expires
(``STAFF_INVITATION_DAYS``, 7 by default) or the director withdraws or renews it.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.models import Event
from tournament.staff.models import RefereeAssignment, StaffInvitation
from tournament.staff.services import check_table_numbers
from tournament.text import REFUSED_CATEGORIES


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _lifetime() -> timedelta:
    return timedelta(days=int(getattr(settings, "STAFF_INVITATION_DAYS", 7)))


def _clean_roles(roles: Iterable[str]) -> list[str]:
    roles = list(dict.fromkeys(roles))
    if not roles:
        raise ValidationError({"roles": [_("Choose at least one role.")]})
    if any(r not in RefereeAssignment.Role.values for r in roles):
        raise ValidationError(
            {
                "roles": [
                    _("Choose among: %(roles)s.")
                    % {"roles": ", ".join(str(label) for label in RefereeAssignment.Role.labels)}
                ]
            }
        )
    return roles


def _clean_note(note: str) -> str:
    note = " ".join((note or "").split())
    if any(unicodedata.category(c) in REFUSED_CATEGORIES for c in note):
        raise ValidationError(
            {"note": [_("The note cannot contain control or invisible formatting characters.")]}
        )
    if len(note) > 120:
        raise ValidationError({"note": [_("The note has at most 120 characters.")]})
    return note


def create_invitation(
    event: Event,
    created_by: AbstractBaseUser,
    *,
    roles: Iterable[str],
    table_numbers: Sequence[int] = (),
    note: str = "",
) -> tuple[StaffInvitation, str]:
    """A new invitation and its secret (the only time the secret is known)."""
    errors: dict[str, list[str]] = {}
    cleaned: dict[str, object] = {}
    for key, check in (
        ("roles", lambda: _clean_roles(roles)),
        ("table_numbers", lambda: check_table_numbers(event, table_numbers)),
        ("note", lambda: _clean_note(note)),
    ):
        try:
            cleaned[key] = check()
        except ValidationError as exc:
            errors.update(exc.message_dict)
    if errors:
        raise ValidationError(errors)
    token = secrets.token_urlsafe(32)
    invitation = StaffInvitation.objects.create(
        event=event,
        created_by=created_by,
        token_hash=_hash(token),
        expires_at=timezone.now() + _lifetime(),
        **cleaned,
    )
    return invitation, token


def renew_invitation(invitation: StaffInvitation) -> str:
    """A new secret and a new validity for an invitation nobody has accepted; the old link
    stops working."""
    if invitation.accepted_at is not None:
        raise ValidationError(_("This invitation was already accepted."))
    token = secrets.token_urlsafe(32)
    invitation.token_hash = _hash(token)
    invitation.expires_at = timezone.now() + _lifetime()
    invitation.save(update_fields=["token_hash", "expires_at"])
    return token


def withdraw_invitation(invitation: StaffInvitation) -> None:
    if invitation.accepted_at is not None:
        raise ValidationError(
            _("This invitation was already accepted: remove the person's roles instead.")
        )
    invitation.delete()


def open_invitation(token: str) -> StaffInvitation | None:
    """The pending invitation of this secret, or None (unknown, used, expired, withdrawn)."""
    if not token or len(token) > 100:
        return None
    invitation = (
        StaffInvitation.objects.select_related("event", "created_by")
        .filter(token_hash=_hash(token))
        .first()
    )
    if invitation is None or not invitation.is_pending:
        return None
    return invitation


def accept_invitation(invitation: StaffInvitation, user: AbstractBaseUser) -> list:
    """Give ``user`` the invitation's roles; the invitation is then used up."""
    event = invitation.event
    if user.pk == event.director_id:
        raise ValidationError(_("You direct this event: you already have every right in it."))
    now = timezone.now()
    with transaction.atomic():
        locked = StaffInvitation.objects.select_for_update().filter(pk=invitation.pk).first()
        if locked is None or locked.accepted_at is not None or locked.expires_at <= now:
            raise ValidationError(_("This invitation link is no longer valid."))
        assignments = []
        for role in locked.roles:
            # New until the person acknowledges them on their referee page, where accepting
            # leads: the welcome there lists them.
            assignment, created = RefereeAssignment.objects.get_or_create(
                event=event,
                user=user,
                role=role,
                defaults={"table_numbers": locked.table_numbers},
            )
            if not created:
                assignment.table_numbers = locked.table_numbers
                assignment.seen_at = None
                assignment.save(update_fields=["table_numbers", "seen_at"])
            assignments.append(assignment)
        locked.accepted_by = user
        locked.accepted_at = now
        locked.save(update_fields=["accepted_by", "accepted_at"])
    invitation.accepted_by, invitation.accepted_at = user, now
    return assignments


# How many times one invitation link answers "taken" before it refuses new accounts: the page
# must say when a chosen username cannot be had, and so tells whether an account exists, but a
# link (which only a director hands out) may ask that of a few names, never of a list.
MAX_TAKEN_ANSWERS = 3


def _taken_too_often() -> str:
    return _(
        "Too many usernames were already taken with this link. Log in with your account if "
        "you have one, or ask the director for a new link."
    )


def create_account(
    invitation: StaffInvitation, *, username: str, password: str, password_again: str
) -> AbstractBaseUser:
    """A new account for the person holding the invitation, who then accepts it."""
    User = get_user_model()
    username = (username or "").strip()
    errors: dict[str, list[str]] = {}
    if not username:
        errors["username"] = [_("Choose a username.")]
    else:
        try:
            User.username_validator(username)
        except ValidationError as exc:
            errors["username"] = exc.messages
        if len(username) > 150:
            errors["username"] = [_("A username has at most 150 characters.")]
    if password != password_again:
        errors["password_again"] = [_("The two passwords differ.")]
    candidate = User(username=username)
    try:
        password_validation.validate_password(password or "", candidate)
    except ValidationError as exc:
        errors["password"] = exc.messages
    if errors:
        raise ValidationError(errors)
    taken_key = f"staff-invitation:{invitation.pk}:taken"
    if (cache.get(taken_key) or 0) >= MAX_TAKEN_ANSWERS:
        raise ValidationError(_taken_too_often())
    try:
        with transaction.atomic():
            if User.objects.filter(username__iexact=username).exists():
                raise IntegrityError
            user = User.objects.create_user(username=username, password=password)
            accept_invitation(invitation, user)
    except IntegrityError:
        if not cache.add(taken_key, 1, int(_lifetime().total_seconds())):
            cache.incr(taken_key)
        raise ValidationError(
            {"username": [_("This username is taken; choose another.")]}
        ) from None
    return user


def assignments_of(user: AbstractBaseUser) -> list[RefereeAssignment]:
    """Every role the user holds, in any event, newest first, with the event."""
    if not user.is_authenticated:
        return []
    return list(
        RefereeAssignment.objects.filter(user=user)
        .select_related("event")
        .order_by("-assigned_at", "-pk")
    )


def has_new_roles(user: AbstractBaseUser) -> bool:
    """Whether the user holds a role they have not seen yet (their referee page shows it)."""
    return bool(
        user.is_authenticated
        and RefereeAssignment.objects.filter(user=user, seen_at__isnull=True).exists()
    )


def mark_assignments_seen(user: AbstractBaseUser) -> int:
    """The person has seen their new roles: they stop showing as new."""
    if not user.is_authenticated:
        return 0
    return RefereeAssignment.objects.filter(user=user, seen_at__isnull=True).update(
        seen_at=timezone.now()
    )
