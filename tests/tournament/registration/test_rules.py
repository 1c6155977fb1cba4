"""docs/rules/registration.md, one test per rule."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone

from tests.tournament.registration.conftest import person
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration, RegistrationLog, RegistrationSettings
from tournament.registration.services import checkin, decisions

S = Registration.Status
pytestmark = pytest.mark.django_db


def statuses(event) -> list[str]:
    return list(event.registrations.order_by("pk").values_list("status", flat=True))


def test_registration_opens_and_closes_at_its_times(open_event):
    event = open_event()
    regset = event.registration
    before = regset.opens_at - timedelta(minutes=1)
    with pytest.raises(ValidationError, match="not open yet"):
        services.sign_up(event, person(1), now=before)
    with pytest.raises(ValidationError, match="closed"):
        services.sign_up(event, person(1), now=regset.closes_at + timedelta(seconds=1))
    assert event.registrations.count() == 0
    services.sign_up(event, person(1))
    assert statuses(event) == [S.ACCEPTED]


def test_a_registration_is_checked_like_a_player_plus_a_unique_email(open_event):
    event = open_event(cap=10)
    services.sign_up(event, person(1))
    checks = [
        (person(2, name="REGISTRANT 001"), "name"),  # casefolded name
        (person(2, name="Registrant\u0301 x", ema_number="123"), "ema_number"),  # malformed EMA
        (person(2, ema_number="05000001"), "ema_number"),  # same EMA
        (person(2, email="R1@example.org"), "email"),  # same e-mail, any case
        (person(2, name="Bad\x00name"), "name"),  # control character
        (person(2, name="x" * 121), "name"),  # oversized
        (person(2, email="not-an-address"), "email"),
    ]
    for data, field in checks:
        with pytest.raises(ValidationError) as caught:
            services.sign_up(event, data)
        assert field in caught.value.message_dict, data
    assert event.registrations.count() == 1
    # an NFD spelling of an accented name is the same name
    services.sign_up(event, person(3, name="Šťastný"))
    with pytest.raises(ValidationError):
        services.sign_up(event, person(4, name="S\u030ct\u030castny\u0301"))


def test_places_go_by_arrival_and_the_rest_wait_in_order(open_event):
    event = open_event(cap=2)
    regs = [services.sign_up(event, person(n)) for n in range(1, 6)]
    assert statuses(event) == [S.ACCEPTED, S.ACCEPTED, S.WAITLISTED, S.WAITLISTED, S.WAITLISTED]
    assert [services.waitlist_place(r) for r in regs[2:]] == [1, 2, 3]
    assert event.players.count() == 2  # accepted registrations became players
    assert RegistrationSettings.objects.get(event=event).places_taken == 2


def test_with_approval_a_place_is_held_only_once_approved_in_order_of_approval(
    open_event, director
):
    event = open_event(cap=1, approval=True)
    first, second = (services.sign_up(event, person(n)) for n in (1, 2))
    assert statuses(event) == [S.PENDING, S.PENDING]
    assert event.players.count() == 0
    decisions.approve(second, director)
    decisions.approve(first, director)
    assert statuses(event) == [S.WAITLISTED, S.ACCEPTED]


def test_the_cap_is_held_by_the_database(open_event):
    event = open_event(cap=1)
    services.sign_up(event, person(1))
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationSettings.objects.filter(event=event).update(places_taken=2)


def test_a_withdrawal_offers_the_place_to_the_first_waiting_with_a_deadline(
    open_event, django_capture_on_commit_callbacks
):
    event = open_event(cap=1)
    with django_capture_on_commit_callbacks(execute=True):
        first, second, third = (services.sign_up(event, person(n)) for n in (1, 2, 3))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.withdraw(first)
    second.refresh_from_db()
    assert second.status == S.OFFERED
    assert timedelta(hours=47) < second.offer_deadline - timezone.now() <= timedelta(hours=48)
    assert [m.to for m in mail.outbox] == [["r1@example.org"], ["r2@example.org"]]
    assert "Accept it before" in mail.outbox[1].body
    services.accept_offer(second)
    second.refresh_from_db()
    assert second.status == S.ACCEPTED and second.player is not None
    assert not Player.objects.filter(name="Registrant 001").exists()  # never played: removed
    assert event.registrations.get(pk=first.pk).status == S.WITHDRAWN  # stays recorded
    with pytest.raises(ValidationError, match="not active"):
        services.withdraw(first)


def test_on_the_event_day_the_deadline_is_thirty_minutes(open_event):
    event = open_event(cap=1)
    event.start_date = timezone.localdate(timezone.now(), event.tzinfo)
    event.save()
    first, second = (services.sign_up(event, person(n)) for n in (1, 2))
    services.withdraw(first)
    second.refresh_from_db()
    assert timedelta(minutes=29) < second.offer_deadline - timezone.now() <= timedelta(minutes=30)


def test_an_expired_offer_goes_to_the_next_and_every_step_is_recorded(open_event):
    event = open_event(cap=1)
    regs = [services.sign_up(event, person(n)) for n in (1, 2, 3)]
    services.withdraw(regs[0])
    later = timezone.now() + timedelta(hours=49)
    with pytest.raises(ValidationError, match="deadline"):
        services.accept_offer(regs[1], now=later)
    assert services.expire_due_offers(now=later) == 1
    assert statuses(event) == [S.WITHDRAWN, S.EXPIRED, S.OFFERED]
    services.decline_offer(regs[2])
    kinds = list(
        RegistrationLog.objects.filter(registration__event=event).values_list(
            "registration_id", "kind"
        )
    )
    assert (regs[1].pk, "offered") in kinds and (regs[1].pk, "offer_expired") in kinds
    assert (regs[2].pk, "offered") in kinds and (regs[2].pk, "offer_refused") in kinds
    assert RegistrationSettings.objects.get(event=event).places_taken == 0


def test_the_log_is_append_only(open_event):
    event = open_event()
    services.sign_up(event, person(1))
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE tournament_registrationlog SET reason = 'x'")
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM tournament_registrationlog")


def test_withdrawal_ends_when_check_in_closes(open_event, director):
    event = open_event(cap=8)
    regs = [services.sign_up(event, person(n)) for n in range(1, 6)]
    checkin.open_check_in(event)
    for reg in regs[:4]:
        checkin.check_in(event, Player.objects.get(registration=reg))
    checkin.close_check_in(event, director, seat=False)
    with pytest.raises(ValidationError, match="Check-in is closed"):
        services.withdraw(regs[0])


def test_closing_check_in_marks_absent_fills_from_present_waitlist_and_seats_round_one(
    open_event, director, settings
):
    settings.SEATING_TIME_BUDGET = 0.2
    event = open_event(cap=5)
    regs = [services.sign_up(event, person(n)) for n in range(1, 8)]  # 5 places, 2 waiting
    checkin.open_check_in(event)
    for reg in regs[:4]:
        checkin.check_in(event, Player.objects.get(registration=reg))
    checkin.check_in_registration(event, regs[6])  # the second waiting is here, the first not
    checkin.close_check_in(event, director)
    absent = Player.objects.get(registration=regs[4])
    assert absent.status == Player.Status.DROPPED and absent.attendance.absent  # not deleted
    assert event.registrations.get(pk=regs[6].pk).status == S.ACCEPTED
    assert event.registrations.get(pk=regs[5].pk).status == S.WAITLISTED
    seated = set(event.rounds.get(number=1).seats.values_list("player_id", flat=True))
    present = {Player.objects.get(registration=r).pk for r in (*regs[:4], regs[6])}
    assert present <= seated and absent.pk not in seated
    with pytest.raises(ValidationError, match="closed already"):
        checkin.close_check_in(event, director)
    # the absent player arrives late: a place is free (5 present for 5 places? no: 5 taken)
    with pytest.raises(ValidationError, match="raise the cap"):
        checkin.check_in(event, absent)
    services.update_settings(event, cap=6)
    checkin.check_in(event, absent)
    absent.refresh_from_db()
    assert absent.status == Player.Status.ACTIVE


def test_seating_needs_four_present(open_event, director):
    event = open_event(cap=8)
    regs = [services.sign_up(event, person(n)) for n in range(1, 6)]
    checkin.open_check_in(event)
    for reg in regs[:3]:
        checkin.check_in(event, Player.objects.get(registration=reg))
    with pytest.raises(ValidationError, match="At least four"):
        checkin.close_check_in(event, director)
    assert event.registration.__class__.objects.get(event=event).check_in_closed_at is None
    assert not Player.objects.filter(event=event, status=Player.Status.DROPPED).exists()


def test_checking_in_a_player_of_another_event_is_refused(open_event, make_event):
    event = open_event()
    other = make_event("other-cup", players=4)
    checkin.open_check_in(event)
    with pytest.raises(ValidationError, match="another event"):
        checkin.check_in(event, other.players.first())
    from tournament.players.access import pins

    with pytest.raises(ValidationError, match="another event"):
        checkin.player_for_card(
            event, "https://x/e/o/card/" + pins.card_token(other.players.first()) + "/"
        )


def test_a_mail_is_sent_once_whatever_the_retries(open_event, django_capture_on_commit_callbacks):
    from tournament.registration.models import RegistrationMail
    from tournament.registration.services.mail import deliver

    event = open_event()
    with django_capture_on_commit_callbacks(execute=True):
        services.sign_up(event, person(1))
    assert len(mail.outbox) == 1
    stored = RegistrationMail.objects.get()
    assert deliver(stored.pk) is False  # a retry of the same task
    assert len(mail.outbox) == 1
    assert "/registration/" in mail.outbox[0].body
