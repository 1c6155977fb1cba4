"""Check-in on the event day (RULES.md section 9): at the desk (search or the card's QR), on
the player's own phone with the PIN, and closing it: the missing are marked absent (their
places freed, never deleted; a late check-in takes a place again if one is free), present
waitlisted registrants fill the free places, and round 1 is seated from those present.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.models import Event
from tournament.players import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Attendance, Registration, RegistrationLog
from tournament.writes import bump_revision

Status = Registration.Status
Kind = RegistrationLog.Kind


def fold(text: str) -> str:
    """``text`` without accents or case: "Šťastný" and "stastny" fold alike."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def open_check_in(event: Event) -> None:
    with transaction.atomic():
        regset = services.locked(event)
        if regset.check_in_closed_at is not None:
            raise ValidationError(_("Check-in is closed already."))
        if regset.check_in_opened_at is None:
            regset.check_in_opened_at = timezone.now()
            regset.save(update_fields=["check_in_opened_at"])


def _check_open(regset) -> None:
    if regset.check_in_opened_at is None:
        raise ValidationError(_("Check-in is not open yet."))


def check_in(event: Event, player: Player, how: str = Attendance.How.DESK) -> Attendance:
    """``player`` is present. After closing, a player marked absent comes back (late) if a
    place is free for their registration."""
    if player.event_id != event.pk:
        raise ValidationError(_("This player belongs to another event."))
    with transaction.atomic():
        regset = services.locked(event)
        _check_open(regset)
        attendance, _created = Attendance.objects.select_for_update().get_or_create(player=player)
        if attendance.checked_in_at is not None:
            return attendance
        reg = Registration.objects.select_for_update().filter(player=player).first()
        if attendance.absent:
            if reg is not None and reg.status == Status.ABSENT:
                if regset.places_taken >= regset.cap:
                    raise ValidationError(
                        _("Every place is taken: raise the cap to check %(name)s in late.")
                        % {"name": player.name}
                    )
                services.take_place(regset)
                reg.status = Status.ACCEPTED
                reg.save(update_fields=["status"])
            Player.objects.filter(pk=player.pk).update(status=Player.Status.ACTIVE)
            bump_revision(event)
        attendance.checked_in_at = timezone.now()
        attendance.absent = False
        attendance.how = how
        attendance.save()
        if reg is not None:
            services.log_step(reg, Kind.CHECKED_IN)
    return attendance


def check_in_registration(event: Event, registration: Registration) -> Registration:
    """A waitlisted registrant is present: they may take a free place when check-in closes."""
    if registration.event_id != event.pk:
        raise ValidationError(_("This player belongs to another event."))
    if registration.player_id:
        check_in(event, registration.player)
        return registration
    with transaction.atomic():
        regset, reg = services.reload_locked(event, registration)
        _check_open(regset)
        if reg.status not in (Status.WAITLISTED, Status.OFFERED, Status.PENDING):
            raise ValidationError(
                _("This registration is not active any more (%(status)s).")
                % {"status": reg.get_status_display()}
            )
        if reg.present_at is None:
            reg.present_at = timezone.now()
            reg.save(update_fields=["present_at"])
            services.log_step(reg, Kind.CHECKED_IN)
    return reg


def player_for_card(event: Event, link_or_token: str) -> Player:
    """The player whose card link (the QR code's address, or its token) was scanned."""
    token = link_or_token.strip().rstrip("/").rsplit("/", 1)[-1]
    try:
        event_id, player_id, _generation = signing.loads(token, salt=pins.CARD_SALT)
    except (signing.BadSignature, TypeError, ValueError):
        raise ValidationError(_("This is not a player card of this system.")) from None
    if event_id != event.pk:
        raise ValidationError(_("This player belongs to another event."))
    player = Player.objects.filter(pk=player_id, event=event).first()
    if player is None:
        raise ValidationError(_("This player belongs to another event."))
    return player


def self_check_in(event: Event, name: str, pin: str, client: str) -> Player:
    """The player on their own phone: their name and PIN (the PIN brake applies)."""
    regset = services.settings_of(event)
    if not regset.self_check_in:
        raise ValidationError(_("Check in at the desk."))
    _check_open(regset)
    player = event.players.filter(name_key=services.player_name_key(name.strip())).first()
    if player is None or not pins.sign_in(event, player, pin, client):
        raise ValidationError(_("Name or PIN is wrong."))
    check_in(event, player, Attendance.How.PHONE)
    return player


@dataclass(frozen=True)
class Found:
    kind: str  # "player" or "registration"
    pk: int
    name: str
    club: str
    state: str


