"""Issue 32, item 6, in a real browser at phone width (390x844): the player's page installs
(Chromium parses its manifest without errors) and stays readable offline from the player's
service worker, with the "offline" banner; signing out empties what the phone kept, and the
next player signing in on the same phone never sees the first player's page, even offline."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.sheets import services as sheets
from tests.e2e.conftest import PHONE, wait_until
from tests.support.browser import sign_in
from tournament.events.models import Event
from tournament.players.access import pins

pytestmark = pytest.mark.django_db(transaction=True)

KEPT = """async (path) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("mahjong-play-")) continue;
    if (await (await caches.open(name)).match(path)) return true;
  }
  return false;
}"""
PLAYER_CACHES = "async () => (await caches.keys()).filter((n) => n.startsWith('mahjong-play-'))"


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    pins.ensure_pins(hall.event)
    table = hall.event.rounds.get(number=1).tables.get(number=1)
    hand = {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    sheets.add_hand(
        table, hand, author=sheets.Author(user=hall.head), number=1, idempotency_key="1"
    )
    return hall


def reload_offline(context, page):
    context.set_offline(True)
    try:
        page.reload()
        return page.content()
    except Exception:  # nothing kept: the browser's own offline error page
        return ""
    finally:
        context.set_offline(False)


def test_the_players_page_reads_offline_and_signing_out_forgets_it(
    riichi, live_server, phone, shoot
):
    h, url = riichi, live_server.url
    play = f"/e/{h.event.slug}/play/"
    page = sign_in(phone, url, h.event.slug, h.south)

    # Installable: Chromium reads the play page's manifest, icons included, without an error.
    cdp = phone.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith(f"{play}manifest.webmanifest")
    assert manifest["errors"] == [], manifest["errors"]
    parsed = page.evaluate("async (u) => (await fetch(u)).json()", manifest["url"])
    assert parsed["start_url"] == play and parsed["display"] == "standalone"
    for icon in parsed["icons"]:
        assert page.evaluate("async (u) => (await fetch(u)).ok", icon["src"]), icon["src"]

    wait_until(page, KEPT, play, timeout=20)
    assert "33900" in page.inner_text("[data-testid=totals]")
    assert page.locator("[data-offline-banner]").is_hidden()

    # A hand entered elsewhere reaches the open page through its polls (ETag, 304 meanwhile).
    table = h.event.rounds.get(number=1).tables.get(number=1)
    hand = {"kind": "win", "winner": 2, "discarder": 0, "han": 1, "fu": 30}
    sheets.add_hand(table, hand, author=sheets.Author(user=h.head), number=2, idempotency_key="2")
    expect(page.locator("tr[data-hand='2']")).to_have_count(1, timeout=15000)

    shown = reload_offline(phone, page)
    assert f"Signed in as {h.south.name}" in shown and "33900" in shown
    banner = page.locator("[data-offline-banner][data-from-cache]")  # the worker's copy
    assert banner.is_visible() and "Offline – last updated" in banner.inner_text()
    assert page.locator("tr[data-hand='2']").count() == 1  # the last page the polls brought
    shoot(page, "player-offline-phone")

    # Back online, the page comes from the network again: no banner.
    page.goto(url + play)
    page.wait_for_selector("[data-testid=totals]")
    assert page.locator("[data-offline-banner]").is_hidden()

    page.click(".sheet-who button:has-text('Sign out')")
    page.wait_for_selector("[name=table]")
    wait_until(page, f"({PLAYER_CACHES})().then((names) => names.length === 0)", timeout=30)
    assert page.evaluate("async () => (await caches.keys()).length") == 0
    shown = reload_offline(phone, page)
    assert h.south.name not in shown and "33900" not in shown

    # The next player on the same phone: only their own page is kept, and shown offline.
    second = sign_in(phone, url, h.event.slug, h.west)
    wait_until(second, KEPT, play, timeout=20)
    assert len(second.evaluate(PLAYER_CACHES)) == 1
    shown = reload_offline(phone, second)
    assert f"Signed in as {h.west.name}" in shown
    assert f"Signed in as {h.south.name}" not in shown
    shoot(second, "player-offline-second-player-phone")


def test_the_worker_and_the_manifest_pass_the_content_security_policy(riichi, live_server, browser):
    """The shared phone context bypasses the policy: here it is enforced."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en")
    violations: list[str] = []
    context.on(
        "console",
        lambda m: (
            violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text
            else None
        ),
    )
    try:
        page = sign_in(context, live_server.url, riichi.event.slug, riichi.south)
        wait_until(page, KEPT, f"/e/{riichi.event.slug}/play/", timeout=20)
        assert context.new_cdp_session(page).send("Page.getAppManifest")["errors"] == []
        page.reload()
        page.wait_for_selector("[data-testid=totals]")
        assert violations == []
    finally:
        context.close()
