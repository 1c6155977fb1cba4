"""Players are not assumed to be men (issue 43, item 19): Czech called a woman who left the event
"odstoupil" (he withdrew).

The check, precisely: Czech and Polish write a past tense or an adjective for one person by its
masculine form, so an entry that says what a player is or did without naming them (a status
such as "Dropped" or "cut", a label before a name such as "entered by", a foul detail such as
"Drew from the wrong place in the wall.") gives both forms, the catalogue's way ("dobral(a)",
"dobrał(a)"), or words without gender ("mimo turnaj", "poza turniejem"). Such an entry is found
by its msgid (``ABOUT_A_PLAYER``); a masculine past tense or adjective without its feminine
ending after it is found by ``MASCULINE``.
"""

from __future__ import annotations

import re

import pytest

from tests.support.translations import PLACEHOLDER, ROOT, parse

ABOUT_A_PLAYER = re.compile(
    r"^(Active|Dropped|dropped|absent|cut|Absent|Withdrawn|Registered|Refused)$"
    r"|^[\w ]+ by$|^\w+ by %\(who\)s"
    r"|^(Drew|Saw|Discarded|Counted|Won|Exposed|Called|Declared|Claimed)\b"
    r"|^The claimer (had|showed)\b"
)
MASCULINE = {
    # A past tense (dobral, dosáhl) or a passive or short adjective (vyřazen, přítomen), or a
    # long adjective (přítomný), not followed by the feminine ending.
    "cs": re.compile(r"\b[^\W\d_]+(?:l|[aeiouyáéíóúůýě]n|ý)\b(?!\()"),
    # A past tense (dobrał) or an adjective or participle (wycofany), likewise.
    "pl": re.compile(r"\b[^\W\d_]+(?:ł|[nwt]y)\b(?!\()"),
}
# Words of those shapes that are not about the player: nouns, and adjectives of a noun.
NOT_GENDERED = {"cs": {"kámen", "líc", "vítězný"}, "pl": {"kamień", "wrzuty"}}


def masculine(language: str, text: str) -> list[str]:
    words = MASCULINE[language].findall(PLACEHOLDER.sub(" ", text))
    return [w for w in words if w.lower() not in NOT_GENDERED[language]]


def test_the_check_finds_a_masculine_form():
    assert masculine("cs", "Odstoupil") == ["Odstoupil"]
    assert masculine("cs", "Odstoupil(a)") == [] and masculine("cs", "mimo turnaj") == []
    assert masculine("pl", "Wycofany") == ["Wycofany"] and masculine("pl", "Wycofany(-a)") == []
    assert ABOUT_A_PLAYER.search("Drew from the wrong place in the wall.")
    assert ABOUT_A_PLAYER.search("Voided by %(who)s, %(when)s")


@pytest.mark.parametrize("language", sorted(MASCULINE))
def test_what_a_player_is_or_did_has_no_gender(language):
    found = [
        f"{entry['msgid']!r} -> {form!r}: {', '.join(masculine(language, form))}"
        for entry in parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
        if ABOUT_A_PLAYER.search(entry["msgid"])
        for form in entry["msgstr"].values()
        if masculine(language, form)
    ]
    assert not found, "\n".join(found)