def search(event: Event, query: str, limit: int = 20) -> list[Found]:
    """Players and waitlisted registrants whose name holds ``query``, accents and case aside
    (two queries)."""
    needle = fold(" ".join(query.split()))
    if not needle:
        return []
    found: list[Found] = []
    present = set(
        Attendance.objects.filter(player__event=event, checked_in_at__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    for pk, name, club in event.players.filter(is_substitute=False).values_list(
        "pk", "name", "club"
    ):
        if needle in fold(name):
            found.append(Found("player", pk, name, club, "in" if pk in present else "missing"))
    waiting = event.registrations.filter(
        status__in=(Status.WAITLISTED, Status.OFFERED, Status.PENDING)
    ).values_list("pk", "name", "club", "present_at")
    for pk, name, club, present_at in waiting:
        if needle in fold(name):
            found.append(Found("registration", pk, name, club, "in" if present_at else "waitlist"))
    found.sort(key=lambda f: fold(f.name))
    return found[:limit]


def desk_status(event: Event) -> dict:
    """Checked in / expected and who is missing (two queries)."""
    players = list(
        event.players.filter(is_substitute=False)
        .filter(Q(status=Player.Status.ACTIVE) | Q(attendance__absent=True))
        .values_list("pk", "name", "attendance__checked_in_at", "attendance__absent")
    )
    regset = services.settings_of(event)
    checked = [p for p in players if p[2] is not None]
    missing = sorted((p[1] for p in players if p[2] is None), key=fold)
    return {
        "checked_in": len(checked),
        "expected": len(players),
        "missing": missing,
        "opened": regset.check_in_opened_at is not None,
        "closed": regset.check_in_closed_at is not None,
    }


def close_check_in(event: Event, by: AbstractBaseUser, *, seat: bool = True):
    """Mark the missing absent, give free places to present waitlisted registrants, then
    (``seat``) seat round 1 from the players present. Returns the seating draft or None."""
    with transaction.atomic():
        regset = services.locked(event)
        _check_open(regset)
        if regset.check_in_closed_at is not None:
            raise ValidationError(_("Check-in is closed already."))
        active = event.players.filter(status=Player.Status.ACTIVE, is_substitute=False)
        present_ids = set(
            Attendance.objects.filter(player__event=event, checked_in_at__isnull=False).values_list(
                "player_id", flat=True
            )
        )
        missing = [p for p in active if p.pk not in present_ids]
        waiting_present = list(
            event.registrations.select_for_update()
            .filter(status__in=(Status.WAITLISTED, Status.OFFERED), present_at__isnull=False)
            .order_by("-priority", "pk")
        )
        expected_present = len(present_ids) + min(
            len(waiting_present), regset.cap - regset.places_taken + len(missing)
        )
        if seat and expected_present < 4:
            raise ValidationError(
                _("At least four players must be present to seat round 1 (present: %(count)d).")
                % {"count": expected_present}
            )
        now = timezone.now()
        for player in missing:
            Attendance.objects.update_or_create(player=player, defaults={"absent": True})
            reg = Registration.objects.select_for_update().filter(player=player).first()
            if reg is not None and reg.status == Status.ACCEPTED:
                services.free_place(regset)
                reg.status = Status.ABSENT
                reg.save(update_fields=["status"])
                services.log_step(reg, Kind.ABSENT, by=by)
        if missing:
            Player.objects.filter(pk__in=[p.pk for p in missing]).update(
                status=Player.Status.DROPPED
            )
            bump_revision(event)
        for reg in waiting_present:
            if regset.places_taken >= regset.cap:
                break
            if reg.status == Status.WAITLISTED:
                services.take_place(regset)
            reg.status = Status.ACCEPTED
            reg.offer_deadline = None
            services.make_player(reg)
            reg.save(update_fields=["status", "offer_deadline", "player"])
            services.log_step(reg, Kind.PLACED, by=by)
            Attendance.objects.create(
                player=reg.player, checked_in_at=now, how=Attendance.How.CLOSE
            )
        regset.check_in_closed_at = now
        regset.save(update_fields=["check_in_closed_at"])
    return seat_round_one(event, by) if seat else None


def seat_round_one(event: Event, by: AbstractBaseUser):
    """Seat round 1 from the active players with the generator: a fresh draft, or the
    re-draft that keeps what is already published; published at once."""
    from tournament.rounds.models import Round
    from tournament.seating import services as seating

    present = event.players.filter(status=Player.Status.ACTIVE, is_substitute=False).count()
    if present < 4:
        raise ValidationError(
            _("At least four players must be present to seat round 1 (present: %(count)d).")
            % {"count": present}
        )
    first = event.rounds.filter(number=1).first()
    if first is not None and first.status not in (Round.Status.PLANNED, Round.Status.SEATED):
        raise ValidationError(_("Round 1 is already under way."))
    if first is not None and first.status == Round.Status.SEATED:
        if not any(r.can_redraft for r in seating.affected_rounds(event)):
            return None
        draft = seating.start_redraft(event, by)
    else:
        last = event.seating_drafts.first()
        options = dict(last.options) if last else {}
        draft = seating.start_draft(event, by, first_round=1, rounds=1, **options)
    draft = seating.run_draft(draft)
    if draft.status != draft.Status.READY:
        raise ValidationError(draft.error or _("The seating could not be generated."))
    seating.publish(draft)
    return draft
