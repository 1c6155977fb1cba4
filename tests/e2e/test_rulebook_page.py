"""The event's rulebook in the browser: reached from the standings by its tab on a phone, read
without sideways scrolling, in Czech from its print-language link, and printed on A4 without
the site's header, navigation or footer."""

from __future__ import annotations

import pytest

from tests.support.browser import no_sideways_scroll

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_reads_and_prints_the_rulebook_on_a_phone(make_hall, live_server, phone, shoot):
    h = make_hall("riichi_ema", {"chombo_points": 25000})
    page = phone.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/")
    page.click("nav.tabs >> text=Rulebook")
    page.wait_for_selector("section#fouls")
    no_sideways_scroll(page)
    chombo = page.locator("#foul-chombo")
    assert "25" in chombo.inner_text(), chombo.inner_text()
    shoot(page, "rulebook-phone")

    page.click(".rulebook-languages a[hreflang=cs]")
    page.wait_for_selector("section#fouls")
    assert page.locator("h1 small").inner_text() == "Pravidla turnaje"
    no_sideways_scroll(page)

    page.emulate_media(media="print")
    for chrome in ("header.site-header", "nav.tabs", "footer.site-footer", ".rulebook-languages"):
        assert page.locator(chrome).is_hidden(), chrome
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") >= 2
