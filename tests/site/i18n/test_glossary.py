"""One vocabulary in five languages (issue 37, item 4): docs/glossary/glossary.toml names each
concept once, the word each language uses for it and the words it must not be called.

The check, precisely: for every glossary term and language, every entry of that language's
catalogue whose msgid or msgid_plural matches the term's English pattern (``match``), and not
its ``unless`` pattern when it has one (placeholders such as ``%(round)s`` left out), must have
no translation form matching one of the language's ``forbidden`` patterns for that term. The
per-language glossaries in docs/glossary/<lang>.md are rendered from the same file and must be
up to date.
"""

from __future__ import annotations

import importlib.util
import re

import pytest

from tests.support.translations import LOCALES, PLACEHOLDER, ROOT, parse

GLOSSARY = ROOT / "docs" / "glossary"


def _render():
    spec = importlib.util.spec_from_file_location("glossary_render", GLOSSARY / "render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


render = _render()
TERMS = render.load()


def violations(language: str) -> list[str]:
    entries = parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    found = []
    for term in TERMS:
        match = re.compile(term["match"], re.IGNORECASE)
        unless = re.compile(term["unless"], re.IGNORECASE) if "unless" in term else None
        rules = [re.compile(p, re.IGNORECASE) for p in term[language]["forbidden"]]
        if not rules:
            continue
        for entry in entries:
            text = PLACEHOLDER.sub("", entry["msgid"] + "\n" + entry.get("msgid_plural", ""))
            if not match.search(text) or (unless is not None and unless.search(text)):
                continue
            for form in entry["msgstr"].values():
                words = PLACEHOLDER.sub("", form)
                for rule in rules:
                    hit = rule.search(words)
                    if hit:
                        found.append(
                            f"{term['en']}: {hit.group(0)!r} is not {term[language]['use']!r} "
                            f"in {entry['msgid']!r} -> {form!r}"
                        )
    return found


def test_every_term_has_every_language():
    assert len(TERMS) >= 30
    for term in TERMS:
        re.compile(term["match"])
        for language in LOCALES:
            assert term[language]["use"], (term["en"], language)
            for pattern in term[language]["forbidden"]:
                re.compile(pattern)


@pytest.mark.parametrize("language", LOCALES)
def test_translations_follow_the_glossary(language):
    found = violations(language)
    assert not found, f"{len(found)} entries off the glossary:\n" + "\n".join(found)


@pytest.mark.parametrize("language", LOCALES)
def test_the_rendered_glossary_is_up_to_date(language):
    assert (GLOSSARY / f"{language}.md").read_text(encoding="utf-8") == render.markdown(
        TERMS, language
    ), "run: python docs/glossary/render.py"


def test_the_check_finds_a_wrong_word():
    """The check is not vacuous: a Czech entry calling the event 'akce' is found."""
    term = next(t for t in TERMS if t["en"] == "event")
    assert re.search(term["match"], "This event has no round 3.", re.I)
    assert any(re.search(p, "Tato akce nemá kolo 3.", re.I) for p in term["cs"]["forbidden"])
    assert not any(re.search(p, "Tento turnaj nemá kolo 3.", re.I) for p in term["cs"]["forbidden"])


def test_french_typography_is_one_throughout():
    """French: a narrow no-break space (U+202F) before ``: ; ? !`` and the typographic
    apostrophe (’) in every translation; never a plain or no-break space before those signs,
    nor a straight apostrophe."""
    problems = []
    for entry in parse(ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"):
        if not entry["msgid"]:
            continue
        for form in entry["msgstr"].values():
            if "'" in form:
                problems.append(f"straight apostrophe: {form!r}")
            if re.search(r"[ \u00a0][:;?!]", form):
                problems.append(f"a plain space before a sign: {form!r}")
            if re.search(r"\w[;?!](\s|$)|[^\W\d]:(\s|$)", form):
                problems.append(f"no space before a sign: {form!r}")
    assert not problems, "\n".join(problems[:40])
