"""The documentation site: `make docs` builds it strictly, the app serves it at /docs/ under a
Content-Security-Policy that names each page's inline scripts, and the guides name browser
tests that exist (each guide step is one a test in tests/e2e/ runs).

The guides are in the interface's five languages (issue 46, item 6): English at /docs/, each
other language under /docs/<lang>/, built from docs/guides/<guide>.<lang>.md by
mkdocs-static-i18n; every translated page lists its language versions, the theme's language
switcher reaches them, and the product's link to the guides opens them in the reader's
language."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from django.conf import settings as django_settings
from django.test import Client

from tests.support.translations import parse

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDES = sorted((DOCS / "guides").glob("*.md"))
TEST_NAME = re.compile(r"tests/e2e/(\w+\.py)::(\w+)")
CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
I18N = next(p["i18n"] for p in CONFIG["plugins"] if isinstance(p, dict) and "i18n" in p)
DEFAULT = next(lang["locale"] for lang in I18N["languages"] if lang.get("default"))
TRANSLATIONS = [lang["locale"] for lang in I18N["languages"] if not lang.get("default")]
# The guides every language has (issue 46, item 6).
TRANSLATED_GUIDES = ("player", "referee", "scorekeeper", "director")


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
def test_a_reloaded_page_keeps_its_scripts_allowed(served):
    """A 304 gives the browser the policy it keeps for the cached page: the page's own."""
    client = Client()
    for url in ["/docs/", "/docs/cs/guides/player/"]:
        page = client.get(url)
        again = client.get(url, HTTP_IF_MODIFIED_SINCE=page["Last-Modified"])
        assert again.status_code == 304, url
        assert again["Content-Security-Policy"] == page["Content-Security-Policy"], url


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
    link = re.search(r'<a href="([^"]+)"[^>]* data-testid="guides-link">([^<]+)</a>', home.text)
    assert link, "the home page has no link to the guides"
    assert link.group(2) == "Návody pro ředitele, rozhodčí a hráče"
    assert client.get(link.group(1)).status_code == 200


# The guides in five languages ---------------------------------------------------------------

SWITCHER = re.compile(r'<a href="([^"]*)" hreflang="([\w-]+)" class="md-select__link">')
PAGE_LANGUAGES = re.compile(r"<p class=\"page-languages\" data-page-languages>(.*?)</p>", re.S)
VERSION_LINK = re.compile(r'<a href="([^"]*)" hreflang="([\w-]+)"')


def _lang(html: str) -> str:
    return re.search(r'<html lang="([\w-]+)"', html).group(1)


def _built(site: Path, language: str, name: str) -> Path:
    """The built page of docs/<name>.md in ``language`` (index: the language's home page)."""
    folder = site if language == DEFAULT else site / language
    return folder / ("" if name == "index" else name) / "index.html"


def _target(page: Path, href: str, site: Path) -> Path:
    target = (page.parent / href).resolve()
    assert target.is_relative_to(site.resolve()), f"{page}: {href} leaves the site"
    return target / "index.html" if target.is_dir() else target


def test_the_guides_come_in_every_language_of_the_interface():
    assert DEFAULT == django_settings.LANGUAGE_CODE
    assert {DEFAULT, *TRANSLATIONS} == {code for code, _ in django_settings.LANGUAGES}


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_guide_page_exists_in_every_language_and_lists_its_versions(site, language):
    for name in ("index", *(f"guides/{guide}" for guide in TRANSLATED_GUIDES)):
        assert (DOCS / f"{name}.{language}.md").is_file(), f"{name}.{language}.md"
        html = _built(site, language, name).read_text(encoding="utf-8")
        assert _lang(html) == language, name
        versions = PAGE_LANGUAGES.search(html)
        assert versions, f"{language}/{name}: no list of its languages"
        # The page itself, in bold, and a link to each of the other four.
        assert f'<strong lang="{language}">' in versions.group(1)
        linked = {lang for _href, lang in VERSION_LINK.findall(versions.group(1))}
        assert linked == {DEFAULT, *TRANSLATIONS} - {language}, name


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_each_translation_keeps_the_steps_tests_and_pictures_of_the_english_guide(language):
    for guide in TRANSLATED_GUIDES:
        english = (DOCS / "guides" / f"{guide}.md").read_text(encoding="utf-8")
        translated = (DOCS / "guides" / f"{guide}.{language}.md").read_text(encoding="utf-8")
        for pattern in (TEST_NAME, re.compile(r"img/[\w.-]+\.png"), re.compile(r"^#+ ", re.M)):
            assert pattern.findall(translated) == pattern.findall(english), (guide, pattern)
        assert translated != english


