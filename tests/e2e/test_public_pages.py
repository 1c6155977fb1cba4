"""Public pages in the browser: standings, player page and "Where do I sit?" at tablet (768) and
phone (390) width without sideways scrolling, the live seat filter, print styles, and the
projector's 15 rows with the page marker on a 1920x1080 screen."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.results import services as result_services
from tests.support.browser import no_sideways_scroll
from tournament.hall import services as hall_services
from tournament.players import services as player_services
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"tablet": {"width": 768, "height": 1024}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def riichi_event(make_hall):
    """Riichi, 16 players (long names), round 1 played with a chombo, a late player without a
    game, a bye in the live round 2."""
    h = make_hall("riichi_ema", players=16)
    player_services.update_player(h.east, name="Šťastný Bartholomew-Vandenberghe")
    for table in h.event.rounds.get(number=1).tables.all():
        result_services.enter_result(
            table, h.director, {"E": 45000, "S": 35000, "W": 25000, "N": 15000}
        )
    h.foul(h.floor, "chombo", h.south, {"kind": "noten_riichi"})
    round_services.update_round(h.event.rounds.get(number=1), status=Round.Status.CLOSED)
    player_services.add_player(h.event, name="Late Comer")
    round2 = round_services.create_round(h.event, number=2)
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    seated = [i for i in ids if i != h.north.pk][:16]
    seats.seat_round(round2, [seated[i : i + 4] for i in range(0, 16, 4)])
    round_services.update_round(round2, status=Round.Status.LIVE)
    return h


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_standings_and_player_page_fit_the_width(riichi_event, live_server, browser, shoot, size):
    h = riichi_event
    context = browser.new_context(viewport=WIDTHS[size], has_touch=True, locale="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/")
    page.wait_for_selector("table.standings")
    no_sideways_scroll(page)
    penalties = page.locator("table.standings th", has_text="Penalties")
    assert penalties.is_visible()
    assert (
        penalties.bounding_box()["x"] + penalties.bounding_box()["width"] <= WIDTHS[size]["width"]
    )
    games = page.locator("table.standings th", has_text="Games")
    assert games.is_visible() == (size == "tablet")  # a secondary column, hidden on a phone
    late = page.locator("table.standings tr", has_text="Late Comer")
    assert "no game yet" in late.inner_text() and late.locator("td").first.inner_text() == "–"
    assert "in thousands of points" in page.inner_text("main")
    shoot(page, f"public-standings-{size}")

    page.click(f"table.standings a:has-text('{h.south.name}')")
    page.wait_for_selector("svg.chart")
    no_sideways_scroll(page)
    assert "Games" in page.inner_text("dl.facts")
    shoot(page, f"public-player-{size}")
    context.close()


def test_the_penalties_page_fits_a_phone(riichi_event, live_server, browser, shoot):
    """A walk found the Consequences and Explanation columns cut off at 390 px: on a phone
    each penalty is a card of labelled lines."""
    h = riichi_event
    context = browser.new_context(viewport=WIDTHS["phone"], has_touch=True, locale="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/")
    page.click("nav a:has-text('Penalties')")
    page.wait_for_selector("table.list")
    no_sideways_scroll(page)
    rights = page.eval_on_selector_all(
        "table.list td", "cells => cells.map(c => c.getBoundingClientRect().right)"
    )
    assert rights and max(rights) <= WIDTHS["phone"]["width"] + 0.5
    cell = "getComputedStyle(document.querySelector('table.list td[data-label]'))"
    assert page.evaluate(f"{cell}.display") == "block"
    shoot(page, "public-penalties-phone")
    context.close()


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_where_do_i_sit_filters_live_and_tells_the_bye(
    riichi_event, live_server, browser, shoot, size
):
    h = riichi_event
    context = browser.new_context(viewport=WIDTHS[size], has_touch=True, locale="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/seating/")
    assert "Seating of round 2" in page.inner_text("h2")  # the live round
    assert page.locator("section[data-table]:not(.byes)").count() == 4
    page.fill("#q", "stast")  # no accents, lower case, start of a word
    visible = page.locator("[data-table]:not([hidden])")
    expect(visible).to_have_count(1)  # (no wait_for_function: the CSP refuses its eval)
    assert "Šťastný" in visible.inner_text()
    no_sideways_scroll(page)
    shoot(page, f"public-seating-filter-{size}")

    page.fill("#q", h.north.name.upper())
    page.keyboard.press("Enter")
    page.wait_for_selector(".match.bye")
    assert "bye in round 2" in page.inner_text(".matches")
    assert h.north.name in page.inner_text(".byes")
    shoot(page, f"public-seating-bye-{size}")
    context.close()


def test_printed_standings_leave_out_header_and_navigation(riichi_event, live_server, browser):
    context = browser.new_context(viewport=WIDTHS["phone"], locale="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{riichi_event.event.slug}/")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator("nav.tabs").is_visible()
    assert page.locator("table.standings th", has_text="Games").is_visible()  # paper is wide
    context.close()


def test_projector_shows_15_rows_and_its_page_marker(make_hall, live_server, browser, shoot):
    h = make_hall("mcr", players=40)
    Round.objects.filter(event=h.event, number=1).update(
        starts_at=timezone.now() - timedelta(minutes=30), length_minutes=120
    )
    for table in h.event.rounds.get(number=1).tables.all():
        result_services.enter_result(table, h.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    hall_services.add_announcement(h.event, "Dinner at 19:00 in the main hall")
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/projector/")
    page.wait_for_selector("[data-projector][data-page='1'] [data-standings] tbody tr")
    page.wait_for_selector("[data-clock] .time")  # the clock makes the header tallest
    rows = page.locator("[data-standings] tbody tr")
    assert rows.count() == 15
    marker = page.locator("[data-page-info]").bounding_box()
    assert marker["y"] + marker["height"] <= 1080
    assert "Page 1 / 3" in page.inner_text("[data-page-info]")
    last = rows.nth(14).bounding_box()
    assert last["y"] + last["height"] <= marker["y"]
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    shoot(page, "projector-1920")
    context.close()


def test_projector_never_cuts_a_row_when_live_tables_show(make_hall, live_server, browser, shoot):
    """Issue 31, item 17: with the live tables' running scores under the standings, a page
    holds only the rows that fit whole."""
    from scoring.sheets import services as sheets
    from tournament.events.models import Event

    h = make_hall("mcr", players=40)
    Event.objects.filter(pk=h.event.pk).update(keeps_score_sheets=True)
    h.event.refresh_from_db()
    for table in h.event.rounds.get(number=1).tables.all()[1:]:
        result_services.enter_result(table, h.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    first = h.event.rounds.get(number=1).tables.get(number=1)
    hand = {"kind": "win", "winner": 0, "fan": 8, "discarder": 1}
    sheets.add_hand(first, hand, author=sheets.Author(user=h.head), number=1, idempotency_key="p1")
    hall_services.add_announcement(h.event, "Dinner at 19:00 in the main hall")
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/projector/")
    page.wait_for_selector("[data-live-tables]:not([hidden]) li")
    page.wait_for_selector("[data-projector][data-page='1'] [data-standings] tbody tr")
    page.wait_for_timeout(300)  # the standings are counted again once the live tables show
    box = page.locator("[data-standings]").bounding_box()
    rows = page.locator("[data-standings] tbody tr")
    assert 0 < rows.count() <= 15
    last = rows.nth(rows.count() - 1).bounding_box()
    assert last["y"] + last["height"] <= box["y"] + box["height"] + 0.5
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    shoot(page, "projector-1920-live-tables")
    context.close()
