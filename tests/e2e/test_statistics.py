"""Player statistics in a real browser (issue 47, item 3): on a phone (390 px) a player finds
their statistics from the home page by links only (event, standings, their page, "All
statistics") and reads them, the chart of each game included, without sideways scrolling;
Back, Forward and a reload keep the page. On a tablet (768 px) the director publishes two of the
event's awards (a double tap stores one publication), sees them on the public statistics page,
and withdraws them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.standings.services.reconcile import reconcile_event
from scoring.stats.models import AwardPublication
from tests.e2e.conftest import PHONE, TABLET
from tests.support.stats import build

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def built(make_event, director, director_api, settings):
    settings.STATS_EVENT_SECONDS = 0
    found = build(make_event, director, director_api)
    reconcile_event(found.a.pk)
    return found


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url
    for right in page.locator("svg.chart, table, dl").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    ):
        assert right <= width + 0.5, page.url


def test_a_player_reads_their_statistics_on_a_phone(built, live_server, browser, shoot):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/")
        page.click(f"text={built.a.name}")
        page.locator("table.standings").get_by_role("link", name="Player 01").click()
        summary = page.locator("[data-testid=hand-stats]")
        expect(summary).to_contain_text("Hands played")
        assert summary.locator("[data-stat=wins]").inner_text() == "3"
        assert "(33.3\xa0%)" in summary.inner_text()
        no_sideways_scroll(page)
        page.click("[data-testid=stats-link]")

        figures = page.locator("[data-testid=stat-figures]")
        expect(figures).to_be_visible()
        assert figures.locator("[data-stat=hands]").inner_text() == "9"
        assert figures.locator("[data-stat=deal-ins]").inner_text() == "2"
        assert "2 of 4 (50.0\xa0%)" in figures.inner_text()
        assert figures.locator("[data-stat=chombo]").inner_text() == "1"
        best = page.locator("[data-testid=best-win]").inner_text()
        assert "8\xa0000" in best and "mangan" in best and "round 1, table 1, hand 4" in best
        assert "Pinfu" in page.locator("[data-testid=tile-yaku]").inner_text()
        charts = page.locator("[data-testid=game-chart]")
        expect(charts).to_have_count(2)
        assert charts.first.locator("polyline").count() == 4
        assert "39\xa0700" in charts.first.locator(".chart-legend").inner_text()
        no_sideways_scroll(page)
        shoot(page, "statistics-player-phone")

        url = page.url
        page.go_back()
        expect(page.locator("[data-testid=hand-stats]")).to_be_visible()
        page.go_forward()
        assert page.url == url
        page.reload()
        expect(page.locator("[data-testid=game-chart]")).to_have_count(2)

        page.click("text=The event's statistics")
        rows = page.locator("[data-testid=stats-players] tbody tr")
        expect(rows).to_have_count(8)
        no_sideways_scroll(page)
        shoot(page, "statistics-event-phone")
    finally:
        context.close()


def login(page, live_server, user) -> None:
    page.goto(f"{live_server.url}/")
    page.click("text=Log in")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "pw-" + user.username)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def test_the_director_publishes_awards_on_a_tablet(built, director, live_server, browser, shoot):
    context = browser.new_context(viewport=TABLET, has_touch=True, locale="en")
    try:
        page = context.new_page()
        login(page, live_server, director)
        page.locator("li", has_text=built.a.name).get_by_role("link", name="Manage").click()
        page.locator("nav.tabs").get_by_role("link", name="Awards").click()
        expect(page.locator("[data-testid=published]")).to_have_text("Not published yet.")
        form = page.locator("form.awards-form")
        assert "Player 06" in form.inner_text() and "12\xa0000 – haneman" in form.inner_text()
        assert "Player 03 – 0 deal-ins" in form.inner_text()
        no_sideways_scroll(page)
        # Each box beside its award's name, one target.
        for gap in page.locator(".award-choice label").evaluate_all(
            """ls => ls.map(l => l.querySelector('strong').getBoundingClientRect().left
                     - l.querySelector('input').getBoundingClientRect().right)"""
        ):
            assert 0 <= gap <= 12, gap
        shoot(page, "statistics-awards-tablet")
        page.uncheck("input[value=most_wins]")
        button = page.locator("[data-testid=publish]")
        button.dblclick()
        expect(page.locator(".messages")).to_contain_text("public")
        assert AwardPublication.objects.count() == 1
        assert AwardPublication.objects.get().awards == ["best_hand", "fewest_deal_ins"]
        published = page.locator("[data-testid=published]").inner_text()
        assert "Best hand" in published and "Fewest deal-ins" in published
        page.reload()
        assert AwardPublication.objects.count() == 1

        page.locator("nav.tabs").get_by_role("link", name="Public page").click()
        page.locator("nav.tabs").get_by_role("link", name="Statistics").click()
        awards = page.locator("[data-testid=awards]")
        expect(awards).to_contain_text("Best hand")
        assert "Most wins" not in awards.inner_text()
        assert "Player 06" in awards.inner_text() and "Player 03" in awards.inner_text()
        no_sideways_scroll(page)
        shoot(page, "statistics-awards-public-tablet")

        page.go_back()
        page.go_back()
        page.click("[data-testid=withdraw]")
        expect(page.locator("[data-testid=published]")).to_contain_text("Withdrawn")
        assert AwardPublication.objects.count() == 2
    finally:
        context.close()
