"""Each plural form of a catalogue says its count in the case that count takes (issue 43, item
33): Polish read "12. na 40 gracza" and "poczekaj 5 sekundy" because two forms were swapped.

The check, precisely: the header's ``Plural-Forms`` names what each form is for (``one``: 1;
``few``: 2-4, 22-24, ...; ``many``: 5-21, 25, ...; ``other``: French and Finnish beyond one;
``fraction``: Czech and Polish 1.5, the form no whole number takes). In every plural entry, the
**count** is a placeholder that the English plural puts before a counted noun ("%(max)d
characters") and whose next words differ between the forms; those next words (up to three,
until a sign or a preposition) are looked up in ``LEXICON``: a word of a known noun must be
one of that noun's forms for the form's category (Polish: a singular after 1, nominative or
genitive plural after 2-4, genitive plural after 5, genitive singular after 1.5). A count whose
words vary but hold no known word fails too: add its noun to the lexicon.
"""

from __future__ import annotations

import gettext
import re

import pytest

from tests.support.translations import COUNTED, LOCALES, PLACEHOLDER, ROOT, parse


def noun(one: str, few: str = "", many: str = "", fraction: str = "", other: str = "") -> dict:
    """A noun's forms by category, each a space-separated list of the words allowed there."""
    given = {"one": one, "few": few, "many": many, "fraction": fraction, "other": other}
    return {category: set(words.split()) for category, words in given.items() if words}


# After 1: any singular case; after 2-4: the nominative plural, or the genitive plural a
# preposition or a masculine-personal noun asks for; after 5: the genitive plural; after 1.5: the
# genitive singular.
POLISH = [
    noun("gracz gracza", "gracze graczy", "graczy", "gracza"),
    noun("sekunda sekundę sekundy", "sekundy sekund", "sekund", "sekundy"),
    noun("minuta minutę minuty", "minuty minut", "minut", "minuty"),
    noun("znak znaku", "znaki znaków", "znaków", "znaku"),
    noun("kamień kamienia", "kamienie kamieni", "kamieni", "kamienia"),
    noun("rozdanie rozdania", "rozdania rozdań", "rozdań", "rozdania"),
    noun("przewinienie przewinienia", "przewinienia przewinień", "przewinień", "przewinienia"),
    noun("wiersz wiersza", "wiersze wierszy", "wierszy", "wiersza"),
    noun("stół stołu", "stoły stołów", "stołów", "stołu"),
    noun("rola rolę roli", "role ról", "ról", "roli"),
    noun("runda rundę rundy", "rundy rund", "rund", "rundy"),
    noun("drużyna drużynę drużyny", "drużyny drużyn", "drużyn", "drużyny"),
    noun("członek członka", "członkowie członków", "członków", "członka"),
    noun("liczba liczbę liczby", "liczby liczb", "liczb", "liczby"),
    noun("licznik licznika", "liczniki liczników", "liczników", "licznika"),
    noun("patyczek patyczka", "patyczki patyczków", "patyczków", "patyczka"),
    noun("urządzenie urządzenia", "urządzenia urządzeń", "urządzeń", "urządzenia"),
    noun("dzień dnia", "dni", "dni", "dnia"),
    noun("turniej turnieju", "turnieje turniejów", "turniejów", "turnieju"),
    noun("osoba osobę osoby", "osoby osób", "osób", "osoby"),
    noun("wskaźnik wskaźnika", "wskaźniki wskaźników", "wskaźników", "wskaźnika"),
    noun("wynik wyniku", "wyniki wyników", "wyników", "wyniku"),
    noun("punkt punktu", "punkty punktów", "punktów", "punktu"),
    noun(
        "anulowany anulowana anulowane anulowanego anulowanej",
        "anulowane anulowanych",
        "anulowanych",
        "anulowanego anulowanej",
    ),
]

