"""The guides in the reader's language (issue 46, item 6), walked in the browser as a Czech
player on a phone: from the site's home page to the Czech guides, to another language of the
same guide, Back, and a reload that keeps the theme's scripts running under the docs' policy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    return out


def test_a_czech_reader_lands_on_the_czech_guides_and_moves_between_languages(
    browser, live_server, settings, site
):
    settings.DOCS_ROOT = site
    # No bypass of the policy: a blocked script is a console error here.
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="cs")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))

    page.goto(live_server.url + "/")
    link = page.get_by_test_id("guides-link")
    assert link.inner_text() == "Návody pro ředitele, rozhodčí a hráče"
    link.click()
    page.wait_for_url("**/docs/cs/")
    assert page.locator("html").get_attribute("lang") == "cs"

    page.locator("article").get_by_role("link", name="Hráči").click()
    page.wait_for_url("**/docs/cs/guides/player/")
    assert page.locator("article h1").inner_text().startswith("Návod pro hráče")
    versions = page.locator("[data-page-languages]")
    assert versions.locator("strong").inner_text() == "Čeština"
    assert versions.locator("a").count() == 4

    versions.get_by_role("link", name="Suomi").click()
    page.wait_for_url("**/docs/fi/guides/player/")
    assert page.locator("article h1").inner_text().startswith("Pelaajan opas")
    page.reload()
    # The theme's script still runs after the reload (a 304): its search answers.
    page.locator("input.md-search__input").focus()
    page.locator("input.md-search__input").press_sequentially("käsi", delay=20)
    page.wait_for_selector(".md-search-result__item")

    page.go_back()
    page.wait_for_url("**/docs/cs/guides/player/")
    assert errors == []
    context.close()
