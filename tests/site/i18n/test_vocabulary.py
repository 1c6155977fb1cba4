"""A hand and a game are different words in every catalogue: the Czech player page said "Hry"
for both its games and its hands (issue 31, item 18).

In Czech a game is "hra" and a hand played is "rozdání" (the tiles a player holds stay
"ruka"); Polish has "gra" and "rozdanie", Finnish "peli" and "käsi"/"jako", French "partie"
and "main"/"manche"/"donne". A message about hands must not use the word for a game, a
message about games not the word for a hand, and one about both must use both.
"""

from __future__ import annotations

import re

import pytest

from tests.support.translations import LOCALES, ROOT, parse

GAME = {
    "cs": r"\b(hra|hry|hru|hře|hrou|her|hrám|hrách|hrami)\b",
    "pl": r"\b(gra|gry|grę|grze|grą|gier|grom|grach|grami)\b",
    "fi": r"\bpel[ie]\w*",
    "fr": r"\bparties?\b",
}
HAND = {
    "cs": r"\brozdání\w*",
    "pl": r"\brozda[nń]\w*",
    "fi": r"\b(kä(si|de|tt|te|s)\w*|ja(ko|o)\w*)",
    "fr": r"\b(mains?|manches?|donnes?)\b",
}
MENTIONS_GAME = re.compile(r"\bgames?\b", re.IGNORECASE)
MENTIONS_HAND = re.compile(r"\bhands?\b", re.IGNORECASE)


def collisions(language: str) -> list[str]:
    game, hand = re.compile(GAME[language], re.I), re.compile(HAND[language], re.I)
    found = []
    for entry in parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"):
        text = entry["msgid"] + " " + entry.get("msgid_plural", "")
        about_game, about_hand = MENTIONS_GAME.search(text), MENTIONS_HAND.search(text)
        for form in entry["msgstr"].values():
            if about_hand and not about_game and game.search(form):
                found.append(f"a hand called a game: {entry['msgid']!r} -> {form!r}")
            elif about_game and not about_hand and hand.search(form):
                found.append(f"a game called a hand: {entry['msgid']!r} -> {form!r}")
            elif about_game and about_hand and not (game.search(form) and hand.search(form)):
                found.append(f"hands and games not told apart: {entry['msgid']!r} -> {form!r}")
    return found


@pytest.mark.parametrize("language", LOCALES)
def test_hands_and_games_are_different_words(language):
    found = collisions(language)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LOCALES)
def test_the_player_pages_games_and_hands_headings_differ(language):
    entries = parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    said = {e["msgid"]: e["msgstr"][0] for e in entries if "msgid_plural" not in e}
    assert said["Games"] != said["Hands"]
    assert said["Games"].split()[0] not in said["Hands played"]
