"""Headers set in one place: HEAD wherever GET is, a strict Content-Security-Policy and a
Permissions-Policy; and every page renders without an inline script, handler or style, so the
policy blocks nothing the pages need."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from penalties.models import FoulReport
from scoring.demo import load_full_demo
from tournament.players.models import Player

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/(?:ld\+)?json\")[^>]*>", re.I
)
HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.I)
STYLE_ELEMENT = re.compile(r"<style[\s>]", re.I)
JS_URL = re.compile(r"(?:href|src|action)\s*=\s*\"\s*javascript:", re.I)


@pytest.fixture
def demo():
    event, logins = load_full_demo()
    return event, logins


def _routes(resolvers=None, prefix=""):
    for item in (resolvers or get_resolver()).url_patterns:
        route = prefix + str(item.pattern)
        if isinstance(item, URLResolver):
            yield from _routes(item, route)
        elif isinstance(item, URLPattern):
            yield route


def _fill(route: str, values: dict[str, str]) -> str | None:
    def sub(match: re.Match) -> str:
        return values.get(match.group(2), "\x00")

    path = "/" + re.sub(r"<(?:(\w+):)?(\w+)>", sub, route)
    path = path.replace("^", "").replace("$", "")
    if "\x00" in path or "(?P" in path or "\\" in path:
        return None
    return path


def test_every_page_renders_without_inline_script_handler_or_style(demo, director):
    event, _logins = demo
    client = Client()
    client.force_login(event.director)
    report = FoulReport.objects.filter(event=event).first()
    player = Player.objects.filter(event=event).first()
    values = {
        "slug": event.slug,
        "event": event.slug,
        "number": "1",
        "round_number": "1",
        "table_number": "1",
        "table": "1",
        "pk": str(report.pk if report else player.pk),
    }
    checked = []
    for route in sorted(set(_routes())):
        # /docs/ is MkDocs' output: its inline scripts are allowed by hash, page by page
        # (tests/test_docs_site.py).
        if route.startswith(("admin/", "api/", "docs/")):
            continue
        path = _fill(route, values)
        if path is None:
            continue
        for who in (client, Client()):
            response = who.get(path)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            text = response.content.decode()
            for name, pattern in (
                ("inline script", INLINE_SCRIPT),
                ("inline handler", HANDLER),
                ("style attribute", STYLE_ATTRIBUTE),
                ("style element", STYLE_ELEMENT),
                ("javascript: URL", JS_URL),
            ):
                found = pattern.search(text)
                assert found is None, f"{path}: {name} {found.group(0)[:120]!r}"
            checked.append(path)
    # The home page, the director's, referee's and public pages were all rendered.
    assert len(set(checked)) >= 20, checked
    assert any(p.startswith("/director/") for p in checked)
    assert any(p.startswith("/e/") for p in checked)
    assert any(p.startswith("/referee/") for p in checked)


def test_csp_and_permissions_policy_on_pages_and_api(demo):
    event, _logins = demo
    for path in ("/", f"/e/{event.slug}/", "/accounts/login/", f"/api/events/{event.slug}/"):
        response = Client().get(path)
        csp = response["Content-Security-Policy"]
        assert "default-src 'self'" in csp
        assert "script-src 'self';" in csp and "unsafe-inline" not in csp, (path, csp)
        assert "frame-ancestors 'none'" in csp
        assert "camera=()" in response["Permissions-Policy"]


def test_admin_and_api_docs_get_only_the_relaxations_they_need(admin_client):
    admin = admin_client.get("/admin/")
    assert "style-src 'self' 'unsafe-inline'" in admin["Content-Security-Policy"]
    assert "script-src 'self';" in admin["Content-Security-Policy"]
    docs = Client().get("/api/docs/")
    assert docs.status_code == 200
    assert "script-src 'self';" in docs["Content-Security-Policy"]
    assert not INLINE_SCRIPT.search(docs.content.decode())


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/ping",
        "/healthz",
        "/accounts/login/",
        "/e/{slug}/",
        "/e/{slug}/standings/",
        "/e/{slug}/seating/",
        "/e/{slug}/penalties/",
        "/e/{slug}/projector.json",
        "/api/events/",
        "/api/events/{slug}/",
    ],
)
def test_head_is_answered_wherever_get_is(demo, path):
    event, _logins = demo
    path = path.format(slug=event.slug)
    get = Client().get(path)
    head = Client().head(path)
    assert get.status_code == 200, path
    assert head.status_code == 200, path
    assert head.content == b""
    assert head["Content-Type"] == get["Content-Type"]


def test_head_is_not_allowed_where_get_is_not(director):
    client = Client()
    client.force_login(director)
    assert client.head("/i18n/setlang/").status_code == 405


def test_every_page_names_an_icon_and_favicon_ico_leads_to_it(client):
    """Issue 31, item 22: no 404 for the browser's own /favicon.ico request."""
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and "favicon.svg" in page
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith(".svg")
    from django.contrib.staticfiles import finders

    assert finders.find("img/favicon.svg")
