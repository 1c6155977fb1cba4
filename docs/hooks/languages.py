"""The guides' languages, seen from each page (an MkDocs hook; mkdocs.yml names it).

mkdocs-static-i18n builds the site once per language: English at the site's root, each other
language under ``<lang>/``, a page that has no translation falling back to English. This hook
does three things on every page:

- It lists the page's language versions under its title ("This page in: English · Čeština
  ..."), each linked, when the page exists in more than one language. Only real translations
  count: an English page standing in for a missing translation is not a version.
- It points the theme's language switcher at the page's version in each language, or else at
  that language's home page, with links relative to the page. The plugin's own links are
  absolute (``/cs/``) on some pages, and the app serves the site under ``/docs/``, where an
  absolute link leaves the site.
- It leaves the theme's ``<link rel="alternate" hreflang>`` tags out of the page's head. The
  theme's script fetches ``sitemap.xml`` next to each of them, expecting each to be a
  language's root with a sitemap of its own; here they are pages, and every page load would
  ask for five sitemaps that do not exist. The switcher's links already lead to the right
  page, so the script has nothing to add.

The words of the list come from each language's ``extra.page_languages`` in mkdocs.yml.
"""

from __future__ import annotations

import html
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[\w-]+">')


def _languages(config: MkDocsConfig) -> list[Any]:
    plugin = config.plugins.get("i18n")
    return [lang for lang in plugin.config.languages if lang.build] if plugin else []


def page_versions(page: Page, config: MkDocsConfig) -> list[tuple[str, str, str]]:
    """(language, its name, the page's URL in it) for each real version of ``page``."""
    alternates = getattr(page.file, "alternates", {})
    versions = []
    for lang in _languages(config):
        version = alternates.get(lang.locale)
        if version is not None and version.locale == lang.locale:
            versions.append((lang.locale, lang.name, version.url))
    return versions


def _home(link: str) -> str:
    """A language's home page as a URL from the site's root (``/cs/`` -> ``cs/``)."""
    return link.lstrip("/")


def on_page_context(context: dict, page: Page, config: MkDocsConfig, nav: Any) -> dict:
    """The switcher's links: the page in each language where it exists, else that language's
    home page; relative to the page, like every other link of the site."""
    # The plugin sets the list as an attribute (what the theme reads), page by page.
    switcher = getattr(config.extra, "alternate", None) or config.extra.get("alternate")
    if not switcher:
        return context
    versions = {locale: url for locale, _name, url in page_versions(page, config)}
    homes = {lang.locale: _home(lang.link) for lang in _languages(config)}
    for alternate in switcher:
        target = versions.get(alternate["lang"], homes.get(alternate["lang"], ""))
        # ``| url`` in the theme makes a root-relative URL relative to the page.
        alternate["link"] = target or "."
    return context


def on_page_content(content: str, page: Page, config: MkDocsConfig, files: Any) -> str:
    """Put the list of the page's language versions right under its title."""
    versions = page_versions(page, config)
    if len(versions) < 2:
        return content
    current = getattr(page.file, "locale", None)
    items = []
    for locale, name, url in versions:
        label = html.escape(name)
        if locale == current:
            items.append(f'<strong lang="{locale}">{label}</strong>')
        else:
            href = html.escape(get_relative_url(url or ".", page.url or "."))
            items.append(f'<a href="{href}" hreflang="{locale}" lang="{locale}">{label}</a>')
    words = html.escape(config.extra.get("page_languages", "This page in:"))
    line = f'<p class="page-languages" data-page-languages>{words} {" · ".join(items)}</p>\n'
    heading_end = content.find("</h1>")
    if heading_end == -1:
        return line + content
    cut = heading_end + len("</h1>")
    return content[:cut] + "\n" + line + content[cut:]


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Leave out the head's language alternates (see the module's docstring)."""
    return HEAD_ALTERNATE.sub("", output)
