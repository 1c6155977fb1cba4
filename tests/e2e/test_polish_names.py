"""Issue 43, items 5 and 6 in a real browser, from the public home page with no typed address:
the director at the check-in desk (768 px) finds "Łukasz Żółkiewski" by typing "lukasz" and
checks him in; a player on a phone (390 px) checks in with her name typed without accents
("malgorzata wisniewska") and her PIN, after a wrong PIN, through Back and reload. A card whose
PIN was reissued checks nobody in at the desk."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_until
from tests.support.browser import login, no_sideways_scrolling, open_event
from tests.tournament.registration.conftest import person
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Attendance
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Łukasz Żółkiewski", "Małgorzata Wiśniewska", "Søren Ørsted", "Anna Nowak"]


@pytest.fixture
def polish_event(make_event):
    event = open_event(make_event, "wroclaw-open", cap=8)
    services.update_settings(event, self_check_in=True)
    for n, name in enumerate(NAMES, 1):
        services.sign_up(event, person(n, name=name))
    checkin.open_check_in(event)
    pins.ensure_pins(event)
    return event


def test_the_desk_finds_lukasz_by_lukasz(tablet, live_server, polish_event, director, shoot):
    event = polish_event
    page = tablet.new_page()
    page.goto(live_server.url + "/")
    page.click("text=Log in")
    login_url = page.url
    login(page, live_server, director)
    assert page.url != login_url
    page.goto(live_server.url + "/")  # the home page, as after signing in
    page.locator("li", has_text=event.name).locator("text=Manage").click()
    page.click("nav.tabs >> text=Registration")
    page.click("text=Check-in desk")
    assert page.locator("[data-testid=expected]").inner_text() == "4"

    page.fill("#desk-search", "lukasz")
    found = page.locator("[data-testid=results] li")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Łukasz Żółkiewski")
    shoot(page, "desk-search-lukasz-tablet")
    found.locator("button").click()
    wait_until(page, "document.querySelector('[data-testid=checked-in]').textContent === '1'")
    assert "Łukasz Żółkiewski is checked in." in page.locator("[data-testid=feedback]").inner_text()

    for typed, name in [("SOREN", "Søren Ørsted"), ("wisn malg", "Małgorzata Wiśniewska")]:
        page.fill("#desk-search", typed)
        expect(page.locator("[data-testid=results] li")).to_have_text(
            [f"{name} (Helsinki)Check in"]
        )
    page.fill("#desk-search", "ukasz")  # not the start of a word
    expect(page.locator("[data-testid=results] li")).to_have_count(0)

    # a card whose PIN was reissued since it was printed
    anna = Player.objects.get(event=event, name="Anna Nowak")
    old_card = f"{live_server.url}/e/{event.slug}/card/{pins.card_token(anna)}/"
    pins.reissue_pin(anna)
    answer = page.request.post(
        f"{live_server.url}/director/{event.slug}/check-in/player",
        form={
            "card": old_card,
            "csrfmiddlewaretoken": page.locator(
                "#desk [name=csrfmiddlewaretoken]"
            ).first.input_value(),
        },
        headers={"Referer": page.url},
    )
    assert answer.status == 400 and "replaced" in answer.json()["error"]
    page.reload()
    assert page.locator("[data-testid=checked-in]").inner_text() == "1"
    missing = page.locator("[data-testid=missing] li").all_inner_texts()
    assert missing == ["Anna Nowak", "Małgorzata Wiśniewska", "Søren Ørsted"]
    no_sideways_scrolling(page)
    shoot(page, "desk-after-lukasz-tablet")


def test_a_player_checks_in_with_her_name_typed_without_accents(
    phone, live_server, polish_event, shoot
):
    event = polish_event
    gosia = Player.objects.get(event=event, name="Małgorzata Wiśniewska")
    right = pins.pin_of(gosia)
    wrong = f"{(int(right) + 1) % 10**6:06d}"
    page = phone.new_page()
    page.goto(live_server.url + "/")
    page.locator("li", has_text=event.name).locator("[data-testid=self-check-in-link]").click()
    page.fill("#id_name", "malgorzata wisniewska")
    page.fill("#id_pin", wrong)
    page.click("button[type=submit]")
    expect(page.locator(".errors, .errorlist").first).to_contain_text("Name or PIN is wrong.")
    shoot(page, "self-check-in-wrong-pin-phone")
    page.fill("#id_name", "malgorzata wisniewska")
    page.fill("#id_pin", right)
    page.click("button[type=submit]")
    expect(page.locator("body")).to_contain_text("Małgorzata Wiśniewska, you are checked in.")
    no_sideways_scrolling(page)
    shoot(page, "self-check-in-done-phone")
    assert Attendance.objects.get(player=gosia).how == Attendance.How.PHONE
    page.reload()  # the answer came by a redirect: a reload posts nothing again
    expect(page.locator("#id_name")).to_have_value("")
    page.click("a.brand")
    page.locator("li", has_text=event.name).locator("[data-testid=self-check-in-link]").click()
    # a double tap on the button with the right PIN again: still one check-in
    page.fill("#id_name", "Malgorzata Wisniewska")
    page.fill("#id_pin", right)
    page.dblclick("button[type=submit]")
    expect(page.locator("body")).to_contain_text("Małgorzata Wiśniewska, you are checked in.")
    assert Attendance.objects.filter(player__event=event, checked_in_at__isnull=False).count() == 1
