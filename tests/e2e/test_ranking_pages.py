"""The ranking and a person's page in a real browser, on a phone (390 px) and a tablet
(768 px): nothing wider than the screen, the filter and search work, the person's chart and
how their ranking was computed are there."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import PHONE, TABLET
from tests.support.ranking import PEOPLE, eight_events
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db(transaction=True)

WIDER = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(autouse=True)
def ranking_in_step(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["390", "768"])
def test_ranking_page_filters_and_fits(browser, live_server, director, shoot, size):
    eight_events(director)
    context = browser.new_context(viewport=size, locale="en", bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/ranking/mcr/")
        rows = page.locator("[data-testid=ranking] tbody tr")
        assert rows.count() == 5
        assert rows.first.locator(".name").inner_text() == "Cees Gamma"
        assert page.evaluate(WIDER) <= 0
        shoot(page, f"ranking-{size['width']}")
        page.select_option("#country", "NL")
        page.click("[data-testid=ranking-filter] button")
        page.wait_for_url("**country=NL**")
        assert rows.count() == 2
        page.fill("#q", "bram")
        page.click("[data-testid=ranking-filter] button")
        page.wait_for_url("**q=bram**")
        assert rows.count() == 1 and "Bram Beta" in rows.first.inner_text()
        page.goto(live_server.url + "/ranking/mcr/countries/")
        assert page.locator("[data-testid=countries] tbody tr").count() == 3
        assert page.evaluate(WIDER) <= 0
    finally:
        context.close()


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["390", "768"])
def test_person_page_shows_ranking_lines_chart_and_events(
    browser, live_server, director, shoot, size
):
    eight_events(director)
    a = Person.objects.get(ema_number=PEOPLE["A"][3])
    context = browser.new_context(viewport=size, locale="en", bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/ranking/mcr/")
        page.click("text=Anna Alpha")
        page.wait_for_url(f"**/ranking/persons/{a.pk}/**")
        assert page.locator("[data-testid=ranking-place]").inner_text() == "3 / 5"
        assert page.locator(".ranking-lines tbody tr").count() == 5
        chart = page.locator("[data-testid=ranking-chart]")
        assert chart.count() == 1
        box = chart.bounding_box()
        assert box["width"] > 100 and box["x"] + box["width"] <= size["width"]
        assert page.locator("[data-testid=events-played] tbody tr").count() == 5
        assert page.evaluate(WIDER) <= 0
        shoot(page, f"person-{size['width']}")
    finally:
        context.close()
