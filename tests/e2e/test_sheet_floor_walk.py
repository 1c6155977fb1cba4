"""Issue 43 walked in the browser, from the home page, typing no address. A player on a phone
(390 px) disputes a hand: the running totals leave it out at once. The floor referee on a tablet
(768 px) finds the call, the dispute and the foul on the table's page, takes the call and is
back on that page, checks a hand whose seat wind comes from the sheet, and reads the sheet's
history in the event's time (items 7, 8, 17, 18)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.utils import timezone

from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from scoring.sheets.services import Author
from tests.e2e.conftest import PHONE, TABLET
from tournament.events import services as event_services
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

E, S, W, N = 0, 1, 2, 3
HANDS = [
    {"kind": "win", "winner": E, "discarder": S, "fan": 12},
    {"kind": "win", "winner": S, "discarder": None, "fan": 8},
    {"kind": "win", "winner": W, "discarder": N, "fan": 8},
]
# A disputed hand stops the running totals at the hand before it (docs/rules/hands.md#disputes):
# hand 1 alone, East's 12 fan discarded by South.
UP_TO_HAND_1 = [36, -20, -8, -8]
ZONE = "Asia/Kathmandu"  # +05:45: no local time shares its minutes with UTC


@pytest.fixture
def table_in_play(make_hall):
    hall = make_hall("mcr")
    event = hall.event
    event.keeps_score_sheets = event.players_enter_hands = True
    event.time_zone = ZONE
    event_services.save_event(event)
    pins.ensure_pins(event)
    table = Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )
    for number, data in enumerate(HANDS, start=1):
        sheets.add_hand(
            table, data, author=Author(user=hall.head), number=number,
            idempotency_key=uuid.uuid4().hex,
        )  # fmt: skip
    sheets.call_referee(table, author=Author(player=hall.west))
    assert hall.foul(hall.floor, "premature_count", hall.north, {}).status_code == 201
    return hall


def shown_totals(page) -> list[int]:
    return [
        int(t.replace("\u2212", "-"))
        for t in page.locator("[data-testid=totals] .total").all_inner_texts()
    ]


def test_a_dispute_and_the_floor_referees_round(table_in_play, browser, live_server, shoot):
    hall = table_in_play
    url = live_server.url
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")
    page = phone.new_page()
    page.goto(url + "/")
    page.click(f"main a:has-text('{hall.event.name}')")
    page.click("nav.tabs >> text=My page")
    page.fill("[name=table]", "1")
    page.click("button:has-text('Next')")
    page.check(f"[name=player][value='{hall.east.pk}']")
    page.fill("[name=pin]", pins.pin_of(Player.objects.get(pk=hall.east.pk)))
    page.click("button:has-text('Sign in')")
    page.wait_for_selector("[data-testid=totals]")
    assert shown_totals(page) == [12, 20, 8, -40]
    page.click("tr[data-actions-for='2'] summary:has-text('Dispute')")
    page.fill("tr[data-actions-for='2'] [name=reason]", "It was not self-drawn")
    page.click("tr[data-actions-for='2'] button:has-text('Dispute the hand')")
    page.wait_for_selector("[data-disputed]")
    assert shown_totals(page) == UP_TO_HAND_1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "walk43-phone-disputed-totals")
    phone.close()

    tablet = browser.new_context(viewport=TABLET, has_touch=True, locale="en")
    page = tablet.new_page()
    page.goto(url + "/")
    page.click("text=Log in")
    page.fill("[name=username]", hall.floor.username)
    page.fill("[name=password]", "pw-" + hall.floor.username)
    page.click("button[type=submit]")
    page.click("main a:has-text('referee page')")
    page.click(f"main a:has-text('{hall.event.name}')")
    page.click("a.table-link >> nth=0")
    assert page.locator("[data-floor-item=call]").count() == 1
    assert "It was not self-drawn" in page.inner_text("[data-floor]")
    assert "Premature count" in page.inner_text("main")
    shoot(page, "walk43-tablet-table-page")
    here = page.url
    page.click("[data-floor-item=call] button:has-text('Take the call')")
    page.wait_for_load_state()
    assert page.url == here
    assert page.locator("[data-floor-item=call]").count() == 0
    assert "You took the call." in page.inner_text("main")

    # Check a hand: West's pung of South winds. The sheet's hand 2 is disputed, so the check
    # starts before it: South is the dealer, and West sits South.
    page.click("[data-check-hand]")
    assert "P1-1 is East (the dealer)" in page.inner_text("[data-sheet-state]")
    page.click(f"label:has([name=player][value='{hall.west.pk}'])")
    page.fill("[name=notation]", "123m456p789s222z9s 9s")
    page.click("button:has-text('Count the hand')")
    page.wait_for_selector("#hand-result")
    keys = page.locator("#hand-result tr[data-key]").evaluate_all(
        "rows => rows.map(r => r.dataset.key)"
    )
    assert "seat_wind" in keys, keys
    shoot(page, "walk43-tablet-check-hand")

    page.go_back()
    page.go_back()
    page.click("a:has-text('Score sheet') >> nth=-1")
    hand = SheetHand.objects.get(number=1)
    local = timezone.localtime(hand.created_at, hall.event.tzinfo).strftime("%H:%M")
    times = page.locator("[data-history] time").all_inner_texts()
    assert local in times, times
    assert all(re.fullmatch(r"\d\d:\d\d", t) for t in times)
    assert shown_totals(page) == UP_TO_HAND_1
    shoot(page, "walk43-tablet-sheet")
    tablet.close()
