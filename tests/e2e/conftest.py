"""Real-browser tests: Playwright driving Debian's Chromium against the live test server.

Screenshots go to var/screenshots/ (not committed). Without /usr/bin/chromium these tests skip,
unless REQUIRE_E2E=1 (set by .ci/run) says the browser must be there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser():
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
    # between browser steps are ordinary synchronous calls.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not Path(CHROMIUM).exists():
        if os.environ.get("REQUIRE_E2E"):
            pytest.fail(f"{CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


# Playwright evaluates string expressions (``wait_for_function("...")``) with eval, which the
# pages' strict Content-Security-Policy refuses: the shared contexts bypass the policy, and
# tests/e2e/test_csp.py checks the pages under it with contexts of its own.
@pytest.fixture
def tablet(browser):
    context = browser.new_context(viewport=TABLET, has_touch=True, locale="en", bypass_csp=True)
    yield context
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="en", bypass_csp=True
    )
    yield context
    context.close()


@pytest.fixture
def shoot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def shoot(page, name: str) -> None:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return shoot


def wait_until(page, expression: str, arg=None, *, timeout: float = 10.0) -> None:
    """``page.wait_for_function`` for pages under the strict Content-Security-Policy: Playwright
    polls a string predicate by evaluating it inside the page, which ``script-src 'self'``
    forbids, while ``page.evaluate`` goes through the DevTools protocol and is allowed.
    ``expression`` is a JavaScript expression, or a function of ``arg``; it may return a
    promise."""
    import time

    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout
    while True:
        try:
            value = page.evaluate(expression, arg) if arg is not None else page.evaluate(expression)
        except Error as error:  # the page navigated meanwhile: ask the new one
            if "context was destroyed" not in str(error):
                raise
            value = False
        if value:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        page.wait_for_timeout(100)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """On SQLite the browser tests' database is a file, as in production (WAL, a busy
    timeout): the in-memory database shared between the test server's threads answers a read
    "table is locked" at once while another request writes, where a file waits its turn."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        SCREENSHOTS.parent.mkdir(parents=True, exist_ok=True)
        database.setdefault("TEST", {})["NAME"] = str(SCREENSHOTS.parent / "e2e-test.sqlite3")
