"""Forms answer where the director is looking, and Chinese fan names are drawn on a device
without a Chinese font (issue 43, item 19), in a real browser.

Adding a stage with a mistake on a phone (390 px) answered with the form and its error at the
foot of a long page, scrolled to the top: it looked as if nothing had happened. Now the first
error comes into view and its field takes the focus. This machine's Chromium has no Chinese font:
the fans' names of a checked MCR hand are drawn with the font the site ships, under the pages'
strict Content-Security-Policy."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, TABLET
from tests.support.browser import login

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_refused_stage_shows_its_error_in_view_on_a_phone(
    make_event, director, live_server, phone
):
    event = make_event("feedback-open", rounds=2, seated=True)
    page = phone.new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/stages/")
    page.fill("#id_name", "Final")
    page.fill("#id_first_round", "2")
    page.fill("#id_last_round", "1")
    page.click("button:has-text('Add stage')")
    page.wait_for_load_state()
    error = page.locator("main form .errors").first
    assert "The last round cannot come before the first." in error.inner_text()
    box = error.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    focused = page.evaluate("document.activeElement.closest('.has-error') !== null")
    assert focused


def test_chinese_fan_names_are_drawn_with_the_shipped_font(make_hall, live_server, browser):
    hall = make_hall("mcr")
    context = browser.new_context(viewport=TABLET, locale="en")  # the pages' own policy
    page = context.new_page()
    login(page, live_server, hall.floor)
    query = (
        f"player={hall.south.pk}&notation=123m456p2346789s+12f&win=9s&tsumo=1"
        "&seat_wind=1&prevalent_wind=0"
    )
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/check-hand/?{query}")
    page.wait_for_selector("#hand-result .zh")
    page.evaluate("document.fonts.ready.then(() => true)")
    text = page.locator("#hand-result .zh").first.inner_text()
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#hand-result .zh"})
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    drawn = {f["familyName"]: f["glyphCount"] for f in fonts}
    assert sum(drawn.values()) == len(text), drawn
    assert all("CJK" in name or " SC" in name for name in drawn), drawn
    context.close()
