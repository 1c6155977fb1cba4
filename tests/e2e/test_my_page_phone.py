"""The player's own page on a phone (issue 32, item 2) in a real browser at 360 and 390 px:
signed in by the card's link, the page shows my seat, my opponents, the round clock and the
game's state in words ("East 1, 0 counters"); the header names me; checkboxes sit beside
their words; neither my page nor my public page scrolls sideways ("Tables played" stacks)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.results import services as result_services
from scoring.standings.services import reconcile as standings_reconcile
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Round, Table

pytestmark = pytest.mark.django_db(transaction=True)

# A long name, as the walkthrough's: it must wrap, not widen the page.
LONG = "Grzegorz Brzęczyszczykiewicz-Wojciechowski"


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
        page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    )


def checkbox_gaps(page) -> list[float]:
    """For each visible checkbox of the hand form: the gap between the box and its words."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.hand-form label'))
          .filter(l => l.querySelector('input[type=checkbox]') && l.offsetParent !== null)
          .map(l => {
            const box = l.querySelector('input[type=checkbox]').getBoundingClientRect();
            const text = Array.from(l.childNodes)
              .find(n => n.nodeType === 3 && n.textContent.trim());
            const range = document.createRange();
            range.selectNodeContents(text);
            const words = range.getBoundingClientRect();
            const middle = (r) => r.top + r.height / 2;
            return Math.max(words.left - box.right, Math.abs(middle(words) - middle(box)));
          })"""
    )


@pytest.mark.parametrize("width", [360, 390])
def test_my_page_and_my_public_page_fit_a_phone(make_hall, live_server, browser, shoot, width):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    Player.objects.filter(pk=hall.west.pk).update(name=LONG)
    Round.objects.filter(event=hall.event, number=1).update(
        clock_started_at=timezone.now() - timedelta(minutes=20), length_minutes=90
    )
    table2 = Table.objects.get(round__event=hall.event, round__number=1, number=2)
    result_services.enter_result(
        table2, hall.director, {"E": 45000, "S": 35000, "W": 25000, "N": 15000}
    )
    standings_reconcile.reconcile_event(hall.event.pk)
    south = Player.objects.get(pk=hall.south.pk)
    link = f"{live_server.url}/e/{hall.event.slug}/card/{pins.card_token(south)}/"

    context = browser.new_context(
        viewport={"width": width, "height": 800}, has_touch=True, is_mobile=True, locale="en",
        bypass_csp=True,
    )  # fmt: skip
    try:
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector("[data-testid=my-seat]")
        seat = page.inner_text("[data-testid=my-seat]")
        assert "Round 1: table 1, South" in seat
        for name in (hall.east.name, LONG, hall.north.name):
            assert name in page.inner_text("[data-testid=opponents]")
        # The clock counts down on the phone, second by second, without asking the server.
        shown = page.inner_text("[data-testid=clock]")
        assert re.search(r"Round clock: \d+:\d\d(:\d\d)? left \(ends at", shown), shown
        page.wait_for_function(
            "text => document.querySelector('[data-testid=clock]').innerText !== text", arg=shown
        )
        assert "East 1, 0 counters, 0 riichi sticks" in page.inner_text("[data-testid=my-seat]")
        assert "East 1, 0 counters" in page.inner_text("[data-testid=sheet-state]")
        header = page.inner_text(".site-header")
        assert south.name in header and "Sign out" in header and "Log in" not in header
        # The hand form's riichi checkboxes sit beside their words.
        gaps = checkbox_gaps(page)
        assert gaps and max(gaps) <= 12, gaps  # before: 16.5 px, 28 px for a wrapped name
        no_sideways_scroll(page)
        shoot(page, f"my-page-phone-{width}")

        # My public page, and a player's of table 2 with a table played: the rows stack.
        other = Player.objects.get(seats__table=table2, seats__wind="E")
        page.goto(f"{live_server.url}/e/{hall.event.slug}/players/{other.pk}/")
        table = page.locator("[data-testid=tables-played]")
        expect(table).to_contain_text("With uma")
        cell = table.locator("tbody td").last
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, box
        no_sideways_scroll(page)
        shoot(page, f"public-player-phone-{width}")
    finally:
        context.close()


def test_my_page_follows_my_table_without_reloading(make_hall, live_server, phone):
    import uuid

    from scoring.sheets import services as sheets

    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    south = Player.objects.get(pk=hall.south.pk)
    page = phone.new_page()
    page.goto(f"{live_server.url}/e/{hall.event.slug}/card/{pins.card_token(south)}/")
    page.wait_for_selector("[data-testid=state-words]")
    assert "East 1, 0 counters" in page.inner_text("[data-testid=state-words]")
    table = Table.objects.select_related("round__event").get(round__event=hall.event, number=1)
    hand = {"kind": "win", "winner": 0, "discarder": 2, "han": 2, "fu": 30}
    sheets.add_hand(
        table,
        hand,
        number=1,
        author=sheets.Author(user=hall.head),
        idempotency_key=uuid.uuid4().hex,
    )
    expect(page.locator("[data-testid=state-words]")).to_contain_text(
        "East 1, 1 counter", timeout=15000
    )
