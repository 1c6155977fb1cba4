"""Hands from the players' side in a real browser (issue 32, item 3): four phones at 390 px,
each signed in with its PIN. South enters a hand with a typo (14 han), East disputes it, North
proposes a correction (prefilled with the current values), and South confirms it: the hand
counts with 3 han, and the sheet's history lists every step with who did it."""

from __future__ import annotations

import pytest

from scoring.sheets.models import HandConfirmation, HandDispute, SheetHand
from tests.e2e.conftest import PHONE
from tests.support.browser import sign_in
from tournament.events.models import Event
from tournament.players.access import pins

pytestmark = pytest.mark.django_db(transaction=True)


def phone_context(browser):
    return browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="en", bypass_csp=True
    )


def no_horizontal_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


def test_a_hand_is_disputed_corrected_by_another_player_and_confirmed(
    make_hall, live_server, browser, shoot
):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    pins.ensure_pins(hall.event)
    slug = hall.event.slug
    contexts = [phone_context(browser) for _ in range(3)]
    try:
        south = sign_in(contexts[0], live_server.url, slug, hall.south)
        east = sign_in(contexts[1], live_server.url, slug, hall.east)
        north = sign_in(contexts[2], live_server.url, slug, hall.north)
        # South records hand 1 with a typo: 14 han.
        south.select_option("[name=kind]", "win")
        south.select_option("[name=winner]", "1")
        south.select_option("[name=discarder]", "2")
        south.fill("[name=han]", "14")
        south.fill("[name=fu]", "30")
        south.click("button:has-text('Record the hand')")
        south.wait_for_selector("tr[data-hand='1'].pending")
        # East disputes it, with a reason.
        east.reload()
        east.click("tr[data-actions-for='1'] summary:has-text('Dispute')")
        east.fill("tr[data-actions-for='1'] [name=reason]", "14 han is a typo, it was 3")
        east.click("tr[data-actions-for='1'] button:has-text('Dispute the hand')")
        east.wait_for_selector("tr[data-actions-for='1'] [data-dispute]")
        no_horizontal_scroll(east)
        shoot(east, "sheet-hand-disputed")
        assert HandDispute.objects.count() == 1
        # North proposes a correction, the form prefilled with the current values.
        north.reload()
        north.click("tr[data-actions-for='1'] a:has-text('Propose a correction')")
        north.wait_for_selector("#hand-form [name=reason]")
        assert north.input_value("[name=han]") == "14"
        north.fill("[name=han]", "3")
        north.fill("#hand-form [name=reason]", "3 han, not 14")
        north.click("button:has-text('Save the correction')")
        north.wait_for_selector(".messages li")
        no_horizontal_scroll(north)
        # South (not the proposer) confirms it: the hand counts.
        south.reload()
        south.click("tr[data-hand='1'] button:has-text('Confirm')")
        south.wait_for_selector("tr[data-hand='1']:not(.pending)")
        history = south.inner_text("[data-history]")
        for name in (hall.south.name, hall.east.name, hall.north.name):
            assert name in history
        no_horizontal_scroll(south)
        shoot(south, "sheet-hand-corrected")
    finally:
        for context in contexts:
            context.close()
    latest = SheetHand.objects.filter(number=1).order_by("-version").first()
    assert latest.version == 2 and latest.data["wins"][0]["han"] == 3
    assert HandConfirmation.objects.get(hand=latest).confirmed_by_player_id == hall.south.pk
