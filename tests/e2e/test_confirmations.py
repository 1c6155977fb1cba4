"""Irreversible actions ask first, in a real browser (issue 43): the director, starting from the
home page at 768 px, deletes a registrant's personal data (the question names it; Cancel
changes nothing; a double tap on the answer deletes once; without JavaScript it works the
same), approves two registrations at once, checks two players in at once, closes check-in
(the question names who is absent), publishes the final ranking (the question names the
rounds never played); the player at 390 px and the projector at 1920 px say when the next
round starts."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from scoring.ranking import services as ranking
from scoring.ranking.models import RankingEvent
from scoring.results import services as result_services
from tests.e2e.conftest import PHONE, TABLET
from tests.tournament.registration.conftest import person
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.registration import services
from tournament.registration.models import Registration, RegistrationLog
from tournament.registration.services import checkin
from tournament.rounds import services as round_services
from tournament.rounds.models import Round

pytestmark = pytest.mark.django_db(transaction=True)


def registering(make_event, slug: str, *, approval: bool = False, cap: int = 8):
    event = make_event(slug, players=0)
    services.update_settings(
        event,
        opens_at=timezone.now() - timedelta(hours=1),
        closes_at=timezone.now() + timedelta(days=3),
        cap=cap,
        needs_approval=approval,
    )
    return event


def director_at_home(page, live_server, director, event) -> None:
    """From the home page: log in, then the event's director pages by its Manage link."""
    page.goto(f"{live_server.url}/")
    page.click("header a:has-text('Log in')")
    page.fill("#id_username", director.username)
    page.fill("#id_password", "pw-" + director.username)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    page.locator("li", has_text=event.name).locator("a:has-text('Manage')").click()
    page.wait_for_load_state()


