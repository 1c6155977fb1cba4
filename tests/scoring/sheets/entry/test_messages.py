"""The rulebook's complaints about a hand reach a referee in the event's language, hand
number included."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from rules.errors import RuleError
from scoring.sheets.services import Author
from tests.support.sheets import E, S, add, ron, table_of  # noqa: F401


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Hand 1: a win needs at least 1 han"),
        ("cs", "Rozdání 1: výhra potřebuje aspoň 1 han"),
        ("fr", "Main 1\u202f: une victoire demande au moins 1 han"),
    ],
)
def test_a_bad_hand_is_refused_in_the_referees_language(riichi_hall, language, words):  # noqa: F811
    table = table_of(riichi_hall.event)
    with translation.override(language), pytest.raises(ValidationError) as refused:
        add(table, ron(E, S, han=0), Author(user=riichi_hall.head), 1)
    messages = [m for ms in refused.value.message_dict.values() for m in ms]
    assert any(words in m for m in messages), messages


def test_a_located_error_keeps_its_template_for_translation():
    error = RuleError("win.fu", "a %(han)s han win needs its fu", {"han": 5}).located(3)
    assert error.message == "hand 3: a 5 han win needs its fu"
    catalogue = {
        "hand %(number)s: %(message)s": "jako %(number)s: %(message)s",
        "a %(han)s han win needs its fu": "%(han)s hanin voitto tarvitsee fut",
    }
    assert error.translated(catalogue.__getitem__) == "jako 3: 5 hanin voitto tarvitsee fut"
