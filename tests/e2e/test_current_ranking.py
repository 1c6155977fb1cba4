"""Issue 32, item 5, in a real browser: after a cut and a final, the public standings (at
390 px) and the projector (1920x1080) show the final ranking, grouped, and a player's page
shows the same place as ``/final/``; the overall totals are one tap away."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group

from scoring.demo import load_full_demo
from scoring.formats import reading as cut_reading
from scoring.formats import services as cuts
from scoring.results.services import enter_result
from scoring.standings.services.reconcile import reconcile_event
from tests.e2e.conftest import wait_until
from tournament.access.roles import STAFF_GROUPS
from tournament.events.models import Event
from tournament.formats.services import stages
from tournament.rounds.models import Round
from tournament.rounds.services import update_round

pytestmark = pytest.mark.django_db(transaction=True)


def no_sideways_scrolling(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def cut_and_final() -> Event:
    """The demo's 32 players after two rounds, a final of 8 (round 3) with the others in a
    consolation group; round 3 played and closed."""
    for group in STAFF_GROUPS:  # a transactional test before this one flushed them
        Group.objects.get_or_create(name=group)
    event, _logins = load_full_demo(32, 2)
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=2)
    final = stages.add_stage(
        event,
        name="Final",
        first_round=3,
        last_round=3,
        cut_size=8,
        seating="rank",
        rest="consolation",
    )
    line = cut_reading.cut_view(final).line
    cuts.confirm_cut(final, event.director, list(line.tied[: line.open_seats]))
    round_three = cuts.seat_stage_round(final)
    update_round(round_three, status=Round.Status.LIVE)
    Event.objects.filter(pk=event.pk).update(results_need_confirmation=False)
    fresh = Round.objects.get(pk=round_three.pk)  # its event reads the setting just written
    for i, table in enumerate(fresh.tables.select_related("round__event").order_by("number")):
        scores = {"E": -25, "S": -15, "W": 10, "N": 30} if i % 2 else {"E": 30, "S": 10}
        scores = {"W": -15, "N": -25, **scores}
        enter_result(table, event.director, scores)
    update_round(round_three, status=Round.Status.CLOSED)
    reconcile_event(event.pk)
    event.refresh_from_db()
    return event


def test_every_page_shows_the_final_ranking_after_a_cut(live_server, phone, browser, shoot):
    event = cut_and_final()
    page = phone.new_page()
    public = f"{live_server.url}/e/{event.slug}"
    page.goto(f"{public}/final/")
    final = {}
    for row in page.locator("table.final-ranking tbody tr").all():
        href = row.locator("a").get_attribute("href")
        final[int(re.search(r"/players/(\d+)/", href).group(1))] = int(
            row.locator("td").first.inner_text()
        )
    assert len(final) == 32

    page.goto(f"{public}/")
    # The final, the consolation group (everyone else played on).
    assert page.locator("section.ranking-group").count() == 2
    assert page.locator("section.ranking-group.consolation h3").inner_text() == (
        "Consolation group (Final)"
    )
    shown = {
        int(row.get_attribute("data-player")): int(row.locator("[data-place]").inner_text())
        for row in page.locator("section.ranking-group tbody tr").all()
    }
    assert shown == final
    no_sideways_scrolling(page)
    shoot(page, "ranking-event-phone")
    page.click("nav.standings-views a:has-text('Overall totals')")
    page.wait_for_url(f"{public}/?view=overall")
    assert page.locator("section.ranking-group").count() == 0
    no_sideways_scrolling(page)
    shoot(page, "ranking-overall-phone")

    # A consolation player's page (9th: first at the line not to go on) and a finalist's.
    for pk in sorted(final, key=final.get)[7:9]:
        page.goto(f"{public}/players/{pk}/")
        assert page.locator("dd[data-place]").inner_text() == f"{final[pk]} / 32"
        no_sideways_scrolling(page)
    shoot(page, "ranking-player-phone")

    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en")
    projector = screen.new_page()
    projector.goto(f"{public}/projector/")
    wait_until(projector, "document.querySelector('[data-standings] table') !== null")
    assert projector.locator("tr.group th").first.inner_text() == "Final ranking"
    first = projector.locator("[data-standings] tbody tr:not(.group)").first
    winner = min(final, key=final.get)
    name = event.players.get(pk=winner).name
    assert first.locator("td").nth(1).inner_text() == name
    shoot(projector, "ranking-projector")
    screen.close()