# Czech is Polish's pattern: after 1 a singular, after 2-4 a plural, after 5 the genitive plural,
# after 1.5 the genitive singular.
CZECH = [
    noun("hráč hráče", "hráči hráče hráčů", "hráčů", "hráče"),
    noun("sekunda sekundu sekundy", "sekundy sekund", "sekund", "sekundy"),
    noun("minuta minutu minuty", "minuty minut", "minut", "minuty"),
    noun("znak znaku", "znaky znaků", "znaků", "znaku"),
    noun("kámen kamene", "kameny kamenů", "kamenů", "kamene"),
    noun("přestupek přestupku", "přestupky přestupků", "přestupků", "přestupku"),
    noun("řádek řádku", "řádky řádků", "řádků", "řádku"),
    noun("stůl stolu", "stoly stolů", "stolů", "stolu"),
    noun("role roli", "role rolí", "rolí", "role"),
    noun("kolo kola", "kola kol", "kol", "kola"),
    noun("tým týmu", "týmy týmů", "týmů", "týmu"),
    noun("člen člena", "členové členy členů", "členů", "člena"),
    noun("číslo čísla", "čísla čísel", "čísel", "čísla"),
    noun("počítadlo počítadla", "počítadla počítadel", "počítadel", "počítadla"),
    noun("den dne", "dny dní dnů", "dní dnů", "dne"),
    noun("turnaj turnaje", "turnaje turnajů", "turnajů", "turnaje"),
    noun("osoba osobu osoby", "osoby osob", "osob", "osoby"),
    noun("ukazatel ukazatele", "ukazatele ukazatelů", "ukazatelů", "ukazatele"),
    noun("rozdání", "rozdání", "rozdání", "rozdání"),
    noun("výsledek výsledku", "výsledky výsledků", "výsledků", "výsledku"),
    # "s 25 000 body": after "s" (with) the count and its noun are in the instrumental.
    noun("bod bodu bodem", "body bodů", "bodů body", "bodu"),
]

# Finnish: after 1 the nominative, after more the partitive singular (other cases, such as
# "sekunnin kuluttua", are the same in both forms and are not looked at).
FINNISH = [
    noun(one, other=other)
    for one, other in (
        ("pelaaja", "pelaajaa"),
        ("rivi", "riviä"),
        ("pöytä", "pöytää"),
        ("rooli", "roolia"),
        ("henkilökuntarooli", "henkilökuntaroolia"),
        ("uusi", "uutta"),
        ("rike", "rikettä"),
        ("mitätöity", "mitätöityä"),
        ("käsi", "kättä"),
        ("tiili", "tiiltä"),
        ("bonustiili", "bonustiiltä"),
        ("elävä", "elävää"),
        ("rangaistustiili", "rangaistustiiltä"),
        ("laskuri", "laskuria"),
        ("riichi-tikku", "riichi-tikkua"),
        ("minuutti", "minuuttia"),
        ("sekunti", "sekuntia"),
        ("kierros", "kierrosta"),
        ("joukkue", "joukkuetta"),
        ("jäsen", "jäsentä jäsenensä"),
        ("paras", "parasta"),
        ("merkki", "merkkiä"),
        ("luku", "lukua"),
        ("päivä", "päivää"),
        ("turnaus", "turnausta"),
        ("henkilö", "henkilöä"),
        ("dora-osoitin", "dora-osoitinta"),
        ("valittu", "valittua"),
        ("samanlainen", "samanlaista"),
        ("tulos", "tulosta"),
        ("piste", "pistettä"),
    )
]

# French: the singular up to 1, the plural beyond.
FRENCH = [
    noun(word, other=plural)
    for word, plural in (
        ("joueur", "joueurs"),
        ("ligne", "lignes"),
        ("table", "tables"),
        ("rôle", "rôles"),
        ("nouveau", "nouveaux"),
        ("faute", "fautes"),
        ("annulée", "annulées"),
        ("main", "mains"),
        ("seconde", "secondes"),
        ("minute", "minutes"),
        ("caractère", "caractères"),
        ("tuile", "tuiles"),
        ("compteur", "compteurs"),
        ("bâton", "bâtons"),
        ("session", "sessions"),
        ("équipe", "équipes"),
        ("membre", "membres"),
        ("meilleurs", "meilleurs"),
        ("nombre", "nombres"),
        ("jour", "jours"),
        ("tournoi", "tournois"),
        ("personne", "personnes"),
        ("appareil", "appareils"),
        ("indicateur", "indicateurs"),
        ("place", "places"),
        ("résultat", "résultats"),
        ("point", "points"),
    )
]

LEXICON = {"pl": POLISH, "cs": CZECH, "fi": FINNISH, "fr": FRENCH}
# Words that end the look after a count: the words of a prepositional phrase or of a second
# clause take their own case ("wybierz 1 z oznaczonych graczy").
STOP = noun(
    "z ze na do od w we za po przy dla u v ve s se k ke pro o przez bez a i oraz lub albo nebo "
    "de sur dans par et ou ja tai"
)["one"]
WORD = re.compile(r"[^\W\d_][\w-]*|[^\w\s]")


