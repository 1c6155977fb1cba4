"""Issue 43, item 5: one name-matching rule (``tournament.collation.matches``) for every search:
the check-in desk, self check-in, "Where do I sit?", the persons registry, the ranking's page,
API and exports, and the persons a name may be (suggestions, the import's candidates). Case,
accents and the letters without an accent to strip (Ł, Ø, Đ, Æ, Œ, Þ, ß, ı, İ) are read as
people type them; the database's filter is the same rule as the Python one."""

from __future__ import annotations

import string
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.collation import key_filter, key_matches, match_key, matches, same_name
from tournament.persons.models import Person

FOLDED = [
    ("Łukasz", "lukasz"),
    ("ŁUKASZ", "lukasz"),
    ("Søren Ørsted", "soren orsted"),
    ("Đorđe", "dorde"),
    ("Æsa Dæhlie", "aesa daehlie"),
    ("Œhlenschläger", "oehlenschlager"),
    ("Þórður", "thordur"),
    ("Straße", "strasse"),
    ("STRAẞE", "strasse"),
    ("Iİıi", "iiii"),
    ("Šťastný", "stastny"),
    (unicodedata.normalize("NFD", "Šťastný"), "stastny"),
    ("Jean-Pierre  Dupont", "jean pierre dupont"),
    ("O'Brien", "obrien"),
    ("O’Brien", "obrien"),
    ("  ", ""),
]


@pytest.mark.parametrize(("name", "key"), FOLDED)
def test_names_fold_as_people_type_them(name, key):
    assert match_key(name) == key


@pytest.mark.parametrize(
    ("query", "name", "found"),
    [
        ("lukasz", "Łukasz Nowak", True),
        ("nowak luk", "Łukasz Nowak", True),
        ("LUKASZ NOWAK", "Łukasz Nowak", True),
        ("ukasz", "Łukasz Nowak", False),
        ("soren", "Søren Ørsted", True),
        ("orst", "Søren Ørsted", True),
        ("strasse", "Hans Straße", True),
        ("pierre", "Jean-Pierre Dupont", True),
        ("obrien", "Seán O'Brien", True),
        ("o'brien", "Seán O'Brien", True),
        ("", "Łukasz Nowak", False),
        ("'", "Łukasz Nowak", False),
    ],
)
def test_every_word_typed_starts_a_word_of_the_name(query, name, found):
    assert matches(query, name) is found


def test_same_name_ignores_case_accents_and_word_order():
    assert same_name("lukasz nowak", "Łukasz Nowak")
    assert same_name("Nowak Łukasz", "ŁUKASZ NOWAK")
    assert not same_name("lukasz", "Łukasz Nowak")
    assert not same_name("", "")


# The database's filter is the Python rule: random names and queries over a small alphabet
# (so that they meet), on SQLite and on PostgreSQL.
LETTERS = "abłlóoß -'"
names = st.text(alphabet=LETTERS, min_size=0, max_size=12)


@pytest.mark.django_db
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(names, min_size=1, max_size=8), names)
def test_the_database_filter_is_the_python_rule(stored, query):
    Person.objects.all().delete()
    people = [Person.objects.create(name=name or "x") for name in stored]
    in_python = {p.pk for p in people if key_matches(match_key(query), p.match_key)}
    in_sql = set(Person.objects.filter(key_filter("match_key", query)).values_list("pk", flat=True))
    assert in_sql == in_python


def test_ascii_letters_fold_to_themselves():
    assert match_key(string.ascii_letters) == string.ascii_lowercase * 2


@pytest.mark.django_db
def test_a_renamed_person_is_found_by_the_new_name():
    person = Person.objects.create(name="Lukas Novak")
    person.name = "Łukasz Nowak"
    person.save(update_fields=["name"])
    assert Person.objects.filter(key_filter("match_key", "łukasz")).get() == person
    Person.objects.bulk_create([Person(name="Øystein Ødegård")])
    assert Person.objects.filter(key_filter("match_key", "oystein odegard")).count() == 1


# Names equal at the collation's first level (case and accents aside) are one name to the
# search: the match is blind to what the order is blind to, and more (Ł, Ø, ...).
VARIANTS = ["aáäàâåAÁÄÅ", "eéěëEÉĚ", "cčçCČÇ", "nňńñNŇ", "oóöôOÓÖ", "sšśSŠŚ", "zžźżZŽŻ", "  "]
SPELLINGS = st.lists(st.tuples(st.integers(0, len(VARIANTS) - 1), st.integers(0, 9)), max_size=10)


def spelled(letters: list[tuple[int, int]], choice: int) -> str:
    return "".join(VARIANTS[k][(n + choice) % len(VARIANTS[k])] for k, n in letters)


@settings(max_examples=300, deadline=None)
@given(SPELLINGS, st.integers(0, 9))
def test_what_the_collation_holds_equal_the_search_holds_equal(letters, choice):
    from tournament.collation import sort_key

    one, two = spelled(letters, 0), spelled(letters, choice)
    assert sort_key(one, "en")[0] == sort_key(two, "en")[0]
    assert match_key(one) == match_key(two)
