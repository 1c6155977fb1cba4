"""The words a script shows come from the page, in the reader's language (issue 43, item 33): the
offline queue said "Refused by the server" in English on the referee pages that did not set
``data-refused-text``.

The check, precisely: every referee page that loads ``offline-queue.js`` carries
``data-refused-text`` in the reader's language, and no script under static/js holds an English
sentence of its own (a string literal of two or more words) to fall back on.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.support.translations import ROOT

LITERAL = re.compile(r"""(["'])((?:(?!\1)[^\\\n])*)\1""")
SENTENCE = re.compile(r"\b[A-Z][a-z]+\s+[a-z]{2,}")  # "Refused by", not "errors js-error"


def english_sentences(text: str) -> list[str]:
    """String literals of ``text`` that read as English words, comments left out."""
    code = re.sub(r"/\*.*?\*/|(?<![:\\])//[^\n]*", "", text, flags=re.S)
    found = [m.group(2) for m in LITERAL.finditer(code) if SENTENCE.search(m.group(2))]
    return [literal for literal in found if literal != "use strict"]


def test_the_check_finds_an_english_fallback():
    old = 'text = (holder ? holder.getAttribute("data-refused-text") : "Refused by the server");'
    assert english_sentences(old) == ["Refused by the server"]
    assert english_sentences('fetch(url, { headers: { "Accept": "application/json" } });') == []


SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[path.name for path in SCRIPTS])
def test_no_script_falls_back_on_english(script):
    assert english_sentences(script.read_text(encoding="utf-8")) == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "pl"])
def test_every_page_with_the_offline_queue_says_refused_in_its_language(hall, language):
    report = hall.foul(hall.floor, "short_hand", hall.south).json()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(hall.director)
    base = f"/referee/{hall.event.slug}/"
    pages = [
        base,
        base + "r1/t1/",
        base + "r1/t1/short_hand/",
        base + f"fouls/{report['id']}/",
        base + "r1/t1/result/",
    ]
    with translation.override(language):
        refused = translation.gettext("Refused by the server")
    assert refused != "Refused by the server"
    for url in pages:
        html = client.get(url).content.decode()
        assert "offline-queue.js" in html, url
        assert f'data-refused-text="{refused}"' in html, url
