"""No English left in a catalogue (issue 43, item 33): the Finnish ranking page was headed
"Ranking", its msgid copied.

The check, precisely: a translation may equal its English msgid only when every word of it is a
word that language writes the same way (``SAME``: riichi and MCR words, codes, names, and the
language's own words spelled like English ones, such as French "Table" or Polish "Status").
"""

from __future__ import annotations

import re

import pytest

from tests.support.translations import LOCALES, PLACEHOLDER, ROOT, parse


def words(text: str) -> set[str]:
    return set(text.split())


# Words every language keeps: the game's words, codes and names.
EVERYWHERE = words(
    """chombo riichi dora ura ippatsu chi pon kan han fu fan yakuman min pin ema e-mail utf-8
    iso-8859-1 iso-8859-2 latin-1 latin-2 world series of mahjong double"""
)
# Each language's own words that are spelled as in English.
SAME = {
    "cs": words("role audit text"),
    "fr": words(
        """disqualification table tables sanction score total club version dates public page
        options option exports format actions invitation minute minutes note situation
        notifications message qualification places confirmation confirmations bonus"""
    ),
    "fi": set(),
    "pl": words("status format ranking r"),
}
WORD = re.compile(r"[^\W\d_][\w-]*")
# Names of online platforms, written as their owners write them.
NAMES = re.compile(r"\btenhou\.net\b|\bMahjong Soul\b")


def copied(language: str) -> list[str]:
    """Translations of ``language`` that are their msgid, with a word the language does not
    write that way."""
    kept = EVERYWHERE | SAME[language]
    found = []
    for entry in parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"):
        english = {entry["msgid"], entry.get("msgid_plural", "")} - {""}
        for form in entry["msgstr"].values():
            words = WORD.findall(NAMES.sub(" ", PLACEHOLDER.sub(" ", form)).lower())
            if form in english and not set(words) <= kept:
                found.append(f"{form!r} ({', '.join(sorted(set(words) - kept))})")
    return found


def test_the_check_finds_a_copied_msgid():
    """Not vacuous: the heading "Ranking" copied into Finnish is found, Polish keeps its own."""
    assert "ranking" not in EVERYWHERE | SAME["fi"]
    assert "ranking" in SAME["pl"]


@pytest.mark.parametrize("language", LOCALES)
def test_no_msgid_is_copied_into_a_translation(language):
    found = copied(language)
    assert not found, f"{len(found)} English msgids left in {language}:\n" + "\n".join(found)
