"""Back and resubmit never duplicate a hand, on a player's phone (390x844) in Chromium: Back,
Forward, reload, a double tap, a lost answer and going offline then online each leave one row
per hand. (The walkthrough found Back + "Record the hand" storing hand 6 as a copy of hand 5.)"""

from __future__ import annotations

import pytest

from scoring.sheets.models import SheetHand
from tests.support.browser import sign_in
from tournament.events.models import Event
from tournament.players.access import pins

pytestmark = pytest.mark.django_db(transaction=True)

BUTTON = "button:has-text('Record the hand')"


def fill_win(page, winner, discarder, han, fu):
    page.select_option("[name=kind]", "win")
    page.select_option("[name=winner]", str(winner))
    page.select_option("[name=discarder]", str(discarder))
    page.fill("[name=han]", str(han))
    page.fill("[name=fu]", str(fu))


def hands():
    return list(SheetHand.objects.order_by("number").values_list("number", flat=True))


def resubmit_after_back(page, values) -> str:
    """Back to the form the hand was entered on, as the browser shows it (kept, or rebuilt for
    the next hand); if the browser left it empty, type the same hand again as Chrome's refill
    did; send it. Returns what the page then says."""
    page.go_back()
    page.wait_for_selector("[data-testid=totals]")
    if not page.input_value("[name=han]"):
        fill_win(page, *values)
    page.click(BUTTON)
    page.wait_for_selector(".messages li, .errors")
    return page.inner_text("main")


def test_back_forward_reload_double_tap_and_offline_store_each_hand_once(
    make_hall, live_server, phone, shoot
):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    pins.ensure_pins(hall.event)
    page = sign_in(phone, live_server.url, hall.event.slug, hall.south)
    assert page.viewport_size["width"] == 390

    # Hand 1, then Back and "Record the hand" again: nothing new.
    first = (1, 2, 3, 30)
    fill_win(page, *first)
    page.click(BUTTON)
    page.wait_for_selector("tr[data-hand='1']")
    assert hands() == [1]
    said = resubmit_after_back(page, first)
    assert hands() == [1]
    assert "Hand 1 is already recorded" in said or "same as hand 1" in said, said
    shoot(page, "hand-resubmit-after-back-phone")

    # Forward, then reload: the page is read again, nothing is sent.
    page.go_forward()
    page.wait_for_selector("[data-testid=totals]")
    page.reload()
    page.wait_for_selector("tr[data-hand='1']")
    assert hands() == [1]

    # Hand 2, then reload the page the answer led to: a GET, no resubmission.
    page.goto(page.url)
    fill_win(page, 2, 0, 2, 30)
    page.click(BUTTON)
    page.wait_for_selector("tr[data-hand='2']")
    page.reload()
    page.wait_for_selector("tr[data-hand='2']")
    assert hands() == [1, 2]

    # The same hand again, on purpose: asked once, stored when confirmed.
    fill_win(page, 2, 0, 2, 30)
    page.click(BUTTON)
    page.wait_for_selector("[name=same_again][type=checkbox]")
    assert "same as hand 2" in page.inner_text("main")
    assert hands() == [1, 2]
    shoot(page, "hand-same-again-phone")
    page.check("[name=same_again]")
    page.click(BUTTON)
    page.wait_for_selector("tr[data-hand='3']")
    assert hands() == [1, 2, 3]

    # A double tap on "Record the hand": one row.
    fill_win(page, 3, 1, 1, 30)
    page.dblclick(BUTTON)
    page.wait_for_selector("tr[data-hand='4']")
    page.wait_for_timeout(500)
    assert hands() == [1, 2, 3, 4]

    # Offline: the hand does not leave the phone. Online again, it is stored once.
    fifth = (0, 3, 4, 30)
    fill_win(page, *fifth)
    phone.set_offline(True)
    with pytest.raises(Exception):  # noqa: B017, PT011 (Playwright's net::ERR_INTERNET_DISCONNECTED)
        page.click(BUTTON, timeout=5000)
        page.wait_for_selector("tr[data-hand='5']", timeout=3000)
    assert hands() == [1, 2, 3, 4]
    phone.set_offline(False)
    page.goto(page.url if "/play/" in page.url else f"{live_server.url}/e/{hall.event.slug}/play/")
    page.wait_for_selector("[data-testid=totals]")
    fill_win(page, *fifth)

    # The server stores hand 5 but its answer is lost on the way back (the hall's Wi-Fi).
    def lose_the_answer(route):
        route.fetch()
        route.abort("internetdisconnected")

    page.route("**/play/", lambda route: (
        lose_the_answer(route) if route.request.method == "POST" else route.continue_()
    ))  # fmt: skip
    with pytest.raises(Exception):  # noqa: B017, PT011
        page.click(BUTTON, timeout=5000)
        page.wait_for_selector("tr[data-hand='5']", timeout=3000)
    page.unroute("**/play/")
    assert hands() == [1, 2, 3, 4, 5]
    # Reload the error page: Chromium sends the form again, with its key.
    page.reload()
    page.wait_for_selector(".messages li")
    assert "Hand 5 is already recorded: Win: " in page.inner_text(".messages")
    assert hands() == [1, 2, 3, 4, 5]
    # Back on the form and "Record the hand" again: the stored hand is shown, no copy.
    said = resubmit_after_back(page, fifth)
    assert hands() == [1, 2, 3, 4, 5]
    assert "Hand 5 is already recorded" in said or "same as hand 5" in said, said
    shoot(page, "hand-resubmit-after-lost-answer-phone")
    assert SheetHand.objects.count() == 5
