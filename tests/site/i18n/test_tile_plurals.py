"""The tile checks' counts (rules/tiles) reach the page in the reader's plural form: the
rulebook marks them with ``rules.i18n.Plural`` and the edge translates them with ``ngettext``."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from rules.errors import RuleError
from rules.tiles import score_tiles


def error_of(family: str, notation: str, situation: dict | None = None) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score_tiles(family, {"notation": notation}, situation or {}, {})
    return caught.value


@pytest.mark.parametrize(
    ("language", "notation", "words"),
    [
        ("cs", "234m567p678s99p34s", "tato má 13 kamenů"),
        ("pl", "234m567p678s99p34s", "ta ma 13 kamieni"),
        ("cs", "123m", "tato má 3 kameny"),
        ("pl", "123m", "ta ma 3 kamienie"),
        ("fi", "234m567p678s99p34s", "tässä on 13 tiiltä"),
        ("fr", "234m567p678s99p34s", "celle-ci a 13 tuiles"),
    ],
)
def test_a_tile_count_takes_the_language_s_plural_form(language, notation, words):
    error = error_of("mcr", notation)
    with translation.override(language):
        assert words in error.translated(gettext, ngettext)


def test_one_tile_more_is_singular():
    error = error_of("mcr", "123m456p789s555z1s1s", {"fourth_tile": True})
    assert "holds 1 more tile like it" in error.message
    with translation.override("cs"):
        assert "ještě 1 takový kámen" in error.translated(gettext, ngettext)
