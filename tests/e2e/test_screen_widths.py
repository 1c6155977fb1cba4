"""Nothing wider than the screen (issue 43, item 19): the score sheet's hands table at phone width
(390 px), as a player and as the public table page show it, and the printable table and player
cards at tablet width (768 px), the director's. Not even inside a box that scrolls sideways:
a hands table that only fits by scrolling hides the points of the last seats."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from scoring.demo import load_full_demo
from tests.e2e.conftest import PHONE, TABLET
from tournament.access.roles import DIRECTORS_GROUP, FLOOR_REFEREES_GROUP, HEAD_REFEREES_GROUP
from tournament.players.access import pins
from tournament.rounds.models import Seat

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "prague-open-2026"

# Every element that reaches past the screen's right edge, and every box that scrolls sideways
# (its content wider than itself), as "tag.class: width".
TOO_WIDE = """() => {
  const root = document.documentElement, screen = root.clientWidth, out = [];
  if (root.scrollWidth > screen) out.push('the page: ' + root.scrollWidth);
  for (const e of document.body.querySelectorAll('*')) {
    const box = e.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    if (box.right > screen + 0.5 || (scrolls && e.scrollWidth > e.clientWidth + 1)) {
      const name = e.tagName.toLowerCase() + '.' + e.getAttribute('class');
      out.push(name + ': ' + Math.round(box.width) + ' / ' + e.scrollWidth);
    }
  }
  return out;
}"""


def too_wide(page) -> list[str]:
    return page.evaluate(TOO_WIDE)


@pytest.fixture
def demo(live_server):
    # A committing test's database is flushed after it, the groups a migration made too.
    for name in (DIRECTORS_GROUP, HEAD_REFEREES_GROUP, FLOOR_REFEREES_GROUP):
        Group.objects.get_or_create(name=name)
    event, _logins = load_full_demo()
    pins.ensure_pins(event)
    return event


def card_link(page, live_server, player_id: int) -> str:
    """The player's card link, as the director's printed card holds it."""
    page.goto(f"{live_server.url}/director/{SLUG}/player-cards/")
    card = page.locator(".card", has=page.locator(f"[data-player='{player_id}']"))
    return card.locator("[data-card-link]").get_attribute("data-card-link")


def test_the_hands_table_fits_a_phone_and_the_cards_a_tablet(demo, live_server, browser, shoot):
    """The demo's table 8 of round 3 holds six hands, the last one awaiting the others'
    confirmation: North sees "awaits confirmation", East a Confirm button."""
    director = browser.new_context(viewport=TABLET, locale="en")
    desk = director.new_page()
    page_names = {}
    try:
        desk.goto(f"{live_server.url}/accounts/login/")
        desk.fill("#id_username", "director")
        desk.fill("#id_password", "demo-director")
        desk.click("button[type=submit]")
        desk.wait_for_load_state()
        for path in (
            "/director/{}/rounds/4/cards/",
            "/director/{}/player-cards/",
            "/sheets/{}/r3/t8/",
        ):
            desk.goto(live_server.url + path.format(SLUG))
            page_names[path] = too_wide(desk)
        table8 = Seat.objects.filter(
            table__round__event=demo, table__round__number=3, table__number=8
        )
        links = {s.wind: card_link(desk, live_server, s.player_id) for s in table8}
    finally:
        director.close()

    for wind in ("N", "E"):
        phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en")
        try:
            page = phone.new_page()
            page.goto(links[wind])
            page.wait_for_selector("tr[data-hand='6']")
            page_names[f"my page ({wind})"] = too_wide(page)
            shoot(page, f"widths-my-page-{wind}-phone")
            page.goto(f"{live_server.url}/e/{SLUG}/r3/t8/")
            page_names["the table's public page"] = too_wide(page)
        finally:
            phone.close()
    assert page_names == {name: [] for name in page_names}
