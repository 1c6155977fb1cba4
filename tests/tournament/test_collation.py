"""Issue 31, item 19: names sort by the language's collation (the Unicode Collation Algorithm
with CLDR's tailorings), not by code point, where "Zoë" came before "Ähtäri", "Ólafur" and
"Łukasz"."""

from __future__ import annotations

import os
import unicodedata

import pytest
from django.db import connection
from django.utils import translation

from tournament.collation import base_language, by_name, names_sorted, sort_key

NAMES = ["Zoë", "Ähtäri", "Ólafur", "Łukasz", "Adam", "Chmelař", "Hrubý"]

IN = {
    "en": ["Adam", "Ähtäri", "Chmelař", "Hrubý", "Łukasz", "Ólafur", "Zoë"],
    "fr": ["Adam", "Ähtäri", "Chmelař", "Hrubý", "Łukasz", "Ólafur", "Zoë"],
    "pl": ["Adam", "Ähtäri", "Chmelař", "Hrubý", "Łukasz", "Ólafur", "Zoë"],
    # Czech: "ch" is a letter after "h".
    "cs": ["Adam", "Ähtäri", "Hrubý", "Chmelař", "Łukasz", "Ólafur", "Zoë"],
    # Finnish: "å", "ä", "ö" are letters after "z".
    "fi": ["Adam", "Chmelař", "Hrubý", "Łukasz", "Ólafur", "Zoë", "Ähtäri"],
}

# Where the languages differ, from CLDR's tailorings (PostgreSQL's ICU collations agree).
MORE = [
    "Åberg", "ångström", "Öhman", "Øberg", "Oberg", "O'Brien", "Ozorowski", "Müller", "Myller",
    "Mylly", "Čapek", "Cibulka", "chata", "Chata", "CHATA", "Lukas", "Ludwig", "Ríha", "Řehoř",
    "Rybka", "Śliwa", "Szymon", "Żak", "Źdźbło", "Zimny", "Zeta", "De Vries", "Dean", "Vaara",
    "Waltari",
]  # fmt: skip


def test_the_code_point_order_is_wrong_for_every_language():
    assert sorted(NAMES) == ["Adam", "Chmelař", "Hrubý", "Zoë", "Ähtäri", "Ólafur", "Łukasz"]


@pytest.mark.parametrize("language", sorted(IN))
def test_names_sort_in_the_order_of_the_language(language):
    assert names_sorted(NAMES, language) == IN[language]


def test_czech_places_its_letters_after_their_base_letters():
    names = ["Řehoř", "Rybka", "Ríha", "Čapek", "Cibulka", "Žák", "Zima", "Šebek", "Svoboda"]
    assert names_sorted(names, "cs") == [
        "Cibulka", "Čapek", "Ríha", "Rybka", "Řehoř", "Svoboda", "Šebek", "Zima", "Žák",
    ]  # fmt: skip
    assert names_sorted(names, "en") == [
        "Čapek", "Cibulka", "Řehoř", "Ríha", "Rybka", "Šebek", "Svoboda", "Žák", "Zima",
    ]  # fmt: skip


def test_polish_places_its_letters_after_their_base_letters():
    names = ["Łukasz", "Ludwik", "Lis", "Ólafur", "Ozorowski", "Żak", "Źdźbło", "Zimny", "Śliwa"]
    assert names_sorted(names, "pl") == [
        "Lis", "Ludwik", "Łukasz", "Ozorowski", "Ólafur", "Śliwa", "Zimny", "Źdźbło", "Żak",
    ]  # fmt: skip
    assert names_sorted(names, "en") == [
        "Lis", "Ludwik", "Łukasz", "Ólafur", "Ozorowski", "Śliwa", "Żak", "Źdźbło", "Zimny",
    ]  # fmt: skip


def test_finnish_sorts_u_umlaut_as_y_and_keeps_v_and_w_apart():
    names = ["Mylly", "Müller", "Myller", "Waltari", "Vaara", "Wikström", "Virtanen"]
    assert names_sorted(names, "fi") == [
        "Myller", "Müller", "Mylly", "Vaara", "Virtanen", "Waltari", "Wikström",
    ]  # fmt: skip


def test_case_accents_and_normalisation_decide_only_between_otherwise_equal_names():
    composed, decomposed = "Šťastný", unicodedata.normalize("NFD", "Šťastný")
    assert sort_key(composed, "cs") == sort_key(decomposed, "cs")
    assert names_sorted(["CHATA", "Chata", "chata", "Chatar"], "cs") == [
        "chata", "Chata", "CHATA", "Chatar",
    ]  # fmt: skip
    assert names_sorted(["Ad", "Åd", "Ád", "Äd", "ad"], "en") == ["ad", "Ad", "Ád", "Åd", "Äd"]


def test_the_active_language_is_the_default():
    with translation.override("cs"):
        assert names_sorted(NAMES) == IN["cs"]
        assert by_name([{"n": n} for n in NAMES], key=lambda d: d["n"])[3] == {"n": "Chmelař"}
    with translation.override("fi"):
        assert names_sorted(NAMES)[-1] == "Ähtäri"
    assert base_language("cs-CZ") == base_language("cs_cz") == "cs"
    assert names_sorted(NAMES, "fi-FI") == IN["fi"]
    # A language without tailoring uses the root order.
    assert names_sorted(NAMES, "de") == IN["en"]


@pytest.mark.services
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "cs", "fr", "fi", "pl"])
def test_the_order_is_postgresql_icu_order(language):
    """The same order as ``ORDER BY name COLLATE "<language>-x-icu"`` on PostgreSQL."""
    if connection.vendor != "postgresql":
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail("needs PostgreSQL (DATABASE_URL)")
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    names = NAMES + MORE
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT n FROM unnest(%s::text[]) AS t(n) ORDER BY n COLLATE "{language}-x-icu"',
            [names],
        )
        icu = [row[0] for row in cursor.fetchall()]
    assert names_sorted(names, language) == icu
