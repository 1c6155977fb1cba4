"""The documentation site: `make docs` builds it strictly, the app serves it at /docs/ under a
Content-Security-Policy that names each page's inline scripts, and the guides name browser
tests that exist (each guide step is one a test in tests/e2e/ runs)."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDES = sorted((DOCS / "guides").glob("*.md"))
TEST_NAME = re.compile(r"tests/e2e/(\w+\.py)::(\w+)")


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
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.fixture
def served(site, settings) -> Path:
    settings.DOCS_ROOT = site
    return site


def test_the_strict_build_fails_on_a_broken_link(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\n[gone](nowhere.md) ![](img/none.png)\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nstrict: true\n")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "o")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "nowhere.md" in done.stderr and "img/none.png" in done.stderr


@pytest.mark.django_db
def test_pages_are_served_with_their_inline_scripts_hashed(served):
    client = Client()
    for url in ["/docs/", "/docs/guides/director/", "/docs/hosting/", "/docs/reference/roles/"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "text/html; charset=utf-8"
        policy = response["Content-Security-Policy"]
        assert "unsafe-inline" not in policy
        scripts = re.findall(rb"<script>(.*?)</script>", response.content, re.DOTALL)
        assert scripts, url
        for body in scripts:
            digest = base64.b64encode(hashlib.sha256(body).digest()).decode()
            assert f"'sha256-{digest}'" in policy


@pytest.mark.django_db
def test_assets_redirects_and_what_is_not_there(served):
    client = Client()
    assert client.get("/docs/guides/director").status_code == 302
    css = next((served / "assets" / "stylesheets").glob("main.*.min.css"))
    response = client.get(f"/docs/assets/stylesheets/{css.name}")
    assert response.status_code == 200 and response["Content-Type"] == "text/css"
    again = client.get(
        f"/docs/assets/stylesheets/{css.name}", HTTP_IF_MODIFIED_SINCE=response["Last-Modified"]
    )
    assert again.status_code == 304
    assert client.get("/docs/no-such-page/").status_code == 404
    assert client.get("/docs/../../config/settings.py").status_code == 404
    assert client.get("/docs/%2e%2e/%2e%2e/manage.py").status_code == 404
    assert client.get("/docs/a%00b").status_code == 404
    assert client.get("/docs/" + "x" * 5000).status_code == 404
    assert client.post("/docs/").status_code == 405


@pytest.mark.django_db
def test_a_site_never_built_says_which_command_builds_it(tmp_path, settings):
    settings.DOCS_ROOT = tmp_path / "nothing"
    settings.DEBUG = False
    response = Client().get("/docs/")
    assert response.status_code == 404


def test_every_guide_names_browser_tests_that_exist():
    assert {path.stem for path in GUIDES} >= {"director", "referee", "scorekeeper", "player"}
    for guide in GUIDES:
        if guide.stem == "screenshots":
            continue
        named = TEST_NAME.findall(guide.read_text())
        assert len(named) >= 3, guide.name
        for module, test in named:
            source = (ROOT / "tests" / "e2e" / module).read_text()
            assert re.search(rf"^def {test}\(", source, re.M), f"{guide.name}: {module}::{test}"


def test_every_screenshot_is_used_and_every_used_one_is_committed():
    images = {path.name for path in (DOCS / "img").glob("*.png")}
    used = set()
    for page in DOCS.rglob("*.md"):
        used |= set(re.findall(r"img/([\w.-]+\.png)", page.read_text()))
    assert used <= images, used - images
    assert images <= used, images - used


@pytest.mark.django_db
def test_every_page_links_to_the_guides(client, served):
    """The guides are found by following a link from the home page, in the reader's language."""
    home = client.get("/", HTTP_ACCEPT_LANGUAGE="cs")
    link = re.search(r'<a href="([^"]+)" data-testid="guides-link">([^<]+)</a>', home.text)
    assert link, "the home page has no link to the guides"
    assert link.group(2) == "Návody pro ředitele, rozhodčí a hráče"
    assert client.get(link.group(1)).status_code == 200
