"""Under the strict Content-Security-Policy the pages work in a real browser: nothing is
refused (console), the language switch submits from the script file, print buttons print."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("device", ["tablet", "phone"])
def test_pages_raise_no_csp_violation_and_the_language_switch_works(
    request, device, make_hall, live_server, shoot
):
    context = request.getfixturevalue(device)
    h = make_hall("mcr")
    context.add_cookies(
        [{"name": "sessionid", "value": _session_for(h.director), "url": live_server.url}]
    )
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    for path in (
        "/",
        f"/e/{h.event.slug}/",
        f"/e/{h.event.slug}/seating/",
        f"/director/{h.event.slug}/",
        f"/director/{h.event.slug}/edit/",
        f"/director/{h.event.slug}/rounds/1/cards/",
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


def _session_for(user) -> str:
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key
