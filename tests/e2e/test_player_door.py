"""One door per player in a real browser at phone width (390 px, issue 32, item 1): a player
finds "My page" from the public home page, the player card's QR link signs the phone in, the
table card's QR code opens the table's page with "I sit here: sign in", and a referee of the
table who scans it lands on the referee's table page."""

from __future__ import annotations

import pytest

from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(context, url, user):
    page = context.new_page()
    page.goto(f"{url}/accounts/login/")
    page.fill("[name=username]", user.username)
    page.fill("[name=password]", "pw-" + user.username)
    page.click("button[type=submit]")
    page.wait_for_load_state()
    return page


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_player_enters_by_the_cards_and_a_referee_keeps_the_one_scan(
    make_hall, live_server, browser, tablet, phone, shoot
):
    from tests.e2e.conftest import PHONE

    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    slug = hall.event.slug
    desk = log_in(tablet, live_server.url, hall.director)
    desk.goto(f"{live_server.url}/director/{slug}/player-cards/")
    card = desk.locator(".card", has=desk.locator(f"[data-player='{hall.south.pk}']"))
    assert card.locator(".qr svg").count() == 1
    link = card.locator("[data-card-link]").get_attribute("data-card-link")
    desk.goto(f"{live_server.url}/director/{slug}/rounds/1/cards/")
    table_link = desk.locator(".card .qr").first.get_attribute("data-url")
    assert table_link == f"{live_server.url}/e/{slug}/r1/t1/"

    # The player, not signed in, finds "My page" from the home page: it asks for the table.
    page = phone.new_page()
    page.goto(f"{live_server.url}/")
    page.click(f"text={hall.event.name}")
    page.click("[data-my-page]")
    page.wait_for_selector("[name=table]")
    no_sideways_scroll(page)
    # The card's QR code: the phone is signed in on the player's own page.
    page.goto(link)
    page.wait_for_selector("[data-testid=totals]")
    assert f"Signed in as {hall.south.name}" in page.inner_text("body")
    no_sideways_scroll(page)
    shoot(page, "player-door-card-phone")
    # Back on a public page, "My page" leads straight to the same page.
    page.goto(f"{live_server.url}/")
    page.click(f"text={hall.event.name}")
    page.click("[data-my-page]")
    page.wait_for_selector("[data-testid=totals]")

    # Another player scans the table card, taps "I sit here" and signs in with the PIN.
    other = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")
    try:
        west = other.new_page()
        west.goto(table_link)
        assert hall.west.name in west.inner_text("#live-tables")
        assert west.locator("[name=password]").count() == 0
        no_sideways_scroll(west)
        shoot(west, "player-door-table-phone")
        west.click("[data-sign-in]")
        west.check(f"[name=player][value='{hall.west.pk}']")
        west.fill("[name=pin]", pins.pin_of(Player.objects.get(pk=hall.west.pk)))
        west.click("button:has-text('Sign in')")
        west.wait_for_selector("[data-testid=totals]")
        assert f"Signed in as {hall.west.name}" in west.inner_text("body")
    finally:
        other.close()

    # The table's floor referee, signed in on the tablet, scans the same card: one scan.
    referee = browser.new_context(viewport={"width": 768, "height": 1024}, locale="en")
    try:
        tablet_page = log_in(referee, live_server.url, hall.floor)
        tablet_page.goto(table_link)
        tablet_page.wait_for_load_state()
        assert tablet_page.url == f"{live_server.url}/referee/{slug}/r1/t1/"
    finally:
        referee.close()
