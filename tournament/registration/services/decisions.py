"""Changes to a registration other than the queue's own steps: the director's decisions
(approve, refuse with a reason that is mailed, move up the waitlist) and changes of details
(by the registrant's private link or the director). Like every step of ``services``, each
locks the event's registration settings first and checks the registration's state again under
the lock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.contacts import services as contacts
from tournament.contacts.models import Contact
from tournament.registration.models import Registration, RegistrationLog
from tournament.registration.services import (
    REASON_MAX,
    clean_fields,
    duplicates,
    fill_places,
    free_place,
    locked,
    log_step,
    make_player,
    race_error,
    reload_locked,
    settings_of,
    take_place,
    tell,
    unmake_player,
    waitlist,
)
from tournament.text import as_text

Status = Registration.Status
Kind = RegistrationLog.Kind


def approve(registration: Registration, by: AbstractBaseUser) -> Registration:
    """An approved registration takes a place if one is free (and nobody waits before it),
    else it waits, in order of arrival among the approved."""
    event = registration.event
    with transaction.atomic():
        regset, reg = reload_locked(event, registration)
        if reg.status != Status.PENDING:
            raise ValidationError(_("Only a registration awaiting approval can be approved."))
        log_step(reg, Kind.APPROVED, by=by)
        if regset.places_taken < regset.cap and not waitlist(event).exists():
            reg.status = Status.ACCEPTED
            take_place(regset)
            make_player(reg)
            step = log_step(reg, Kind.PLACED, by=by)
        else:
            reg.status = Status.WAITLISTED
            step = log_step(reg, Kind.WAITLISTED, by=by)
        reg.save(update_fields=["status", "player"])
        tell(regset, reg, step)
    return reg


def approve_many(event, pks: list[int], by: AbstractBaseUser) -> list[Registration]:
    """Approve several registrations at once, in order of arrival, all or none: each takes a
    free place or waits, as ``approve`` says. Refused (nothing approved) when one of them is
    no longer awaiting approval."""
    with transaction.atomic():
        regset = locked(event)
        chosen = list(event.registrations.select_for_update().filter(pk__in=pks).order_by("pk"))
        if not chosen:
            raise ValidationError(_("Choose the registrations to approve."))
        done = [r.name for r in chosen if r.status != Status.PENDING]
        if done:
            raise ValidationError(
                ngettext(
                    "%(names)s is not awaiting approval any more: nothing was approved.",
                    "%(names)s are not awaiting approval any more: nothing was approved.",
                    len(done),
                )
                % {"names": ", ".join(done)}
            )
        event.registration = regset
        return [approve(reg, by) for reg in chosen]


def _reason(reason: Any) -> str:
    text = " ".join(as_text(reason).split())
    if not text:
        raise ValidationError({"reason": [_("Give a reason.")]})
    if len(text) > REASON_MAX:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A reason has at most %(max)d character.",
                        "A reason has at most %(max)d characters.",
                        REASON_MAX,
                    )
                    % {"max": REASON_MAX}
                ]
            }
        )
    return text


def refuse(registration: Registration, by: AbstractBaseUser, reason: Any) -> Registration:
    """The director refuses a registration; the reason is mailed to the registrant."""
    text = _reason(reason)
    event = registration.event
    with transaction.atomic():
        regset, reg = reload_locked(event, registration)
        if reg.status not in Registration.LIVE:
            raise ValidationError(
                _("This registration is not active any more (%(status)s).")
                % {"status": reg.get_status_display()}
            )
        if reg.status in Registration.HOLDING:
            free_place(regset)
        unmake_player(reg)
        reg.status = Status.REFUSED
        reg.offer_deadline = None
        reg.save(update_fields=["status", "offer_deadline"])
        tell(regset, reg, log_step(reg, Kind.REFUSED, by=by, reason=text), reason=text)
        fill_places(regset)
    return reg


def move_up(registration: Registration, by: AbstractBaseUser, reason: Any) -> Registration:
    """To the head of the waitlist (a free place is offered at once)."""
    text = _reason(reason)
    event = registration.event
    with transaction.atomic():
        regset, reg = reload_locked(event, registration)
        if reg.status != Status.WAITLISTED:
            raise ValidationError(_("Only a registration on the waitlist can move up."))
        top = event.registrations.aggregate(top=Max("priority"))["top"] or 0
        reg.priority = top + 1
        reg.save(update_fields=["priority"])
        log_step(reg, Kind.MOVED_UP, by=by, reason=text)
        fill_places(regset)
    return reg


def edit_details(registration: Registration, data: Mapping[str, Any]) -> Registration:
    """The registrant (private link) or the director changes the details; a player made from
    the registration changes with it, and the address and language are the one contact's that
    both share."""
    from tournament.players.services import update_player

    event = registration.event
    regset = settings_of(event)
    contact = registration.contact
    merged = {
        "name": registration.name,
        "country": str(registration.country or ""),
        "club": registration.club,
        "ema_number": registration.ema_number,
        "email": contact.email,
        "team": registration.team_id,
        "language": contact.language,
        **{k: v for k, v in data.items() if v is not None},
    }
    fields = clean_fields(event, regset, merged, email_required=bool(contact.email))
    try:
        with transaction.atomic():
            regset, reg = reload_locked(event, registration)
            if reg.status not in Registration.LIVE:
                raise ValidationError(
                    _("This registration is not active any more (%(status)s).")
                    % {"status": reg.get_status_display()}
                )
            errors = duplicates(event, fields, exclude=reg)
            if errors:
                raise ValidationError(errors)
            contacts.change(
                Contact.objects.select_for_update().get(pk=reg.contact_id),
                email=fields.pop("email"),
                language=fields.pop("language"),
            )
            for key, value in fields.items():
                setattr(reg, key, value)
            reg.save()
            if reg.player_id:
                update_player(
                    reg.player,
                    name=reg.name,
                    country=str(reg.country or ""),
                    club=reg.club,
                    ema_number=reg.ema_number,
                    team=reg.team_id or "",
                )
            log_step(reg, Kind.EDITED)
    except IntegrityError as exc:
        raise race_error(exc) from None
    return reg
