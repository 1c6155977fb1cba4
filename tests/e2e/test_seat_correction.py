"""Issue 46, item 2 walked in the browser from the home page, typing no address. The director on
a tablet (768 px) finds that P1-0 and P1-1 sat in each other's seats after two hands, a dispute
and a chombo: from the round board to the table's page, "Correct the seats", the question that
names what will happen, Cancel, then the correction. P1-0 on a phone (390 px), after a wrong
PIN, finds the seat they really had on their page."""

from __future__ import annotations

import pytest

from scoring.reseat.models import SeatCorrection
from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tests.e2e.conftest import PHONE, TABLET
from tournament.events import services as event_services
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Seat, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def wrong_seats(make_hall):
    hall = make_hall("riichi_ema")
    event = hall.event
    event.keeps_score_sheets = event.players_enter_hands = True
    event_services.save_event(event)
    pins.ensure_pins(event)
    table = Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )
    win = {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    sheets.add_hand(table, win, author=Author(user=hall.head), number=1, idempotency_key="h1")
    tsumo = {"kind": "win", "winner": 0, "discarder": None, "han": 1, "fu": 30}
    sheets.add_hand(table, tsumo, author=Author(player=hall.east), number=2, idempotency_key="h2")
    sheets.dispute_hand(
        table, 2, author=Author(player=hall.west), version=1, reason="It was by discard"
    )
    assert hall.foul(hall.head, "chombo", hall.east, {"kind": "noten_riichi"}).status_code == 201
    return hall


def test_the_director_corrects_the_seats_and_the_player_sees_them(
    wrong_seats, browser, live_server, shoot
):
    hall = wrong_seats
    url = live_server.url
    tablet = browser.new_context(viewport=TABLET, has_touch=True, locale="en")
    page = tablet.new_page()
    page.goto(url + "/")
    page.click("text=Log in")
    page.fill("[name=username]", hall.director.username)
    page.fill("[name=password]", "pw-" + hall.director.username)
    page.click("button[type=submit]")
    page.click(f"main li:has-text('{hall.event.name}') >> text=Manage")
    page.click("table.list a:has-text('Live')")
    page.click("li.tile[data-table='1'] a")
    page.click("main a:has-text('Table 1') >> nth=0")
    page.click("[data-reseat-link]")
    assert "P1-0" in page.inner_text("[data-recorded-seats] li:first-child")

    def ask() -> None:
        page.select_option("[name=swap-first]", label="P1-0")
        page.select_option("[name=swap-second]", label="P1-1")
        page.fill("[name=swap-reason]", "P1-0 and P1-1 sat in each other's seats")
        page.click("[data-swap-form] button:has-text('Continue')")
        page.wait_for_selector("[data-confirm]")

    ask()
    question = page.inner_text("[data-confirm]")
    assert "Correct the seats of table 1: East: P1-0 → P1-1; South: P1-1 → P1-0?" in question
    assert "2 hands get a new version" in question
    assert "1 open dispute" in question
    assert "Foul reports that cost the same at the real seats stay as they are: 1." in question
    assert "P1-1, P1-0, P1-2 and P1-3 are told." in question
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    shoot(page, "reseat-tablet-question")
    page.click("[data-confirm-no]")
    page.wait_for_selector("[data-swap-form]")
    assert not SeatCorrection.objects.exists()

    ask()
    page.click("[data-confirm-yes]")
    page.wait_for_selector("text=Seats corrected: East: P1-0 → P1-1; South: P1-1 → P1-0.")
    assert page.inner_text("ol.seats li:first-child").split() == ["East", "P1-1"]
    shoot(page, "reseat-tablet-table-page")
    # Back to the question and its form sent again: the correction is made once.
    page.go_back()
    page.wait_for_load_state()
    if page.locator("[data-confirm-yes]").count():
        page.click("[data-confirm-yes]")
        page.wait_for_load_state()
    assert SeatCorrection.objects.count() == 1
    assert Seat.objects.get(
        table__round__event=hall.event, table__number=1, wind="E"
    ).player_id == (hall.south.pk)
    page.goto(url + "/")  # the home page again, and down to the sheet by links
    page.click(f"main li:has-text('{hall.event.name}') >> text=Manage")
    page.click("table.list a:has-text('Live')")
    page.click("li.tile[data-table='1'] a")
    page.click("main a:has-text('Table 1') >> nth=0")
    page.click("a:has-text('Score sheet') >> nth=-1")
    history = page.inner_text("[data-history]")
    assert history.count("hand re-seated by a seat correction") == 2
    assert "dispute carried over" in history
    assert "P1-0 and P1-1 sat in each other's seats" in history
    shoot(page, "reseat-tablet-sheet")
    tablet.close()

    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")
    page = phone.new_page()
    page.goto(url + "/")
    page.click(f"main a:has-text('{hall.event.name}')")
    page.click("nav.tabs >> text=My page")
    page.fill("[name=table]", "1")
    page.click("button:has-text('Next')")
    page.check(f"[name=player][value='{hall.east.pk}']")
    right = pins.pin_of(Player.objects.get(pk=hall.east.pk))
    page.fill("[name=pin]", "000000" if right != "000000" else "111111")
    page.click("button:has-text('Sign in')")
    assert page.locator("[role=alert], .errors").count() >= 1
    page.check(f"[name=player][value='{hall.east.pk}']")
    page.fill("[name=pin]", right)
    page.click("button:has-text('Sign in')")
    page.wait_for_selector("[data-testid=my-seat]")
    seat = page.inner_text("[data-testid=my-seat]")
    assert "Round 1: table 1, South" in seat
    assert "East P1-1" in page.inner_text("[data-testid=opponents]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "reseat-phone-my-seat")
    phone.close()
