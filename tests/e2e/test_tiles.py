"""Hands read from their tiles in a real browser (issue 36): a referee checks an MCR hand of
6 fan + 2 flowers on a tablet (768 px) with the tile picker, and the false-win form opens
prefilled; a player enters a riichi hand by its tiles on a phone (390 px), and the sheet shows
it "from the tiles"."""

from __future__ import annotations

import json

import pytest

from penalties.models import FoulReport, HandCheck
from scoring.sheets.models import SheetHand
from tests.support.browser import login, sign_in
from tournament.events.models import Event
from tournament.players.access import pins

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_referee_checks_an_mcr_hand_and_opens_the_false_win_form(
    make_hall, live_server, tablet, shoot
):
    hall = make_hall("mcr")
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/")
    page.click("a[data-check-hand]")
    page.wait_for_selector("[data-picker]:not([hidden])")
    page.locator(f"input[name=player][value='{hall.south.pk}'] >> xpath=..").tap()
    # 123m 456p 678s 234s 9s, then the winning 9s and two flowers, all by taps.
    for tile in ("1m", "2m", "3m", "4p", "5p", "6p", "6s", "7s", "8s", "2s", "3s", "4s", "9s"):
        page.locator(f"[data-tile='{tile}']").tap()
    page.locator("[data-mode=win]").tap()
    page.locator("[data-tile='9s']").tap()
    page.locator("[data-tile='1f']").tap()
    page.locator("[data-tile='2f']").tap()
    assert page.input_value("[name=notation]") == "123m456p2346789s 12f"
    assert page.input_value("[name=win]") == "9s"
    page.locator("input[name=tsumo][value='1'] >> xpath=..").tap()
    shoot(page, "tiles-check-mcr-picker")
    page.click("button:has-text('Count the hand')")
    page.wait_for_selector("#hand-result")
    shoot(page, "tiles-check-mcr-result")
    text = page.locator("#hand-result").inner_text()
    assert "6 fan + 2 bonus tiles" in text
    assert "Fully Concealed Hand" in text and "不求人" in text
    assert page.locator("[data-total]").inner_text() == "8"
    page.locator("a[data-false-win]").tap()  # one tap to the foul form
    page.wait_for_selector("form[data-offline-form]")
    assert page.locator(f"input[name=offender][value='{hall.south.pk}']").is_checked()
    assert page.locator("input[name=d_reason][value='under_minimum']").is_checked()
    assert "/r1/t1/false_win/" in page.url
    inputs = json.loads(page.input_value("[name=hand_check]"))
    assert inputs["notation"] == "123m456p2346789s 12f" and inputs["win"] == "9s"
    assert page.locator("[data-hand-evidence]").is_visible()
    shoot(page, "tiles-false-win-prefilled")
    page.click("button[data-save]")
    page.wait_for_selector(".receipt")
    report = FoulReport.objects.get(event=hall.event)
    assert report.code == "false_win" and report.offender_id == hall.south.pk
    check = HandCheck.objects.get(report=report)
    assert (check.total, check.reaches_minimum) == (8, False)
    assert page.locator("[data-hand-evidence]").is_visible()
    shoot(page, "tiles-false-win-receipt")


def test_a_player_enters_a_riichi_hand_by_its_tiles_on_a_phone(
    make_hall, live_server, phone, shoot
):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(
        keeps_score_sheets=True, players_enter_hands=True, ruleset_options={"tiles_on_sheet": True}
    )
    pins.ensure_pins(hall.event)
    page = sign_in(phone, live_server.url, hall.event.slug, hall.south)
    page.wait_for_load_state("load")  # the form's script (sheets.js) has run
    page.select_option("[name=kind]", "win")
    page.select_option("[name=winner]", "1")
    page.select_option("[name=discarder]", "")
    page.check("input[name=riichi][value='1']")
    page.fill("[name=tiles]", "234m567p678s99p34s5s")
    assert page.locator("[name=han]").is_hidden()  # the tiles give the count
    page.check("input[name=tile_flags][value='ippatsu']")
    shoot(page, "tiles-player-phone-form")
    page.click("button:has-text('Record the hand')")
    page.wait_for_selector(".messages li")
    row = page.locator("tr[data-hand='1']")
    assert "from the tiles" in row.inner_text()
    assert row.locator("[data-source=tiles]").is_visible()
    shoot(page, "tiles-player-phone-sheet")
    hand = SheetHand.objects.get()
    assert hand.data["wins"][0] == {"winner": 1, "han": 4, "fu": 20}
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def test_the_check_fits_a_phone(make_hall, live_server, phone, shoot):
    hall = make_hall("riichi_ema", {"red_fives": True})
    page = phone.new_page()
    login(page, live_server, hall.floor)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/check-hand/")
    page.wait_for_selector("[data-picker]:not([hidden])")
    assert page.locator("[data-tile='0p']").is_visible()  # the event's red fives
    assert page.locator("[data-tile='1f']").count() == 0  # no flowers in riichi
    box = page.locator("[data-tile='5m']").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 30
    page.locator(f"input[name=player][value='{hall.east.pk}'] >> xpath=..").tap()
    page.fill("[name=notation]", "234m567p678s99p34s5s")
    page.click("button:has-text('Count the hand')")
    page.wait_for_selector("#hand-result")
    assert "Pinfu" in page.locator("#hand-result").inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    shoot(page, "tiles-check-phone")
    assert width <= 390, width
