"""From sign-up to the notifications, one person on a phone at 390 px in Polish (issue 43,
items 3 and 12): the address and language typed at sign-up are the ones the private page,
the mails, the player's notification page and the calendar use, and the director counts the
player among those reachable by e-mail."""

from __future__ import annotations

import datetime as dt
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from tests.e2e.conftest import PHONE, TABLET
from tests.support.browser import login, no_sideways_scrolling
from tests.support.mailserver import MailServer
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration
from tournament.registration.services import decisions
from tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def smtp(settings):
    server = MailServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = server.host
    settings.EMAIL_PORT = server.port
    yield server
    server.stop()


def polish_event(make_event) -> Event:
    event = make_event("wiosna-2026", players=0)
    Event.objects.filter(pk=event.pk).update(
        name="Wiosenny Turniej MCR",
        keeps_score_sheets=True,
        players_enter_hands=True,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        venue="Dom Kultury, Kraków",
        time_zone="Europe/Warsaw",
    )
    event = Event.objects.get(pk=event.pk)
    services.update_settings(
        event,
        opens_at=timezone.now() - timedelta(hours=1),
        closes_at=timezone.now() + timedelta(days=3),
        cap=10,
        needs_approval=True,
    )
    round_services.create_round(
        event, number=1, starts_at=dt.datetime(2026, 5, 2, 7, 30, tzinfo=dt.UTC)
    )
    return event


def test_sign_up_to_notifications_on_a_polish_phone(
    browser, live_server, make_event, director, smtp, settings, shoot
):
    settings.SITE_URL = live_server.url
    event = polish_event(make_event)
    phone = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="pl", bypass_csp=True
    )
    page = phone.new_page()
    page.goto(live_server.url)
    page.click("[data-testid=sign-up-link]")
    assert page.locator("#id_language").input_value() == "pl"
    page.fill("#id_name", "Zofia Wiśniewska")
    page.select_option("#id_country", "PL")
    page.fill("#id_email", "Zofia@Example.org")
    no_sideways_scrolling(page)
    page.click("button[type=submit]")
    assert page.locator("[data-testid=status]").inner_text() == "Oczekuje na zatwierdzenie"
    shoot(page, "one-person-signed-up-pl")

    # the director approves; the mail is Polish and its link opens a Polish page, also in a
    # browser that asks for English
    decisions.approve(Registration.objects.get(event=event), director)
    mail = smtp.wait_for("zofia@example.org", count=2)[-1]
    body = MailServer.body(mail)
    link = re.search(r"https?://\S+/registration/\S+/", body).group(0)
    assert "Zarejestrowany(-a)" in body and "2 maja 2026" in body
    assert f"{live_server.url}/e/{event.slug}/" in body
    elsewhere = browser.new_context(viewport=PHONE, is_mobile=True, locale="en")
    mine = elsewhere.new_page()
    mine.goto(link)
    assert mine.locator("html").get_attribute("lang") == "pl"
    assert mine.locator("[data-testid=event-venue]").inner_text() == "Dom Kultury, Kraków"
    assert "2 maja 2026" in mine.locator("[data-testid=event-dates]").inner_text()
    assert mine.locator("[data-testid=on-the-day]").is_visible()
    no_sideways_scrolling(mine)
    shoot(mine, "one-person-private-page-pl")
    elsewhere.close()

    # the card's QR code signs the phone in; the notification page has the address and the
    # language given at sign-up
    pins.ensure_pins(event)
    player = Player.objects.get(event=event)
    page.goto(f"{live_server.url}/e/{event.slug}/card/{pins.card_token(player)}/")
    page.click("[data-testid=notify-link]")
    assert page.locator("#n-email").input_value() == "zofia@example.org"
    assert page.locator("#n-language").input_value() == "pl"
    assert page.locator("html").get_attribute("lang") == "pl"
    no_sideways_scrolling(page)
    shoot(page, "one-person-notifications-pl")
    href = page.locator("[data-testid=calendar-link]").get_attribute("href")
    ics = page.request.get(live_server.url + href)
    (entry,) = Calendar.from_ical(ics.body()).walk("VEVENT")
    assert str(entry["summary"]).startswith("Runda 1")

    # one change, seen everywhere: a new address on the notification page is the
    # registration's
    page.fill("#n-email", "zofia.w@example.org")
    page.click("[data-testid=notify-choices] button[type=submit]")
    assert page.locator("#n-email").input_value() == "zofia.w@example.org"
    tablet = browser.new_context(viewport=TABLET, locale="pl")
    desk = tablet.new_page()
    login(desk, live_server, director)
    desk.goto(f"{live_server.url}/director/{event.slug}/registration/")
    assert "zofia.w@example.org" in desk.locator("td.email").inner_text()
    desk.goto(f"{live_server.url}/director/{event.slug}/notify/")
    reach = desk.locator("[data-testid=notify-reach] dd").all_inner_texts()
    assert reach[1] == "1"  # players with e-mail
    shoot(desk, "one-person-director-notify-pl")
    tablet.close()
    phone.close()
