"""What the browser tests share: signing in at a table, logging in, opening an event and
the registration desk's event, and the check that a page does not scroll sideways."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tests.tournament.registration.conftest import person
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.services import checkin


def sign_in(context, url, slug, player):
    page = context.new_page()
    page.goto(f"{url}/e/{slug}/play/")
    page.fill("[name=table]", "1")
    page.click("button:has-text('Next')")
    page.check(f"[name=player][value='{player.pk}']")
    page.fill("[name=pin]", pins.pin_of(Player.objects.get(pk=player.pk)))
    page.click("button:has-text('Sign in')")
    page.wait_for_selector("[data-testid=totals]")
    return page


def open_event(make_event, slug: str, cap: int):
    event = make_event(slug, players=0)
    services.update_settings(
        event,
        opens_at=timezone.now() - timedelta(hours=1),
        closes_at=timezone.now() + timedelta(days=3),
        cap=cap,
        text="Lunch included.",
    )
    return event


def no_sideways_scrolling(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate(
        "document.documentElement.clientWidth"
    )


def desk_event(make_event, director):
    event = open_event(make_event, "desk-open", cap=5)
    for n, name in enumerate(
        ["Šťastný Jiří", "Ólafur Arnalds", "Zoë Kravitz", "Łukasz Nowak", "Eero Saarinen"], 1
    ):
        services.sign_up(event, person(n, name=name))
    services.sign_up(event, person(9, name="Wait Listed"))  # first on the waitlist
    checkin.open_check_in(event)
    return event


def login(page, live_server, user):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "pw-" + user.username)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def seat(player) -> str:
    return f"input[name=offender][value='{player.pk}'] >> xpath=.."


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for box in page.locator("table").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().right)"
    ):
        assert box <= width + 0.5
