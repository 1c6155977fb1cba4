"""Names as people read and type them: the order a reader of the language expects, and the one
rule every search matches names by.

The order: the Unicode Collation Algorithm (``pyuca``'s DUCET, the same on SQLite and
PostgreSQL) with CLDR's tailorings of the interface languages, instead of the code-point order
the database gives.

English and French use the root order: "Ähtäri" files under A, "Łukasz" under L, "Zoë" last.
Czech puts "č" after "c", "ch" after "h", "ř" after "r", "š" after "s" and "ž" after "z";
Polish gives "ą ć ę ł ń ó ś ź ż" their own place after their base letter; Finnish puts
"å ä ö" after "z" (and sorts "ü" as "y", "æ" as "ä", "ø" as "ö"; "v" and "w" stay two
letters, as in CLDR's standard Finnish order).

Lists sort in Python after their query (``by_name``): the same queries, and the same order on
SQLite and PostgreSQL.

The match: a name is found by what people type, blind to case and accents as the collation's
first level is ("Šťastný", "STASTNY" and "stastny" are one), and to the letters the collation
keeps apart but keyboards do not (Ł, Ø, Đ, Ð, Ħ, Ŧ, ı are typed L, O, D, D, H, T, i; Æ, Œ, Þ, ß
as AE, OE, TH, SS): every word typed must start a word of the name, in any order ("nowak luk"
finds "Łukasz Nowak"). ``match_key`` folds a text, ``key_matches`` is the rule, ``matches`` both,
and ``key_filter`` the same rule as a database filter over a stored key (``Person.match_key``),
alike on SQLite and PostgreSQL. ``same_name`` says whether two names are one name (self
check-in: the name as typed, whatever its accents and word order)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import TypeVar

from django.conf import settings
from django.db.models import Q
from django.utils import translation
from pyuca.collator import Collator_10_0_0

T = TypeVar("T")

# Each DUCET primary weight is multiplied by this, so that up to SPREAD - 1 tailored letters fit
# between a letter and the next one.
SPREAD = 16
COMMON = 0x0020
# The secondary weight of a letter tailored as a variant of another (``<<`` in CLDR): above
# every diacritic's, so that the variant follows its anchor and the anchor's accented forms.
VARIANT = 0x0200

# CLDR's tailorings: (anchor, letters) puts the letters, in that order, right after the anchor
# as letters of their own; (anchor, letters, "variant") sorts them as the anchor, after it
# (second level). Letters are lower case; their upper and title case forms follow.
TAILORINGS: dict[str, tuple[tuple[str, ...], ...]] = {
    "cs": (("c", "č"), ("h", "ch"), ("r", "ř"), ("s", "š"), ("z", "ž")),
    "pl": (
        ("a", "ą"),
        ("c", "ć"),
        ("e", "ę"),
        ("l", "ł"),
        ("n", "ń"),
        ("o", "ó"),
        ("s", "ś"),
        ("z", "ź", "ż"),
    ),
    "fi": (
        ("z", "å", "ä", "ö"),
        ("d", "đ", "ð", "variant"),
        ("n", "ŋ", "variant"),
        ("y", "ü", "ű", "variant"),
        ("ä", "æ", "variant"),
        ("ö", "ø", "ő", "õ", "œ", "variant"),
    ),
}


@cache
def _collator() -> Collator_10_0_0:
    return Collator_10_0_0()


def _root_elements(text: str) -> list[tuple[int, int, int]]:
    return [
        (element[0] * SPREAD, element[1], element[2])
        for element in _collator().collation_elements(text)
    ]


@cache
def _tailoring(language: str) -> tuple[dict[str, list[tuple[int, int, int]]], int]:
    """The tailored letters of ``language`` (in NFD) with their collation elements, and the
    length of the longest one."""
    letters: dict[str, list[tuple[int, int, int]]] = {}
    for rule in TAILORINGS.get(language, ()):
        anchor, *tailored = rule
        variant = tailored[-1] == "variant"
        if variant:
            tailored.pop()
        anchor_key = unicodedata.normalize("NFD", anchor)
        base = letters.get(anchor_key) or _root_elements(anchor_key)
        primary = base[0][0]
        for step, letter in enumerate(tailored, start=1):
            if variant:
                elements = [(primary, COMMON, 0), (0, VARIANT + step, 0)]
            else:
                elements = [(primary + step, COMMON, 0)]
            letters[unicodedata.normalize("NFD", letter)] = elements
    return letters, max((len(k) for k in letters), default=0)


def _elements(text: str, language: str) -> list[tuple[int, int, int]]:
    letters, longest = _tailoring(language)
    if not letters:
        return _root_elements(text)
    elements: list[tuple[int, int, int]] = []
    plain_from = i = 0
    while i < len(text):
        for size in range(min(longest, len(text) - i), 0, -1):
            found = letters.get(text[i : i + size].lower())
            # A tailored letter followed by a further accent is not that letter.
            if found and not unicodedata.combining(text[i + size : i + size + 1] or "a"):
                break
        else:
            i += 1
            continue
        elements += _root_elements(text[plain_from:i])
        # The case of the first character decides the third level ("Ch" as "C").
        (primary, secondary, _none), *rest = found
        elements += [(primary, secondary, _root_elements(text[i])[0][2]), *rest]
        i += size
        plain_from = i
    return elements + _root_elements(text[plain_from:])


def base_language(language: str | None) -> str:
    """The language code without its region ("cs-cz", "cs_CZ", "CS": "cs"); ``None``: the
    active language (else the site's)."""
    code = language or translation.get_language() or settings.LANGUAGE_CODE
    return code.replace("_", "-").split("-", 1)[0].lower()


@lru_cache(maxsize=16384)
def _key(text: str, language: str) -> tuple:
    normal = unicodedata.normalize("NFD", text)
    elements = _elements(normal, language)
    levels = tuple(
        tuple(weight for element in elements if (weight := element[level])) for level in range(3)
    )
    # Equal at the three levels (rare): code points decide, so the order is always the same.
    return (*levels, normal)


def sort_key(text: str, language: str | None = None) -> tuple:
    """The key ``text`` sorts by in ``language`` (default: the active language)."""
    return _key(text, base_language(language))


def by_name(
    items: Iterable[T],
    *,
    key: Callable[[T], str] = lambda item: item.name,  # type: ignore[attr-defined]
    language: str | None = None,
) -> list[T]:
    """``items`` sorted by their names in ``language`` (default: the active language)."""
    code = base_language(language)
    return sorted(items, key=lambda item: _key(key(item), code))


def names_sorted(names: Iterable[str], language: str | None = None) -> list[str]:
    return by_name(names, key=str, language=language)


# --- matching names ---------------------------------------------------------------------------

# Letters with no accent to strip (no canonical decomposition) that are typed as plain ones.
PLAIN_LETTERS = {
    "ł": "l",
    "ø": "o",
    "đ": "d",
    "ð": "d",
    "ħ": "h",
    "ŧ": "t",
    "ı": "i",
    "æ": "ae",
    "œ": "oe",
    "þ": "th",
}
# Dropped inside a word: "O'Brien" is found by "obrien" and by "o'brien"; the Catalan "l·l".
JOINERS = "'\u2019\u02bc\u2018`\u00b7"
# One pass of ``str.translate`` after the decomposition: the plain letters, and no joiner nor
# combining mark (the accents; those of the planes names are written in).
FOLD = str.maketrans(
    {
        **PLAIN_LETTERS,
        **dict.fromkeys(JOINERS),
        **{chr(c): None for c in range(0x0300, 0x20000) if unicodedata.combining(chr(c))},
    }
)
NOT_A_WORD = re.compile(r"[\W_]+")


def match_key(text: str) -> str:
    """``text`` as names are matched: case-folded (``ß`` is "ss", ``İ`` is "i"), compatibility
    decomposed without its accents, the letters of ``PLAIN_LETTERS`` plain, ``JOINERS`` dropped,
    anything else that is not a letter or digit a space; the words joined by single spaces."""
    # Unicode's compatibility caseless match: decomposed, folded, decomposed again ("ℌ" is "h").
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return NOT_A_WORD.sub(" ", decomposed.translate(FOLD)).strip()


def key_matches(query_key: str, name_key: str) -> bool:
    """The rule: every word of ``query_key`` starts a word of ``name_key`` (both folded by
    ``match_key``); an empty query matches nothing."""
    words = name_key.split()
    typed = query_key.split()
    return bool(typed) and all(any(w.startswith(t) for w in words) for t in typed)


def matches(query: str, name: str) -> bool:
    """Whether ``name`` is found by ``query`` (see the module's docstring)."""
    return key_matches(match_key(query), match_key(name))


def key_filter(field: str, query: str) -> Q:
    """``key_matches`` as a filter on ``field``, a column holding ``match_key`` of a name: each
    word typed starts the key or follows one of its spaces. Matches nothing for an empty
    query."""
    typed = match_key(query).split()
    if not typed:
        return Q(pk__in=[])
    condition = Q()
    for word in typed:
        condition &= Q(**{f"{field}__startswith": word}) | Q(**{f"{field}__contains": " " + word})
    return condition


def same_name(typed: str, name: str) -> bool:
    """Whether ``typed`` is ``name`` itself, whatever its case, accents and word order."""
    words = sorted(match_key(typed).split())
    return bool(words) and words == sorted(match_key(name).split())
