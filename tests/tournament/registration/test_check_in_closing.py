"""Closing check-in and the desk around it (issue 43): closing asks first, naming who is marked
absent and who takes a place (item 2, item 9); a present registrant holding an offered place
is placed and seated, an offer to somebody not here ends and its place goes on (item 28); an
offer cannot be accepted once check-in is closed (item 29); round 1 under way is not offered
for seating again (item 9); several players are checked in at once (item 11)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tests.support.confirming import confirm_form, post_confirmed
from tests.tournament.registration.conftest import person
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration, RegistrationSettings
from tournament.registration.services import checkin
from tournament.rounds import services as round_services
from tournament.rounds.models import Round

S = Registration.Status
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_seating(settings):
    settings.SEATING_TIME_BUDGET = 0.2


@pytest.fixture
def dclient(director):
    client = Client()
    client.force_login(director)
    return client


def regset(event) -> RegistrationSettings:
    return RegistrationSettings.objects.get(event=event)


def desk_url(event) -> str:
    return f"/director/{event.slug}/check-in/"


def full_with_an_offer(open_event, signups: int = 5):
    """Cap 4: registrants 1-4 hold places, the rest wait; 1 withdraws, so 5 holds an offered
    place (the cap counts it)."""
    event = open_event(cap=4)
    regs = [services.sign_up(event, person(n)) for n in range(1, signups + 1)]
    services.withdraw(regs[0])
    regs = [Registration.objects.get(pk=r.pk) for r in regs]
    assert regs[4].status == S.OFFERED
    assert regset(event).places_taken == 4
    checkin.open_check_in(event)
    for reg in regs[1:4]:
        checkin.check_in(event, reg.player)
    return event, regs


def test_a_present_registrant_holding_an_offered_place_is_seated(open_event, director):
    event, regs = full_with_an_offer(open_event)
    checkin.check_in_registration(event, regs[4])
    checkin.close_check_in(event, director)
    offered = Registration.objects.get(pk=regs[4].pk)
    assert offered.status == S.ACCEPTED and offered.player is not None
    seated = set(event.rounds.get(number=1).seats.values_list("player_id", flat=True))
    assert offered.player_id in seated and len(seated) == 4
    assert regset(event).places_taken == 4


def test_an_offer_to_somebody_not_here_ends_and_its_place_goes_on(open_event, director):
    event, regs = full_with_an_offer(open_event, signups=6)
    checkin.check_in_registration(event, regs[5])  # waiting behind the offer, but here
    checkin.close_check_in(event, director)
    statuses = {r.pk: r.status for r in Registration.objects.filter(event=event)}
    assert statuses[regs[4].pk] == S.EXPIRED
    assert statuses[regs[5].pk] == S.ACCEPTED
    assert event.registrations.get(pk=regs[4].pk).log.filter(kind="offer_expired").exists()
    assert len(event.rounds.get(number=1).seats.all()) == 4
    assert regset(event).places_taken == 4


def test_an_offer_cannot_be_accepted_once_check_in_is_closed(open_event, director):
    event, regs = full_with_an_offer(open_event)
    checkin.close_check_in(event, director, seat=False)
    with pytest.raises(ValidationError):
        services.accept_offer(regs[4])
    assert Registration.objects.get(pk=regs[4].pk).status != S.ACCEPTED
    # an offer still standing from before (an older close) is refused as well
    Registration.objects.filter(pk=regs[4].pk).update(status=S.OFFERED)
    with pytest.raises(ValidationError, match="Check-in is closed"):
        services.accept_offer(regs[4])
    assert Registration.objects.get(pk=regs[4].pk).status == S.OFFERED


def test_closing_asks_first_naming_what_happens(open_event, dclient):
    event, regs = full_with_an_offer(open_event, signups=6)
    checkin.check_in_registration(event, regs[5])
    asked = dclient.post(desk_url(event), {"close": "1"})
    page = asked.content.decode()
    assert asked.status_code == 409 and "Close check-in and seat round 1?" in page
    assert "The places offered to Registrant 005 are taken back" in page
    assert "Registrant 006" in page and "take" in page
    # nothing happened; a double tap on the first button only asks again
    assert dclient.post(desk_url(event), {"close": "1"}).status_code == 409
    assert regset(event).check_in_closed_at is None
    assert not Round.objects.filter(event=event).exists()
    action, fields = confirm_form(asked)
    # somebody arrives meanwhile: the answer was for another plan, so it asks again
    checkin.check_in_registration(event, regs[4])
    again = dclient.post(action, fields)
    assert again.status_code == 409 and "are taken back" not in again.content.decode()
    assert regset(event).check_in_closed_at is None
    action, fields = confirm_form(again)
    assert dclient.post(action, fields).status_code == 302
    assert regset(event).check_in_closed_at is not None
    assert event.rounds.get(number=1).seats.count() == 4


def test_closing_refused_at_once_says_why_without_asking(open_event, dclient):
    event = open_event(cap=8)
    services.sign_up(event, person(1))
    checkin.open_check_in(event)
    answer = dclient.post(desk_url(event), {"close": "1"}, follow=True)
    assert "At least four players must be present" in answer.content.decode()
    assert regset(event).check_in_closed_at is None


def test_round_one_under_way_is_not_offered_for_seating_again(open_event, dclient, director):
    event = open_event(cap=4)
    regs = [services.sign_up(event, person(n)) for n in range(1, 5)]
    checkin.open_check_in(event)
    checkin.check_in_many(event, [r.player_id for r in regs])
    checkin.close_check_in(event, director)
    page = dclient.get(desk_url(event)).content.decode()
    assert "Seat round 1 again" in page  # seated, not started: a late arrival may come in
    round_one = event.rounds.get(number=1)
    round_services.update_round(round_one, status=Round.Status.LIVE)
    page = dclient.get(desk_url(event)).content.decode()
    assert "Seat round 1 again" not in page and "Round 1 is under way" in page
    round_services.update_round(round_one, status=Round.Status.CLOSED)
    page = dclient.get(desk_url(event)).content.decode()
    assert "Seat round 1 again" not in page and "Round 1 is under way" in page
    # and a POST from an old page is refused by the service
    answer = dclient.post(desk_url(event), {"seat": "1"}, follow=True)
    assert "Round 1 is already under way" in answer.content.decode()


def test_seating_round_one_again_asks_first(open_event, dclient, director):
    event = open_event(cap=4)
    regs = [services.sign_up(event, person(n)) for n in range(1, 5)]
    checkin.open_check_in(event)
    checkin.check_in_many(event, [r.player_id for r in regs])
    checkin.close_check_in(event, director)
    drafts = event.seating_drafts.count()
    asked = dclient.post(desk_url(event), {"seat": "1"})
    assert asked.status_code == 409 and "Seat round 1 again?" in asked.content.decode()
    assert "from the 4 players present" in asked.content.decode()
    assert event.seating_drafts.count() == drafts
    assert post_confirmed(dclient, desk_url(event), {"seat": "1"}).status_code == 302


def test_several_players_are_checked_in_at_once(open_event, dclient):
    event = open_event(cap=8)
    regs = [services.sign_up(event, person(n)) for n in range(1, 6)]
    checkin.open_check_in(event)
    page = dclient.get(desk_url(event)).content.decode()
    assert page.count('name="player"') == 5 and "Check in the selected" in page
    chosen = [regs[0].player_id, regs[2].player_id, regs[3].player_id]
    answer = dclient.post(desk_url(event), {"check_in": "1", "player": chosen}, follow=True)
    assert "3 players are checked in" in answer.content.decode()
    present = set(
        Player.objects.filter(event=event, attendance__checked_in_at__isnull=False).values_list(
            "pk", flat=True
        )
    )
    assert present == set(chosen)
    # a player of another event among them: nobody is checked in
    foreign = open_event(cap=4, slug="elsewhere")
    other = services.sign_up(foreign, person(9))
    answer = dclient.post(
        desk_url(event), {"check_in": "1", "player": [regs[1].player_id, other.player_id]}
    )
    assert not Player.objects.filter(
        pk=regs[1].player_id, attendance__checked_in_at__isnull=False
    ).exists()
