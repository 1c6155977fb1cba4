"""Under the strict Content-Security-Policy the pages work in a real browser: nothing is
refused (console), and the language switch submits from the script file."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

from tests.e2e.conftest import PHONE, TABLET
from tournament.fees import services as fee_services

pytestmark = pytest.mark.django_db(transaction=True)

DEVICES = {
    "tablet": {"viewport": TABLET, "has_touch": True},
    "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
}


@pytest.fixture(params=sorted(DEVICES))
def enforcing(request, browser):
    """A context of its own that enforces the policy (the shared tablet and phone contexts
    bypass it for Playwright's string evaluations)."""
    context = browser.new_context(locale="en", **DEVICES[request.param])
    yield request.param, context
    context.close()


def _session_for(user) -> str:
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key


def test_pages_raise_no_csp_violation_and_the_language_switch_works(
    enforcing, make_hall, live_server, shoot
):
    device, context = enforcing
    h = make_hall("mcr")
    fee_services.save_fee(h.event, None, name="Standard", amount=3000)  # the desk's fee part
    context.add_cookies(
        [{"name": "sessionid", "value": _session_for(h.director), "url": live_server.url}]
    )
    page = context.new_page()
    violations: list[str] = []

    def watch(message) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            violations.append(message.text)

    page.on("console", watch)
    for path in (
        "/",
        f"/e/{h.event.slug}/",
        f"/e/{h.event.slug}/seating/",
        f"/director/{h.event.slug}/",
        f"/director/{h.event.slug}/edit/",
        f"/director/{h.event.slug}/rounds/1/cards/",
        f"/director/{h.event.slug}/fees/",
        f"/director/{h.event.slug}/fees/settings/",
        f"/director/{h.event.slug}/check-in/",
        f"/referee/{h.event.slug}/",
    ):
        page.goto(live_server.url + path)
        page.wait_for_load_state("load")
    assert violations == []
    page.goto(f"{live_server.url}/e/{h.event.slug}/")
    with page.expect_navigation():
        page.select_option("#lang", "fr")
    assert page.locator("html").get_attribute("lang") == "fr"
    shoot(page, f"csp-language-switch-{device}")
    assert violations == []
