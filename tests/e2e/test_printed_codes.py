"""Every QR code the product prints or shows, read by a real decoder (zxing-cpp) from a chromium
screenshot and from the page printed to PDF (issue 43, item 1): the player cards, the table
cards and the staff invitation link. Each decoded code is the address the card means, and
following it on a phone opens that page. A card printed and shown to the check-in desk's
camera checks its player in."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import CHROMIUM, PHONE, TABLET, wait_until
from tests.support.browser import desk_event, login
from tests.support.qr import codes_in, printed_codes, printed_pages, screenshot_codes, y4m_of
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.registration.models import Attendance

pytestmark = pytest.mark.django_db(transaction=True)


def texts(codes) -> list[str]:
    return sorted(code.text for code in codes)


def read_on_screen_and_paper(page, expected: list[str]) -> None:
    """Every code of ``page``, read from its screenshot and from each printed sheet, is one of
    ``expected`` and each of ``expected`` is read once: none is cropped or unreadable."""
    assert page.locator(".qr svg").count() == len(expected)
    assert texts(screenshot_codes(page)) == sorted(expected)
    sheets = printed_codes(page)
    assert texts(code for sheet in sheets for code in sheet) == sorted(expected)


def phone_context(browser):
    return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")


def test_player_and_table_cards_scan_on_screen_and_on_paper_and_open_their_pages(
    make_hall, live_server, browser, tablet, shoot
):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    event = hall.event
    desk = tablet.new_page()
    login(desk, live_server, hall.director)
    desk.goto(f"{live_server.url}/director/{event.slug}/players/")
    desk.click("a:has-text('Player cards')")
    desk.wait_for_selector(".card .qr svg")
    # Each card holds its player's own signed link (the token carries when it was made).
    cards = desk.locator(".card").evaluate_all(
        "cards => cards.map(c => [c.querySelector('[data-card-link]').dataset.cardLink,"
        " c.querySelector('[data-player]').dataset.player])"
    )
    card_links = {link: Player.objects.get(event=event, pk=int(pk)) for link, pk in cards}
    assert len(card_links) == Player.objects.filter(event=event).count() == 8
    assert all(link.startswith(f"{live_server.url}/e/{event.slug}/card/") for link in card_links)
    shoot(desk, "printed-codes-player-cards")
    read_on_screen_and_paper(desk, list(card_links))

    desk.goto(f"{live_server.url}/director/{event.slug}/rounds/")
    desk.click("a:has-text('Table cards')")
    desk.wait_for_selector(".card .qr svg")
    table_links = {f"{live_server.url}/e/{event.slug}/r1/t{number}/": number for number in (1, 2)}
    shoot(desk, "printed-codes-table-cards")
    read_on_screen_and_paper(desk, list(table_links))

    # Each player's card signs a phone in on that player's own page.
    for link, player in card_links.items():
        context = phone_context(browser)
        try:
            page = context.new_page()
            page.goto(link)
            page.wait_for_selector("[data-testid=totals]")
            assert f"Signed in as {player.name}" in page.inner_text("body")
        finally:
            context.close()
    # Each table card opens that table's page, its four players named.
    context = phone_context(browser)
    try:
        page = context.new_page()
        for link, number in table_links.items():
            page.goto(link)
            assert page.inner_text("h1") == f"Table {number}, round 1"
            seated = event.rounds.get(number=1).tables.get(number=number).seats.all()
            shown = page.inner_text("main")
            assert all(seat.player.name in shown for seat in seated)
    finally:
        context.close()


def test_the_staff_invitation_code_scans_and_opens_the_invitation(
    make_event, director, live_server, browser, tablet
):
    event = make_event("invited", players=8, rounds=1, seated=True)
    page = tablet.new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/referees/")
    page.check("#invite-title ~ form input[value=floor]")
    page.fill("#id_invite-note", "Jana")
    page.click("button[name=invite]")
    page.wait_for_selector(".new-link")
    link = page.input_value("#invitation-link")
    read_on_screen_and_paper(page, [link])

    context = phone_context(browser)
    try:
        other = context.new_page()
        other.goto(link)
        assert other.url == link
        assert other.locator("#id_username").count() == 1  # the invitation's account form
        assert event.name in other.inner_text("main")
    finally:
        context.close()


def test_a_printed_card_checks_its_player_in_at_the_desk(
    browser, tablet, live_server, make_event, director, tmp_path
):
    """The desk's camera reads the printed card itself (the PDF rendered back to an image), not
    a code made apart from the page."""
    event = desk_event(make_event, director)
    olafur = Player.objects.get(event=event, name="Ólafur Arnalds")
    page = tablet.new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/player-cards/")
    link = (
        page.locator(".card", has=page.locator(f"[data-player='{olafur.pk}']"))
        .locator("[data-card-link]")
        .get_attribute("data-card-link")
    )
    (sheet,) = printed_pages(page)
    (printed,) = [code for code in codes_in(sheet) if code.text == link]
    video = tmp_path / "card.y4m"
    y4m_of(sheet, printed, video)

    camera_browser = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    try:
        context = camera_browser.new_context(viewport=TABLET, locale="en")
        context.grant_permissions(["camera"], origin=live_server.url)
        scan = context.new_page()
        login(scan, live_server, director)
        scan.goto(f"{live_server.url}/director/{event.slug}/check-in/")
        scan.click("#scan")
        wait_until(
            scan,
            "document.querySelector('[data-testid=checked-in]').textContent === '1'",
            timeout=30,
        )
        assert "Ólafur Arnalds is checked in" in scan.inner_text("[data-testid=feedback]")
    finally:
        camera_browser.close()
    assert Attendance.objects.get(player=olafur).how == Attendance.How.QR