def categories(header: str) -> list[str]:
    """What each plural form of a catalogue is for, from its ``Plural-Forms`` header."""
    found = re.search(r"nplurals=(\d+);\s*plural=(.*?);?\s*$", header, re.M | re.S)
    count, plural = int(found.group(1)), gettext.c2py(found.group(2).rstrip(";"))
    names = ["fraction"] * count
    for n in range(200, -1, -1):
        index = plural(n)
        if n == 1:
            names[index] = "one"
        elif n in (2, 3, 4):
            names[index] = "other" if plural(5) == index else "few"
        elif names[index] == "fraction":
            names[index] = "many"
    return names


def next_words(form: str, placeholder: str) -> list[str]:
    """Up to three words after ``placeholder`` in ``form``, until a sign, a placeholder or a
    preposition."""
    start = form.find(placeholder)
    if start < 0:
        return []
    words = []
    for token in WORD.findall(PLACEHOLDER.sub("|", form[start + len(placeholder) :])):
        if not token[0].isalpha() or token.lower() in STOP or len(words) == 3:
            break
        words.append(token.lower())
    return words


def problems(language: str) -> list[str]:
    entries = parse(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    names = categories(next(e for e in entries if not e["msgid"])["msgstr"][0])
    lexicon = LEXICON[language]
    found = []
    for entry in entries:
        if "msgid_plural" not in entry:
            continue
        forms = entry["msgstr"]
        for placeholder in set(PLACEHOLDER.findall(" ".join(forms.values()))):
            said = {index: next_words(form, placeholder) for index, form in forms.items()}
            if len({tuple(words) for words in said.values()}) < 2:
                continue
            if not counts_a_noun(entry["msgid_plural"], placeholder):
                continue  # "Tables %(tables)s have no result": a verb follows, not the noun
            known = False
            for index, words in said.items():
                for word, forms_of in first_noun(words, lexicon):
                    known = True
                    if word not in forms_of.get(names[index], set()):
                        found.append(
                            f"{names[index]} form says {word!r} after {placeholder}: "
                            f"{forms[index]!r}"
                        )
            if not known:
                found.append(f"no known noun after {placeholder} (add it): {entry['msgid']!r}")
    return found


def first_noun(words: list[str], lexicon: list[dict]) -> list[tuple[str, dict]]:
    """The first of ``words`` that the lexicon knows, with its noun's forms: the counted word
    (what follows it, such as "členů týmu", takes the case of its own phrase)."""
    for word in words:
        for forms_of in lexicon:
            if any(word in allowed for allowed in forms_of.values()):
                return [(word, forms_of)]
    return []


def counts_a_noun(english: str, placeholder: str) -> bool:
    """Whether the English plural puts a counted noun right after ``placeholder``
    ("%(max)d characters"; not "%(tables)s have", "%(count)d of them")."""
    return bool(re.search(re.escape(placeholder) + rf"\s+(?:\w+\s+)?(?:{COUNTED})\b", english))


def test_the_categories_follow_the_headers():
    assert categories("nplurals=2; plural=(n != 1);") == ["one", "other"]
    polish = (
        "nplurals=4; plural=(n==1 ? 0 : (n%10>=2 && n%10<=4) && (n%100<12 || n%100>14) ? 1 : "
        "n!=1 && (n%10>=0 && n%10<=1) || (n%10>=5 && n%10<=9) || (n%100>=12 && n%100<=14) ? 2 : 3);"
    )
    assert categories(polish) == ["one", "few", "many", "fraction"]


def test_the_check_finds_a_swapped_form():
    """Polish "na 40 gracza" (the fraction's form where 5 and more want "graczy") is found."""
    swapped = ["Twoja lokata: %(place)d. na %(count)d gracza.", "%(count)d sekundy"]
    assert next_words(swapped[0], "%(count)d") == ["gracza"]
    assert "gracza" not in POLISH[0]["many"] and "sekundy" not in POLISH[1]["many"]


@pytest.mark.parametrize("language", LOCALES)
def test_every_plural_form_takes_its_count_s_case(language):
    found = problems(language)
    assert not found, f"{len(found)} plural forms off:\n" + "\n".join(found)
