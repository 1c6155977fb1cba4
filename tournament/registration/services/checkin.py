"""Check-in on the event day (docs/rules/registration.md): at the desk (search or the card's QR), on
the player's own phone with the PIN, and closing it: the missing are marked absent (their
places freed, never deleted; a late check-in takes a place again if one is free), present
waitlisted registrants fill the free places, and round 1 is seated from those present.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.collation import by_name, key_matches, match_key, same_name
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Attendance, Registration, RegistrationLog
from tournament.writes import bump_revision

Status = Registration.Status
Kind = RegistrationLog.Kind
# The code of ``check_in``'s refusal when a late arrival finds every place taken.
NO_PLACE = "no_place"
# Why an offer ended at the close: in the registrant's language in their mail.
CLOSED = gettext_lazy("Check-in closed.")


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
                        % {"name": player.name},
                        code=NO_PLACE,
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


def check_in_many(event: Event, player_ids: list[int]) -> list[Player]:
    """Several players present at once (a club arriving together): all of them, or none
    when one cannot be checked in."""
    ids = set(player_ids)
    players = list(event.players.filter(pk__in=ids, is_substitute=False).order_by("pk"))
    if not ids:
        raise ValidationError(_("Choose the players to check in."))
    if len(players) != len(ids):
        raise ValidationError(_("This player belongs to another event."))
    with transaction.atomic():
        for player in players:
            check_in(event, player)
    return players


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
    """The player whose card link (the QR code's address, or its token) was scanned, read as
    the link itself reads it (``pins.read_card``): a replaced or expired card names nobody."""
    token = link_or_token.strip().rstrip("/").rsplit("/", 1)[-1]
    try:
        return pins.read_card(event, token)
    except pins.CardRefused as refused:
        message = {
            "replaced": _(
                "This card was replaced: its PIN was reissued. Take the player's new card, "
                "or find them by name."
            ),
            "expired": _("This card's link has expired. Find the player by name."),
            "other_event": _("This player belongs to another event."),
        }.get(refused.reason, _("This is not a player card of this system."))
        raise ValidationError(message) from None


def _named(event: Event, name: str) -> Player | None:
    """The player whose name ``name`` is, as the player types it (case, accents and word order
    aside); of two names alike that way, the one written exactly so."""
    names = event.players.values_list("pk", "name", "name_key")
    alike = [(pk, key) for pk, other, key in names if same_name(name, other)]
    if len(alike) > 1:
        typed = services.player_name_key(" ".join(name.split()))
        alike = [(pk, key) for pk, key in alike if key == typed]
    return Player.objects.get(pk=alike[0][0]) if len(alike) == 1 else None


def self_check_in(event: Event, name: str, pin: str, client: str, session=None) -> Player:
    """The player on their own phone: their name and PIN (the PIN brake applies; ``session``
    is the phone's, see ``pins.sign_in``). Refusals speak to the player."""
    regset = services.settings_of(event)
    if not regset.self_check_in:
        raise ValidationError(_("Check in at the desk."))
    _check_open(regset)
    player = _named(event, name)
    if player is None or not pins.sign_in(event, player, pin, client, session=session):
        raise ValidationError(_("Name or PIN is wrong."))
    try:
        check_in(event, player, Attendance.How.PHONE)
    except ValidationError as error:
        if error.code != NO_PLACE:
            raise
        raise ValidationError(
            _(
                "Every place is taken now, so you cannot check in here: please go to the "
                "check-in desk."
            )
        ) from None
    return player


@dataclass(frozen=True)
class Found:
    kind: str  # "player" or "registration"
    pk: int
    name: str
    club: str
    state: str


def search(event: Event, query: str, limit: int = 20) -> list[Found]:
    """Players and waitlisted registrants found by ``query`` (``tournament.collation``'s rule:
    case and accents aside, each word typed starts a word of the name); two queries."""
    typed = match_key(query)
    if not typed:
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
        if key_matches(typed, match_key(name)):
            found.append(Found("player", pk, name, club, "in" if pk in present else "missing"))
    waiting = event.registrations.filter(
        status__in=(Status.WAITLISTED, Status.OFFERED, Status.PENDING)
    ).values_list("pk", "name", "club", "present_at")
    for pk, name, club, present_at in waiting:
        if key_matches(typed, match_key(name)):
            found.append(Found("registration", pk, name, club, "in" if present_at else "waitlist"))
    return by_name(found)[:limit]


def desk_status(event: Event) -> dict:
    """Checked in / expected and who is missing (two queries)."""
    players = list(
        event.players.filter(is_substitute=False)
        .filter(Q(status=Player.Status.ACTIVE) | Q(attendance__absent=True))
        .values_list("pk", "name", "attendance__checked_in_at", "attendance__absent")
    )
    regset = services.settings_of(event)
    checked = [p for p in players if p[2] is not None]
    missing = by_name(((p[1], p[0]) for p in players if p[2] is None), key=lambda m: m[0])
    return {
        "checked_in": len(checked),
        "expected": len(players),
        "missing": [name for name, _pk in missing],
        "missing_ids": [pk for _name, pk in missing],
        "opened": regset.check_in_opened_at is not None,
        "closed": regset.check_in_closed_at is not None,
    }


@dataclass(frozen=True)
class Closing:
    """What closing check-in does, read before the director is asked and again under the lock:
    the active players not checked in (``missing``: marked absent), the present registrants
    who take a place (``placed``: those holding an offered place first, then the waitlist in
    its order while places are free), the offers to registrants who are not here (``ended``:
    their places are freed), and how many players are present afterwards."""

    missing: tuple[Player, ...]
    placed: tuple[Registration, ...]
    ended: tuple[Registration, ...]
    present: int

    @property
    def key(self) -> str:
        """The plan in ids: a confirmation counts for this plan only."""
        parts = (self.missing, self.placed, self.ended)
        return "/".join(",".join(str(x.pk) for x in part) for part in parts)


def closing_plan(event: Event, regset=None, *, lock: bool = False) -> Closing:
    """Four queries; ``lock``: inside the caller's transaction, holding the registration
    settings' lock, the registrations it names are locked too."""
    regset = regset or services.settings_of(event)
    present_ids = set(
        Attendance.objects.filter(player__event=event, checked_in_at__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    missing = [
        p
        for p in event.players.filter(status=Player.Status.ACTIVE, is_substitute=False)
        if p.pk not in present_ids
    ]
    waiting = event.registrations.filter(status__in=(Status.WAITLISTED, Status.OFFERED))
    if lock:
        waiting = waiting.select_for_update()
    waiting = list(waiting.order_by("-priority", "pk"))
    offered = [r for r in waiting if r.status == Status.OFFERED]
    ended = [r for r in offered if r.present_at is None]
    freed = (
        len(ended) + Registration.objects.filter(player__in=missing, status=Status.ACCEPTED).count()
    )
    free = max(regset.cap - regset.places_taken + freed, 0)
    line = [r for r in waiting if r.status == Status.WAITLISTED and r.present_at is not None]
    placed = [r for r in offered if r.present_at is not None] + line[:free]
    return Closing(tuple(missing), tuple(placed), tuple(ended), len(present_ids) + len(placed))


def closing_problem(plan: Closing, *, seat: bool = True) -> str:
    """Why closing as planned is refused ("" when it is not)."""
    if seat and plan.present < 4:
        return _("At least four players must be present to seat round 1 (present: %(count)d).") % {
            "count": plan.present
        }
    return ""


def _check_closable(regset) -> None:
    _check_open(regset)
    if regset.check_in_closed_at is not None:
        raise ValidationError(_("Check-in is closed already."))


def _planned(event: Event, regset, *, seat: bool = True, lock: bool = False) -> Closing:
    plan = closing_plan(event, regset, lock=lock)
    problem = closing_problem(plan, seat=seat)
    if problem:
        raise ValidationError(problem)
    return plan


def closing(event: Event) -> Closing:
    """What closing check-in now would do (the director is asked with it); ``ValidationError``
    if it would be refused."""
    regset = services.settings_of(event)
    _check_closable(regset)
    return _planned(event, regset)


def close_check_in(event: Event, by: AbstractBaseUser, *, seat: bool = True):
    """Mark the missing absent, end the offers to registrants who are not here, give the
    places to present registrants (``closing_plan``), then (``seat``) seat round 1 from the
    players present. Returns the seating draft or None."""
    with transaction.atomic():
        regset = services.locked(event)
        _check_closable(regset)
        plan = _planned(event, regset, seat=seat, lock=True)
        now = timezone.now()
        _mark_absent(event, regset, plan.missing, by)
        for reg in plan.ended:
            services.free_place(regset)
            reg.status = Status.EXPIRED
            reg.save(update_fields=["status"])
            step = services.log_step(
                reg, Kind.OFFER_EXPIRED, by=by, reason=str(CLOSED), deadline=reg.offer_deadline
            )
            services.tell(regset, reg, step, reason=CLOSED)
        for reg in plan.placed:
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


def _mark_absent(event: Event, regset, missing, by: AbstractBaseUser) -> None:
    """The players not checked in: absent (not deleted), their places freed."""
    for player in missing:
        Attendance.objects.update_or_create(player=player, defaults={"absent": True})
        reg = Registration.objects.select_for_update().filter(player=player).first()
        if reg is not None and reg.status == Status.ACCEPTED:
            services.free_place(regset)
            reg.status = Status.ABSENT
            reg.save(update_fields=["status"])
            services.log_step(reg, Kind.ABSENT, by=by)
    if missing:
        Player.objects.filter(pk__in=[p.pk for p in missing]).update(status=Player.Status.DROPPED)
        bump_revision(event)


def check_round_one(event: Event):
    """Raise unless round 1 can be seated (again) from the players present: four of them at
    least, and round 1 not under way. Returns round 1, or None if it does not exist yet."""
    from tournament.rounds.models import Round

    present = event.players.filter(status=Player.Status.ACTIVE, is_substitute=False).count()
    if present < 4:
        raise ValidationError(
            _("At least four players must be present to seat round 1 (present: %(count)d).")
            % {"count": present}
        )
    first = event.rounds.filter(number=1).first()
    if first is not None and first.status not in (Round.Status.PLANNED, Round.Status.SEATED):
        raise ValidationError(_("Round 1 is already under way."))
    return first


def seat_round_one(event: Event, by: AbstractBaseUser):
    """Seat round 1 from the active players with the generator: a fresh draft, or the
    re-draft that keeps what is already published; published at once."""
    from tournament.rounds.models import Round
    from tournament.seating import services as seating

    first = check_round_one(event)
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
