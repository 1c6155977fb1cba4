"""Registration and the waitlist (docs/rules/registration.md).

Every step that takes or frees a place locks the event's ``RegistrationSettings`` row first
and checks the registration's state again under that lock: concurrent sign-ups queue on the
row in order of arrival, and ``places_taken`` moves only under it (the database's check
constraint keeps it at most ``cap`` whatever a code path does). Each step writes one
``RegistrationLog`` row and, where the registrant should hear of it, one stored mail.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, ProtectedError, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.contacts import services as contacts
from tournament.contacts.models import EMAIL_MAX, Contact
from tournament.events.models import Event
from tournament.players.models import Player, player_name_key
from tournament.players.services import clean_player_fields, duplicate_errors
from tournament.registration.models import (
    OPTIONAL_FIELDS,
    Registration,
    RegistrationLog,
    RegistrationSettings,
)
from tournament.registration.services.mail import queue_status_mail
from tournament.text import as_text
from tournament.writes import bump_revision

Status = Registration.Status
Kind = RegistrationLog.Kind
LINK_SALT = "mahjong-registration-link"
REASON_MAX = 500


# Settings ----------------------------------------------------------------------------------


def settings_of(event: Event) -> RegistrationSettings:
    """The event's settings (made on first use); no query when the caller's event was read
    with ``select_related("registration")``."""
    try:
        return event.registration
    except RegistrationSettings.DoesNotExist:
        found, _created = RegistrationSettings.objects.get_or_create(event=event)
        event.registration = found
        return found


def update_settings(event: Event, **fields: Any) -> RegistrationSettings:
    """Change the settings; a larger cap offers the new places to the waitlist at once."""
    with transaction.atomic():
        settings_of(event)
        regset = RegistrationSettings.objects.select_for_update().get(event=event)
        errors: dict[str, list[str]] = {}
        cap = fields.get("cap", regset.cap)
        if cap is None or cap < regset.places_taken:
            errors["cap"] = [
                _("%(taken)d places are taken: the cap cannot be lower.")
                % {"taken": regset.places_taken}
            ]
        opens, closes = (
            fields.get("opens_at", regset.opens_at),
            fields.get("closes_at", regset.closes_at),
        )
        if opens and closes and closes <= opens:
            errors["closes_at"] = [_("Registration must close after it opens.")]
        required = fields.get("required_fields", regset.required_fields)
        if any(f not in OPTIONAL_FIELDS for f in required):
            errors["required_fields"] = [_("Unknown field.")]
        if errors:
            raise ValidationError(errors)
        for key, value in fields.items():
            setattr(regset, key, value)
        regset.save()
        event.registration = regset
        fill_places(regset)
    return regset


def is_open(regset: RegistrationSettings, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    return bool(
        regset.opens_at
        and regset.opens_at <= now
        and (regset.closes_at is None or now < regset.closes_at)
        and regset.check_in_closed_at is None
    )


def opens_later(regset: RegistrationSettings, now: datetime | None = None) -> bool:
    """Registration has a time to open, still to come."""
    return bool(regset.opens_at and (now or timezone.now()) < regset.opens_at)


# Links -------------------------------------------------------------------------------------


def link_token(registration: Registration) -> str:
    return signing.dumps([registration.pk, registration.link_nonce], salt=LINK_SALT)


def registration_for_link(event: Event, token: str) -> Registration:
    """The registration a private link names; ``ValidationError`` if tampered or expired."""
    days = getattr(django_settings, "REGISTRATION_LINK_DAYS", 365)
    try:
        pk, nonce = signing.loads(token, salt=LINK_SALT, max_age=days * 86400)
    except signing.SignatureExpired:
        raise ValidationError(_("This link has expired.")) from None
    except (signing.BadSignature, TypeError, ValueError):
        raise ValidationError(_("This link is not valid.")) from None
    found = (
        Registration.objects.select_related("contact")
        .filter(pk=pk, event=event, link_nonce=nonce, erased_at__isnull=True)
        .first()
    )
    if found is None:
        raise ValidationError(_("This link is not valid."))
    return found


def link_url(registration: Registration) -> str:
    """The private link, on the site's configured address (``SITE_URL``): a mail the worker
    sends has no request to take a host from."""
    path = reverse("registration-mine", args=[registration.event.slug, link_token(registration)])
    return django_settings.SITE_URL + path


# Checks ------------------------------------------------------------------------------------


def clean_fields(
    event: Event, regset: RegistrationSettings, data: Mapping[str, Any], *, email_required: bool
) -> dict[str, Any]:
    """The checks of a player, an e-mail address, the event's required fields and a
    language; ``ValidationError`` per field."""
    from tournament.formats.services.teams import resolve_team

    errors: dict[str, list[str]] = {}
    try:
        fields: dict[str, Any] = clean_player_fields(
            data.get("name", ""),
            data.get("country", ""),
            data.get("club", ""),
            data.get("ema_number", ""),
        )
    except ValidationError as exc:
        errors.update(exc.message_dict)
        fields = {}
    email = as_text(data.get("email", "")).strip()
    if len(email) > EMAIL_MAX:
        errors["email"] = [
            ngettext(
                "An e-mail address has at most %(max)d character.",
                "An e-mail address has at most %(max)d characters.",
                EMAIL_MAX,
            )
            % {"max": EMAIL_MAX}
        ]
    elif email:
        try:
            email = contacts.clean_address(email)
        except ValidationError:
            errors["email"] = [_("Enter a valid e-mail address.")]
    elif email_required:
        errors["email"] = [_("An e-mail address is required: your private link comes by e-mail.")]
    fields["email"] = email
    for name in regset.required_fields:
        if name != "team" and name in fields and not fields[name] and name not in errors:
            errors[name] = [_("This field is required.")]
    team = data.get("team") or None
    if event.has_teams:
        if not team and "team" in regset.required_fields:
            errors["team"] = [_("This field is required.")]
        try:
            fields["team"] = resolve_team(event, team)
        except ValidationError as exc:
            errors.update(exc.message_dict)
    else:
        fields["team"] = None
    language = as_text(data.get("language", "")) or django_settings.LANGUAGE_CODE
    if language not in dict(django_settings.LANGUAGES):
        errors["language"] = [_("Choose a language from the list.")]
    fields["language"] = language
    if errors:
        raise ValidationError(errors)
    return fields


def duplicates(
    event: Event, fields: Mapping[str, Any], exclude: Registration | None = None
) -> dict[str, list[str]]:
    """Players of the event and live registrations with the same name, EMA number or e-mail
    (an address only a player holds is refused under the lock, by ``contact_for``)."""
    player_pk = exclude.player_id if exclude else None
    errors = duplicate_errors(event, fields, exclude_pk=player_pk)
    live = event.registrations.filter(status__in=Registration.LIVE)
    if exclude is not None:
        live = live.exclude(pk=exclude.pk)
    key = player_name_key(fields["name"])
    same = Q(name_key=key)
    if fields["ema_number"]:
        same |= Q(ema_number=fields["ema_number"])
    if fields["email"]:
        same |= Q(contact__email=fields["email"])
    # one query for the three: every sign-up of a popular event runs it
    for name_key, ema_number, email in live.filter(same).values_list(
        "name_key", "ema_number", "contact__email"
    ):
        if name_key == key:
            errors.setdefault(
                "name",
                [_("%(name)s is already registered in this event.") % {"name": fields["name"]}],
            )
        if fields["ema_number"] and ema_number == fields["ema_number"]:
            errors.setdefault(
                "ema_number",
                [
                    _("EMA number %(number)s is already registered in this event.")
                    % {"number": fields["ema_number"]}
                ],
            )
        if fields["email"] and email == fields["email"]:
            errors["email"] = [_("This e-mail address is already registered in this event.")]
    return errors


def race_error(exc: IntegrityError) -> ValidationError:
    text = str(exc).lower()
    for field, marker in (("email", "email"), ("ema_number", "ema"), ("name", "name")):
        if marker in text:
            return ValidationError(
                {field: [_("Registered meanwhile by somebody else; check and try again.")]}
            )
    return ValidationError(
        _("The change conflicts with data saved meanwhile; reload the page and try again.")
    )


# The queue ---------------------------------------------------------------------------------


def locked(event: Event) -> RegistrationSettings:
    """The event's settings row, locked until the caller's transaction ends."""
    found = RegistrationSettings.objects.select_for_update().filter(event=event).first()
    if found is None:
        settings_of(event)
        found = RegistrationSettings.objects.select_for_update().get(event=event)
    return found


def _log_row(
    registration: Registration,
    kind: str,
    by: AbstractBaseUser | None = None,
    reason: str = "",
    deadline: datetime | None = None,
) -> RegistrationLog:
    return RegistrationLog(
        registration=registration,
        kind=kind,
        by=by if by is not None and by.is_authenticated else None,
        reason=reason[:REASON_MAX],
        deadline=deadline,
    )


def log_step(
    registration: Registration,
    kind: str,
    *,
    by: AbstractBaseUser | None = None,
    reason: str = "",
    deadline: datetime | None = None,
) -> RegistrationLog:
    row = _log_row(registration, kind, by, reason, deadline)
    row.save()
    return row


def log_steps(
    registration: Registration, kinds: list[str], *, by: AbstractBaseUser | None = None
) -> list[RegistrationLog]:
    """Several steps at once, in order (one insert: a sign-up writes two)."""
    return RegistrationLog.objects.bulk_create([_log_row(registration, kind, by) for kind in kinds])


def tell(
    regset: RegistrationSettings,
    registration: Registration,
    step: RegistrationLog,
    reason: str = "",
) -> None:
    queue_status_mail(regset, registration, step, link_url(registration), reason=reason)


def take_place(regset: RegistrationSettings) -> None:
    RegistrationSettings.objects.filter(pk=regset.pk).update(places_taken=F("places_taken") + 1)
    regset.places_taken += 1


def free_place(regset: RegistrationSettings) -> None:
    RegistrationSettings.objects.filter(pk=regset.pk).update(places_taken=F("places_taken") - 1)
    regset.places_taken -= 1


def make_player(registration: Registration) -> None:
    """The registration becomes a player of the event (the player's own constraints apply),
    with the registration's contact: one address and one language for both."""
    if registration.player_id:
        Player.objects.filter(pk=registration.player_id).update(status=Player.Status.ACTIVE)
    else:
        registration.player = Player.objects.create(
            event_id=registration.event_id,
            name=registration.name,
            country=registration.country,
            club=registration.club,
            ema_number=registration.ema_number,
            team=registration.team,
        )
    Contact.objects.filter(pk=registration.contact_id).update(player=registration.player)
    bump_revision(registration.event)


def unmake_player(registration: Registration) -> None:
    """A player who leaves before playing is removed; one with seats is dropped (results
    stay), and so is one that rows which are never deleted name (the outbox's messages)."""
    player = registration.player
    if player is None:
        return
    if not player.seats.exists():
        try:
            with transaction.atomic():
                Registration.objects.filter(pk=registration.pk).update(player=None)
                player.delete()
        except ProtectedError:
            pass
        else:
            registration.player = None
            bump_revision(registration.event)
            return
    Player.objects.filter(pk=player.pk).update(status=Player.Status.DROPPED)
    bump_revision(registration.event)


def waitlist(event: Event):
    return event.registrations.filter(status=Status.WAITLISTED).order_by("-priority", "pk")


def offer_deadline(event: Event, now: datetime | None = None) -> datetime:
    """48 hours (the event's setting), or 30 minutes on the event's days."""
    regset = event.registration
    now = now or timezone.now()
    today = timezone.localtime(now, event.tzinfo).date()
    on_day = bool(
        event.start_date and event.start_date <= today <= (event.end_date or event.start_date)
    )
    if on_day:
        return now + timedelta(minutes=regset.offer_minutes_on_event_day)
    return now + timedelta(hours=regset.offer_hours)


def fill_places(regset: RegistrationSettings) -> list[Registration]:
    """Under the lock: offer each free place to the next on the waitlist."""
    offered = []
    if regset.check_in_closed_at is not None:
        return offered
    event = regset.event
    while regset.places_taken < regset.cap:
        nxt = waitlist(event).select_for_update().first()
        if nxt is None:
            break
        nxt.status = Status.OFFERED
        nxt.offer_deadline = offer_deadline(event)
        nxt.save(update_fields=["status", "offer_deadline"])
        take_place(regset)
        tell(regset, nxt, log_step(nxt, Kind.OFFERED, deadline=nxt.offer_deadline))
        offered.append(nxt)
    return offered


def check_open(regset: RegistrationSettings, now: datetime | None = None) -> None:
    if not is_open(regset, now):
        if regset.opens_at is None or opens_later(regset, now):
            raise ValidationError(_("Registration is not open yet."))
        raise ValidationError(_("Registration is closed."))


def contact_for(event: Event, email: str, language: str) -> Contact:
    """Under the lock: the contact of a new registration. An address whose contact nobody
    holds any more (the same person signing up again) keeps its contact; one held is
    refused."""
    if email:
        found = Contact.objects.select_for_update().filter(event=event, email=email).first()
        if found is not None:
            held = Q(player__isnull=False) | Q(registrations__status__in=Registration.LIVE)
            if Contact.objects.filter(held, pk=found.pk).exists():
                raise ValidationError(
                    {"email": [_("This e-mail address is already registered in this event.")]}
                )
            return contacts.change(found, language=language)
    return Contact.objects.create(event=event, email=email, language=language)


def sign_up(
    event: Event,
    data: Mapping[str, Any],
    *,
    by: AbstractBaseUser | None = None,
    now: datetime | None = None,
) -> Registration:
    """A registration by the registrant (``by`` None: within the opening times, e-mail
    required) or by the director (``by``: at any time, and it must take a place)."""
    direct = by is not None
    regset = settings_of(event)
    fields = clean_fields(event, regset, data, email_required=not direct)
    # Checked before the lock, which every sign-up of the event queues on: the registrations'
    # unique constraints (live name, EMA number, e-mail) refuse what arrives meanwhile.
    if not direct:
        check_open(regset, now)
    errors = duplicates(event, fields)
    if errors:
        raise ValidationError(errors)
    email, language = fields.pop("email"), fields.pop("language")
    try:
        with transaction.atomic():
            regset = locked(event)
            if not direct:
                check_open(regset, now)
            free = regset.places_taken < regset.cap and not waitlist(event).exists()
            if direct and regset.places_taken >= regset.cap:
                raise ValidationError(_("Every place is taken: raise the cap first."))
            if direct or (free and not regset.needs_approval):
                status = Status.ACCEPTED
            elif regset.needs_approval:
                status = Status.PENDING
            else:
                status = Status.WAITLISTED
            registration = Registration(
                event=event,
                status=status,
                link_nonce=secrets.token_hex(16),
                contact=contact_for(event, email, language),
                **fields,
            )
            registration.save()
            kinds = [Kind.ADDED if direct else Kind.SIGNED_UP]
            if status == Status.ACCEPTED:
                take_place(regset)
                make_player(registration)
                registration.save(update_fields=["player"])
                kinds.append(Kind.PLACED)
            elif status == Status.WAITLISTED:
                kinds.append(Kind.WAITLISTED)
            steps = log_steps(registration, kinds, by=by)
            tell(regset, registration, steps[-1])
    except IntegrityError as exc:
        raise race_error(exc) from None
    return registration


def reload_locked(
    event: Event, registration: Registration
) -> tuple[RegistrationSettings, Registration]:
    regset = locked(event)
    fresh = Registration.objects.select_for_update().get(pk=registration.pk)
    return regset, fresh


def withdraw(registration: Registration) -> Registration:
    """The registrant leaves (until check-in closes); a held place goes to the waitlist."""
    event = registration.event
    with transaction.atomic():
        regset, reg = reload_locked(event, registration)
        if reg.status not in Registration.LIVE:
            raise ValidationError(
                _("This registration is not active any more (%(status)s).")
                % {"status": reg.get_status_display()}
            )
        if regset.check_in_closed_at is not None:
            raise ValidationError(_("Check-in is closed: ask the director."))
        if reg.status in Registration.HOLDING:
            free_place(regset)
        unmake_player(reg)
        reg.status = Status.WITHDRAWN
        reg.offer_deadline = None
        reg.save(update_fields=["status", "offer_deadline"])
        tell(regset, reg, log_step(reg, Kind.WITHDRAWN))
        fill_places(regset)
    return reg


def accept_offer(registration: Registration, now: datetime | None = None) -> Registration:
    event = registration.event
    with transaction.atomic():
        regset, reg = reload_locked(event, registration)
        if reg.status != Status.OFFERED:
            raise ValidationError(
                _("No place is offered to you now (%(status)s).")
                % {"status": reg.get_status_display()}
            )
        if regset.check_in_closed_at is not None:
            raise ValidationError(_("Check-in is closed: the places are filled."))
        if reg.offer_deadline and (now or timezone.now()) >= reg.offer_deadline:
            raise ValidationError(_("The deadline to accept this place has passed."))
        errors = duplicates(event, fields_of(reg), exclude=reg)
        if errors:
            raise ValidationError(errors)
        reg.status = Status.ACCEPTED
        reg.offer_deadline = None
        make_player(reg)
        reg.save(update_fields=["status", "offer_deadline", "player"])
        tell(regset, reg, log_step(reg, Kind.OFFER_ACCEPTED))
    return reg


def decline_offer(registration: Registration) -> Registration:
    event = registration.event
    with transaction.atomic():
        regset, reg = reload_locked(event, registration)
        if reg.status != Status.OFFERED:
            raise ValidationError(
                _("No place is offered to you now (%(status)s).")
                % {"status": reg.get_status_display()}
            )
        free_place(regset)
        reg.status = Status.DECLINED
        reg.offer_deadline = None
        reg.save(update_fields=["status", "offer_deadline"])
        log_step(reg, Kind.OFFER_REFUSED)
        fill_places(regset)
    return reg


def expire_due_offers(now: datetime | None = None) -> int:
    """Every offer past its deadline expires, and its place is offered to the next one."""
    now = now or timezone.now()
    expired = 0
    event_ids = set(
        Registration.objects.filter(status=Status.OFFERED, offer_deadline__lte=now).values_list(
            "event_id", flat=True
        )
    )
    for event in Event.objects.filter(pk__in=event_ids):
        with transaction.atomic():
            regset = locked(event)
            due = event.registrations.select_for_update().filter(
                status=Status.OFFERED, offer_deadline__lte=now
            )
            for reg in due:
                free_place(regset)
                reg.status = Status.EXPIRED
                reg.save(update_fields=["status"])
                tell(regset, reg, log_step(reg, Kind.OFFER_EXPIRED, deadline=reg.offer_deadline))
                expired += 1
            fill_places(regset)
    return expired


def fields_of(reg: Registration) -> dict[str, Any]:
    return {"name": reg.name, "ema_number": reg.ema_number, "email": reg.contact.email}


def counts(event: Event) -> dict[str, int]:
    """Registrations by status (one query)."""
    from django.db.models import Count

    rows = event.registrations.values("status").annotate(n=Count("pk")).order_by()
    return {row["status"]: row["n"] for row in rows}


def waitlist_place(registration: Registration) -> int | None:
    """1 for the head of the waitlist; None when not waiting."""
    if registration.status != Status.WAITLISTED:
        return None
    ahead = waitlist(registration.event).filter(
        Q(priority__gt=registration.priority)
        | Q(priority=registration.priority, pk__lt=registration.pk)
    )
    return ahead.count() + 1