def fits(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_deleting_personal_data_asks_and_a_double_tap_deletes_once(
    tablet, live_server, make_event, director, shoot
):
    event = registering(make_event, "erase-walk")
    reg = services.sign_up(event, person(1, name="Łukasz Nowak"))
    page = tablet.new_page()
    director_at_home(page, live_server, director, event)
    page.click("nav.tabs a:has-text('Registration')")
    row = page.locator("tr", has_text="Łukasz Nowak")
    row.locator("[data-erase]").click()
    page.wait_for_selector("[data-confirm]")
    assert page.title().startswith("Delete the personal data of Łukasz Nowak?")
    assert page.evaluate("document.activeElement.hasAttribute('data-confirm-title')")
    assert "This cannot be undone" in page.inner_text("[data-confirm-what]")
    fits(page)
    shoot(page, "confirm-erase-tablet")
    page.click("[data-confirm-no]")  # Cancel: back to the list, nothing deleted
    page.wait_for_selector("tr:has-text('Łukasz Nowak')")
    assert Registration.objects.get(pk=reg.pk).contact.email == "r1@example.org"
    page.locator("tr", has_text="Łukasz Nowak").locator("[data-erase]").click()
    page.wait_for_selector("[data-confirm]")
    page.locator("[data-confirm-yes]").dblclick()  # a double tap
    page.wait_for_selector("text=The personal data of Łukasz Nowak are deleted.")
    assert "deleted already" not in page.inner_text("main")
    assert Registration.objects.get(pk=reg.pk).contact.email == ""
    assert RegistrationLog.objects.filter(registration=reg, kind="erased").count() == 1
    assert page.locator("tr:has-text('Łukasz Nowak') [data-erase]").count() == 0


def test_the_question_works_without_javascript(browser, live_server, make_event, director):
    event = registering(make_event, "erase-nojs")
    reg = services.sign_up(event, person(2))
    context = browser.new_context(viewport=TABLET, locale="en", java_script_enabled=False)
    page = context.new_page()
    director_at_home(page, live_server, director, event)
    page.click("nav.tabs a:has-text('Registration')")
    page.locator("tr", has_text="Registrant 002").locator("[data-erase]").click()
    page.wait_for_selector("[data-confirm]")
    page.click("[data-confirm-yes]")
    page.wait_for_selector("text=The personal data of Registrant 002 are deleted.")
    assert Registration.objects.get(pk=reg.pk).erased_at is not None
    context.close()


def test_approving_two_at_once_and_closing_check_in_after_the_question(
    tablet, live_server, make_event, director, shoot, settings
):
    settings.SEATING_TIME_BUDGET = 0.3
    event = registering(make_event, "desk-walk", approval=True, cap=5)
    regs = [services.sign_up(event, person(n)) for n in range(1, 8)]
    page = tablet.new_page()
    director_at_home(page, live_server, director, event)
    page.click("nav.tabs a:has-text('Registration')")
    for reg in regs[:5]:
        page.locator("tr", has_text=reg.name).locator("input[name=selected]").check()
    page.click("button:has-text('Approve the selected')")
    page.wait_for_selector("text=5 approved, holding places")
    fits(page)
    page.click("button:has-text('Approve all awaiting approval')")
    page.wait_for_selector("text=every place is taken")
    shoot(page, "registration-approved-tablet")
    checkin.open_check_in(event)
    page.click("a:has-text('Check-in desk')")
    missing = page.locator("[data-testid=missing]")
    for name in ("Registrant 001", "Registrant 002", "Registrant 003", "Registrant 004"):
        missing.locator("label", has_text=name).locator("input").check()
    page.click("[data-testid=check-in-selected]")
    page.wait_for_selector("text=4 players are checked in")
    assert page.locator("[data-testid=checked-in]").inner_text() == "4"
    page.click("[data-testid=close]")
    page.wait_for_selector("[data-confirm]")
    question = page.inner_text("[data-confirm]")
    assert "Registrant 005" in question and "marked absent" in question
    assert "Round 1 is seated from the 4 players present" in question
    fits(page)
    shoot(page, "confirm-close-check-in-tablet")
    assert services.settings_of(Event.objects.get(pk=event.pk)).check_in_closed_at is None
    page.click("[data-confirm-yes]")
    page.wait_for_selector("text=Check-in is closed and round 1 is seated.")
    assert Round.objects.get(event=event, number=1).seats.count() == 4
    page.goto(f"{live_server.url}/director/{event.slug}/check-in/")
    assert page.locator("[data-testid=reseat]").count() == 1
    round_services.update_round(Round.objects.get(event=event, number=1), status="live")
    page.reload()
    assert page.locator("[data-testid=reseat]").count() == 0
    assert "Round 1 is under way" in page.inner_text("main")


def test_publishing_names_the_rounds_never_played(make_hall, live_server, tablet, shoot):
    hall = make_hall("mcr")
    round_services.create_rounds(hall.event, count=3)
    round_one = hall.event.rounds.get(number=1)
    for table in round_one.tables.order_by("number"):
        result_services.enter_result(table, hall.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    round_services.update_round(round_one, status=Round.Status.CLOSED)
    ranking.mark(hall.event, is_ranking=True, needs_qualification=False)
    page = tablet.new_page()
    director_at_home(page, live_server, hall.director, hall.event)
    page.click("nav.tabs a:has-text('Ranking')")
    assert "Rounds 2, 3, 4 are not closed yet." in page.inner_text("main")
    page.click("button[name=publish]")
    page.wait_for_selector("[data-confirm-warnings]")
    assert "never played" in page.inner_text("[data-confirm-warnings]")
    fits(page)
    shoot(page, "confirm-publish-tablet")
    assert not RankingEvent.objects.filter(published_at__isnull=False).exists()
    page.click("[data-confirm-yes]")
    page.wait_for_selector("text=The final ranking is published for the ranking.")
    assert RankingEvent.objects.filter(published_at__isnull=False).count() == 1


def test_the_player_and_the_projector_say_when_the_next_round_starts(
    make_hall, live_server, browser, shoot
):
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(
        keeps_score_sheets=True, players_enter_hands=True, time_zone="Europe/Prague"
    )
    start = timezone.now().replace(second=0, microsecond=0) + timedelta(hours=3)
    round_services.create_rounds(
        hall.event, count=3, starts_at=start, length_minutes=120, break_minutes=30
    )
    pins.ensure_pins(hall.event)
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="en", timezone_id="Europe/Prague"
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    page.click(f"a:has-text('{hall.event.name}')")
    page.click("[data-my-page]")
    page.fill("[name=table]", "1")
    page.click("button:has-text('Next')")
    page.check(f"[name=player][value='{hall.south.pk}']")
    page.fill("[name=pin]", pins.pin_of(hall.south.__class__.objects.get(pk=hall.south.pk)))
    page.click("button:has-text('Sign in')")
    page.wait_for_selector("[data-testid=next-start]")
    local = timezone.localtime(start, ZoneInfo("Europe/Prague"))
    assert local.strftime("%H:%M") in page.inner_text("[data-testid=next-start]")
    assert "Round 2 starts " in page.inner_text("[data-testid=next-start]")
    fits(page)
    shoot(page, "player-next-round-phone")
    context.close()
    projector = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en")
    screen = projector.new_page()
    screen.goto(f"{live_server.url}/e/{hall.event.slug}/projector/")
    screen.wait_for_selector("[data-next-round]:not(:empty)")
    assert "Round 2 starts at " + local.strftime("%H:%M") in screen.inner_text("[data-next-round]")
    shoot(screen, "projector-next-round")
    projector.close()