def _glossary_rules(language: str) -> list[tuple[str, re.Pattern]]:
    """The words the glossary forbids in ``language``, but for those that are another term's
    own word there (Czech "hra" is a game, forbidden only for a hand), in any of its cases
    (Czech "kola", Finnish "kierroksen" are a round's, forbidden only for the round wind)."""
    terms = tomllib.loads((DOCS / "glossary" / "glossary.toml").read_text(encoding="utf-8"))
    uses = [
        " ".join([term[language]["use"], *term[language].get("cases", [])])
        for term in terms["term"]
    ]
    rules = []
    for term in terms["term"]:
        for pattern in term[language]["forbidden"]:
            rule = re.compile(pattern, re.IGNORECASE)
            if not any(rule.search(use) for use in uses):
                rules.append((term["en"], rule))
    return rules


def _labels(language: str) -> set[str]:
    """The interface's own words in ``language``: every translation in its catalogue."""
    entries = parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    return {form for entry in entries for form in entry["msgstr"].values() if form}


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_translated_guides_use_the_interfaces_words(language):
    rules = _glossary_rules(language)
    assert rules
    labels = _labels(language)
    found = []
    for page in sorted(DOCS.rglob(f"*.{language}.md")):
        text = re.sub(r"`[^`]*`", "", page.read_text(encoding="utf-8"))
        # A button or a tab named in bold is quoted from the catalogue as the interface says it.
        text = re.sub(
            r"\*\*([^*]+)\*\*", lambda m: "" if " ".join(m[1].split()) in labels else m[0], text
        )
        # The game's own name (a ruleset, a compound such as Finnish "mahjong-turnaus") is not
        # a call of "mahjong!", which the glossary forbids for a false win.
        text = re.sub(r"World\s+Series\s+of\s+Mahjong|\bmahjong-(?=\w)", "", text, flags=re.I)
        for term, rule in rules:
            found += [f"{page.name}: {hit.group(0)!r} for {term!r}" for hit in rule.finditer(text)]
    assert not found, "\n".join(found)


def test_the_language_links_of_every_page_resolve(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 5 * 30
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if page.name == "404.html":
            continue
        switcher = SWITCHER.findall(html)
        assert {lang for _href, lang in switcher} == {DEFAULT, *TRANSLATIONS}, page
        # The theme's script would fetch a sitemap.xml beside each head alternate: none there.
        assert '<link rel="alternate"' not in html, page
        for href, lang in switcher:
            # The page in that language where it exists, else that language's home page.
            assert _lang(_target(page, href, site).read_text(encoding="utf-8")) == lang, (
                f"{page}: {href}"
            )
        versions = PAGE_LANGUAGES.search(html)
        for href, lang in VERSION_LINK.findall(versions.group(1) if versions else ""):
            target = _target(page, href, site).read_text(encoding="utf-8")
            assert _lang(target) == lang and f'<strong lang="{lang}">' in target, f"{page}: {href}"


@pytest.mark.django_db
def test_the_switcher_of_a_translated_guide_leads_to_its_other_versions_at_docs(served):
    client = Client()
    for language in (DEFAULT, *TRANSLATIONS):
        url = "/docs/" + ("" if language == DEFAULT else f"{language}/") + "guides/player/"
        page = client.get(url)
        assert page.status_code == 200, url
        for href, lang in SWITCHER.findall(page.text):
            target = client.get(urljoin(url, href))
            assert target.status_code == 200, (url, href)
            assert _lang(target.text) == lang
            assert target.request["PATH_INFO"].endswith("/guides/player/"), (url, href)


def test_the_strict_build_fails_on_a_broken_link_in_a_translation(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n")
    (tmp_path / "docs" / "index.cs.md").write_text("# Úvod\n\n[pryč](nikde.md)\n")
    languages = [{"locale": "en", "name": "English", "default": True}]
    languages.append({"locale": "cs", "name": "Čeština"})
    config = {"site_name": "t", "strict": True, "plugins": [{"i18n": {"languages": languages}}]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "o")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "nikde.md" in done.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("language", (DEFAULT, *TRANSLATIONS))
def test_the_products_link_opens_the_guides_in_the_readers_language(client, served, language):
    home = client.get("/", HTTP_ACCEPT_LANGUAGE=language)
    href = re.search(r'<a href="([^"]+)"[^>]* data-testid="guides-link">', home.text).group(1)
    docs = client.get(href)
    assert docs.status_code == 200, href
    assert _lang(docs.text) == language
    # From there, each guide in that language.
    for guide in TRANSLATED_GUIDES:
        link = re.search(rf'<a href="([^"]*guides/{guide}/)"', docs.text)
        assert link, guide
        page = client.get(urljoin(href, link.group(1)))
        assert page.status_code == 200 and _lang(page.text) == language, guide
        assert f'<strong lang="{language}">' in page.text
