"""Standings on a phone show why tied players are placed apart (issue 43, item 15): players on
the same table points were placed 1 and 2 at 390 px with the Score column, the tie-break,
hidden. The tie-break columns stay on a phone; the games played stay a tablet's column."""

from __future__ import annotations

import pytest

from scoring.results import services as result_services
from scoring.standings.services import reconcile
from tests.e2e.conftest import PHONE
from tournament.players import services as player_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tied(make_hall):
    """MCR, two tables: both East players take 4 table points, one with 60, one with 40."""
    h = make_hall("mcr")
    player_services.update_player(h.east, name="Šťastný Bartholomew-Vandenberghe")
    round_ = h.event.rounds.get(number=1)
    for number, scores in ((1, (40, 5, 0, -45)), (2, (60, 10, -30, -40))):
        table = round_.tables.get(number=number)
        result_services.enter_result(table, h.director, dict(zip("ESWN", scores, strict=True)))
    h.foul(h.floor, "premature_count", h.south, {})
    reconcile.reconcile_event(h.event.pk)
    return h


def test_the_tie_break_shows_at_390_px(tied, live_server, browser, shoot):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    page.click(f"a:has-text('{tied.event.name}')")
    page.wait_for_selector("table.standings")
    width = PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for label in ("Place", "Player", "Table points", "Score", "Penalties"):
        head = page.locator("table.standings th", has_text=label)
        assert head.is_visible(), label
        box = head.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, label
    assert not page.locator("table.standings th", has_text="Games").is_visible()
    rows = page.locator("table.standings tbody tr")
    first, second = rows.nth(0).inner_text().split("\t"), rows.nth(1).inner_text().split("\t")
    # Both on 4 table points; the score says why one is first.
    assert first[0] == "1" and second[0] == "2"
    assert first[2] == second[2] == "4"
    assert (first[3], second[3]) == ("60", "40")
    for cell in rows.nth(1).locator("td").all():
        if cell.is_visible():
            box = cell.bounding_box()
            assert box["x"] + box["width"] <= width
    shoot(page, "standings-tiebreak-390")
    context.close()
