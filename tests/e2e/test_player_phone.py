"""A player with a phone (390x844), and the hall's projector."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.results import services as result_services
from tournament.hall import services as hall_services
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event_with_next_round(make_hall):
    h = make_hall("mcr")
    round1 = h.event.rounds.get(number=1)
    for table in round1.tables.all():
        result_services.enter_result(table, h.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    round2 = round_services.create_round(h.event, number=2)
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    seats.seat_round(round2, [ids[:4], ids[4:]])
    return h


def test_player_finds_seat_and_sees_a_new_penalty_without_reloading(
    event_with_next_round, live_server, phone, shoot
):
    h = event_with_next_round
    page = phone.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/")
    page.wait_for_selector("table.standings")
    shoot(page, "public-standings-phone")

    page.goto(f"{live_server.url}/e/{h.event.slug}/seating/")
    page.fill("#q", h.south.name)
    page.keyboard.press("Enter")
    page.wait_for_selector(".match")
    assert "table" in page.inner_text(".match").lower()
    shoot(page, "public-seating-phone")

    page.click(f"[data-table]:not([hidden]) a:has-text('{h.south.name}')")
    page.wait_for_selector("#player-penalties")
    assert "No penalties" in page.inner_text("#player-penalties")
    assert page.locator(".next-seat").count() == 1
    shoot(page, "public-player-phone")

    # A referee records a foul against this player while the page stays open.
    round_services.update_round(h.event.rounds.get(number=1), status=Round.Status.LIVE)
    h.foul(h.floor, "false_win", h.south, {"reason": "invalid_hand"}, explanation="Only 6 points")
    # A locator wait: the pages' Content-Security-Policy refuses wait_for_function's eval.
    expect(page.locator("#player-penalties")).to_contain_text("Only 6 points", timeout=15000)
    shoot(page, "public-player-penalty-phone")


def test_projector_pages_and_shows_the_clock(make_hall, live_server, browser, shoot):
    h = make_hall("mcr", players=40)
    round1 = h.event.rounds.get(number=1)
    Round.objects.filter(pk=round1.pk).update(
        starts_at=timezone.now() - timedelta(minutes=30), length_minutes=120
    )
    for table in round1.tables.all():
        result_services.enter_result(table, h.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    hall_services.add_announcement(h.event, "Dinner at 19:00")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{h.event.slug}/projector/")
    page.wait_for_selector("[data-projector][data-page='1']")
    assert page.get_attribute("[data-clock]", "data-state") in ("running",)
    assert "Dinner at 19:00" in page.inner_text("[data-announcements]")
    first = page.inner_text("[data-standings] tbody")
    shoot(page, "projector-page-1")
    page.wait_for_selector("[data-projector][data-page='2']", timeout=20000)
    assert page.inner_text("[data-standings] tbody") != first
    shoot(page, "projector-page-2")
    context.close()
