"""No sentence offers a word as its own alternative (issue 43, item 33): Czech said a false
mah-jong costs "1/2 limitu od Východu nebo Východu" (from East or East) for "to or from East".

The check, precisely: no translation has a word followed by "or" (cs nebo/či, fr ou, fi tai,
pl lub/albo) and the same word again at the end of that phrase ("Východu nebo Východu,"; not
the Finnish "jotka ovat tai ovat olleet", where a word follows), nor a word twice in a row (in
the same case: French "Vous vous" is right).
"""

from __future__ import annotations

import re

import pytest

from tests.support.translations import LOCALES, ROOT, parse

# Not a number before its own decimals: "40 nebo 40,50" offers two amounts (a decimal comma).
OR_ITSELF = re.compile(r"\b(\w{2,})\s+(?:nebo|či|ou|tai|lub|albo)\s+\1\b(?![.,]\d)(?!\s+\w)", re.I)
TWICE = re.compile(r"\b(\w{2,})\s+\1\b")  # "Vous vous" is French


def repeated(text: str) -> list[str]:
    return [m.group(0) for m in (*OR_ITSELF.finditer(text), *TWICE.finditer(text))]


def test_the_check_finds_an_alternative_to_itself():
    assert repeated("1/2 limitu od Východu nebo Východu, 1/4 mezi ostatními") == [
        "Východu nebo Východu"
    ]
    assert repeated("Henkilöt, jotka ovat tai ovat olleet henkilökuntaa") == []
    assert repeated("Zadejte částku, například 40 nebo 40,50.") == []
    assert repeated("například 40 nebo 40.") == ["40 nebo 40"]


@pytest.mark.parametrize("language", LOCALES)
def test_no_word_is_its_own_alternative(language):
    found = [
        f"{hit!r} in {form!r}"
        for entry in parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
        for form in entry["msgstr"].values()
        for hit in repeated(form)
    ]
    assert not found, "\n".join(found)
