"""Registration in a real browser: sign up at phone width, read the mail on a local SMTP
server, withdraw; the waitlist's first gets the offer and accepts; the check-in desk at tablet
width by search and by a QR scan from a fake camera; closing check-in seats round 1."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
import segno

from tests.e2e.conftest import CHROMIUM, TABLET, wait_until
from tests.support.browser import desk_event, login, no_sideways_scrolling, open_event
from tests.support.mailserver import MailServer
from tests.tournament.registration.conftest import person
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def smtp(settings, live_server):
    settings.SITE_URL = live_server.url  # the links in the mails
    server = MailServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = server.host
    settings.EMAIL_PORT = server.port
    yield server
    server.stop()


def link_in(message) -> str:
    return re.search(r"https?://\S+/registration/\S+/", MailServer.body(message)).group(0)


def test_sign_up_on_a_phone_read_the_mail_and_withdraw(phone, live_server, make_event, smtp, shoot):
    event = open_event(make_event, "phone-open", cap=10)
    page = phone.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/register/")
    assert page.get_by_text("Lunch included.").is_visible()
    assert not page.locator("#id_website").is_visible()  # the honeypot
    page.fill("#id_name", "Aino Mäkinen")
    page.select_option("#id_country", "FI")
    page.fill("#id_club", "Espoo Riichi")
    page.fill("#id_email", "aino@example.org")
    no_sideways_scrolling(page)
    shoot(page, "registration-sign-up-phone")
    page.click("button[type=submit]")
    assert page.locator("[data-testid=status]").inner_text() == "Registered"
    shown = page.locator("[data-testid=private-link]").inner_text()
    no_sideways_scrolling(page)
    shoot(page, "registration-signed-up-phone")
    (message,) = smtp.wait_for("aino@example.org")
    # The same registration's link: each is signed when written, so their times may differ.
    assert link_in(message).rsplit(":", 2)[0] == shown.rsplit(":", 2)[0]
    page.goto(link_in(message))
    assert page.locator("[data-testid=status]").inner_text() == "Registered"
    page.click("button[value=withdraw]")
    assert page.locator("[data-testid=status]").inner_text() == "Withdrawn"
    shoot(page, "registration-withdrawn-phone")
    assert Registration.objects.get().status == "withdrawn"
    assert not Player.objects.filter(event=event).exists()


def test_the_first_on_the_waitlist_gets_the_offer_and_accepts(
    phone, live_server, make_event, smtp, shoot
):
    event = open_event(make_event, "waitlist-open", cap=1)
    first, second, _third = (services.sign_up(event, person(n)) for n in (1, 2, 3))
    smtp.wait_for("r2@example.org")
    page = phone.new_page()
    page.goto(services.link_url(second))
    assert page.locator("[data-testid=waitlist-place]").inner_text().endswith("1")
    services.withdraw(first)
    offer = smtp.wait_for("r2@example.org", count=2)[-1]
    assert "Accept it before" in MailServer.body(offer)
    page.goto(link_in(offer))
    assert page.locator("[data-testid=status]").inner_text() == "Offered a place"
    shoot(page, "registration-offer-phone")
    page.click("button[value=accept]")
    assert page.locator("[data-testid=status]").inner_text() == "Registered"
    assert Player.objects.filter(event=event, name="Registrant 002").exists()


def y4m_of_qr(text: str, path: Path, frames: int = 30) -> None:
    """A short grey video (YUV 4:2:0) showing ``text`` as a QR code, for chromium's fake
    camera."""
    qr = segno.make(text, error="m")
    matrix = np.array([[1 if cell else 0 for cell in row] for row in qr.matrix], dtype=np.uint8)
    scale = 6
    code = np.kron(matrix, np.ones((scale, scale), dtype=np.uint8))
    code = np.pad(code, 4 * scale)  # the quiet zone
    width, height = 640, 480
    frame = np.full((height, width), 255, dtype=np.uint8)
    y0, x0 = (height - code.shape[0]) // 2, (width - code.shape[1]) // 2
    frame[y0 : y0 + code.shape[0], x0 : x0 + code.shape[1]] = np.where(code == 1, 16, 235)
    chroma = np.full((height // 2) * (width // 2), 128, dtype=np.uint8).tobytes()
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + frame.tobytes() + chroma + chroma)


def test_check_in_by_search_and_by_a_scanned_card_then_close_and_seat(
    browser, tablet, live_server, make_event, director, shoot, tmp_path, settings
):
    settings.SEATING_TIME_BUDGET = 0.5
    event = desk_event(make_event, director)
    page = tablet.new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/registration/")
    assert "r9@example.org" in page.content()  # the director sees the e-mails
    shoot(page, "registration-director-tablet")
    no_sideways_scrolling(page)
    page.goto(f"{live_server.url}/director/{event.slug}/check-in/")
    assert page.locator("[data-testid=expected]").inner_text() == "5"
    page.fill("#desk-search", "stastny")
    page.locator("[data-testid=results] button").first.click()
    wait_until(page, "document.querySelector('[data-testid=checked-in]').textContent === '1'")
    assert "checked in" in page.locator("[data-testid=feedback]").inner_text()
    page.fill("#desk-search", "ZOE")
    page.locator("[data-testid=results] button").first.click()
    wait_until(page, "document.querySelector('[data-testid=checked-in]').textContent === '2'")
    no_sideways_scrolling(page)
    shoot(page, "registration-desk-tablet")

    # the card of Ólafur, shown to the tablet's (fake) camera
    olafur = Player.objects.get(event=event, name="Ólafur Arnalds")
    video = tmp_path / "card.y4m"
    y4m_of_qr(f"{live_server.url}/e/{event.slug}/card/{pins.card_token(olafur)}/", video)
    if True:  # a second chromium, whose camera shows the card
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
        context = camera_browser.new_context(viewport=TABLET, locale="en")
        context.grant_permissions(["camera"], origin=live_server.url)
        scan_page = context.new_page()
        login(scan_page, live_server, director)
        scan_page.goto(f"{live_server.url}/director/{event.slug}/check-in/")
        scan_page.click("#scan")
        wait_until(
            scan_page,
            "document.querySelector('[data-testid=checked-in]').textContent === '3'",
            timeout=30,
        )
        assert (
            "Ólafur Arnalds is checked in"
            in scan_page.locator("[data-testid=feedback]").inner_text()
        )
        shoot(scan_page, "registration-desk-scan-tablet")
        camera_browser.close()

    # one more by search, then the waitlisted one who came anyway
    page.reload()
    page.fill("#desk-search", "nowak")
    page.locator("[data-testid=results] li", has_text="Nowak").locator("button").click()
    wait_until(page, "document.querySelector('[data-testid=checked-in]').textContent === '4'")
    page.fill("#desk-search", "wait")
    page.locator("[data-testid=results] li", has_text="Wait Listed").locator("button").click()
    wait_until(
        page,
        "document.querySelector('[data-testid=feedback]').textContent.includes('Wait Listed')",
        timeout=30,
    )
    missing = page.locator("[data-testid=missing] li").all_inner_texts()
    assert missing == ["Eero Saarinen"]
    page.click("[data-testid=close]")
    page.wait_for_selector("[data-confirm]")
    assert "Eero Saarinen" in page.inner_text("[data-confirm-what]")  # marked absent
    shoot(page, "registration-close-question-tablet")
    page.click("[data-confirm-yes]")
    page.wait_for_load_state()
    assert "round 1 is seated" in page.content()
    seated = set(event.rounds.get(number=1).seats.values_list("player__name", flat=True))
    # Eero's place went to the waitlisted player present; 5 present: 4 players and a substitute
    assert {
        "Šťastný Jiří",
        "Ólafur Arnalds",
        "Zoë Kravitz",
        "Łukasz Nowak",
        "Wait Listed",
    } <= seated
    assert "Eero Saarinen" not in seated
    shoot(page, "registration-seated-tablet")
