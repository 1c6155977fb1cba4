"""Bad tiles get a clear message and nothing else (issue 36): every check names the problem,
and no library exception escapes the adapter."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.tiles import parse_notation, score_tiles

PINFU = "234m567p678s99p34s5s"


def error_of(family, hand, situation=None, options=None) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score_tiles(family, hand, situation or {}, options or {})
    return caught.value


@pytest.mark.parametrize(
    ("family", "hand", "situation", "options", "field", "words"),
    [
        ("riichi", {"notation": "11111m234p567s99s8s"}, {}, {}, "tiles", "only four 1m"),
        ("mcr", {"notation": "234m567p678s99p34s"}, {}, {}, "tiles", "this one has 13"),
        ("riichi", {"notation": "[124m] 567p678s99p34s5s"}, {}, {}, "melds", "not a set"),
        ("riichi", {"notation": "[55z6z] 567p678s99p34s5s"}, {}, {}, "melds", "not a set"),
        (
            "riichi",
            {"concealed": PINFU, "melds": [], "win": "1m"},
            {},
            {},
            "win",
            "not in the hand",
        ),
        (
            "riichi",
            {"notation": "[2222m] 567p678s99p34s"},
            {"tsumo": True},
            {},
            "tiles",
            "replacement tile",
        ),
        (
            "riichi",
            {"notation": "[234m] 567p678s88p34s5s"},
            {"riichi": "riichi"},
            {},
            "riichi",
            "concealed hand",
        ),
        ("riichi", {"notation": "123m456p789s11z2z3z4z"}, {}, {}, "tiles", "not a complete hand"),
        ("mcr", {"notation": "123m456p789s11z2z3z4z"}, {}, {}, "tiles", "not a complete hand"),
        ("riichi", {"notation": PINFU + " 12f"}, {}, {}, "flowers", "without flowers"),
        ("riichi", {"notation": "234m567p678s99p34s5x"}, {}, {}, "notation", "unknown tile code"),
        ("riichi", {"notation": "234m567p678s99p34s8z"}, {}, {}, "notation", "unknown tile code"),
        ("mcr", {"notation": PINFU + " 9f"}, {}, {}, "notation", "unknown tile code"),
        ("riichi", {"notation": "234m067p678s99p34s5s"}, {}, {}, "tiles", "without red fives"),
        ("riichi", {"notation": PINFU}, {"ippatsu": True}, {}, "ippatsu", "needs riichi"),
        ("riichi", {"notation": PINFU}, {"ura": "1m"}, {}, "ura", "riichi hand"),
        ("riichi", {"notation": PINFU}, {"tsumo": True, "kong": True}, {}, "kong", "needs a kong"),
        ("riichi", {"notation": PINFU}, {"fourth_tile": True}, {}, "fourth_tile", "MCR"),
        ("mcr", {"notation": PINFU}, {"riichi": "riichi"}, {}, "riichi", "no riichi"),
        ("mcr", {"notation": PINFU}, {"dora": "1m"}, {}, "dora", "no dora"),
        (
            "mcr",
            {"notation": "123m456p789s555z1s1s"},
            {"fourth_tile": True},
            {},
            "fourth_tile",
            "holds 1 more",
        ),
        (
            "riichi",
            {"notation": "[2222m] 567p678s99p34s 5s"},
            {"tsumo": True},
            {},
            "tiles",
            "no yaku",
        ),
        ("riichi", {"notation": PINFU}, {"seat_wind": 7}, {}, "seat_wind", "wind"),
        ("riichi", {"notation": PINFU}, {"tsumo": "yes"}, {}, "tsumo", "true or false"),
        ("riichi", {"notation": PINFU}, {"first_draw": True}, {}, "first_draw", "self-drawn"),
        ("mcr", {"notation": PINFU + " 123456789f"}, {}, {}, "notation", "unknown tile code"),
        ("mcr", {"notation": PINFU + " 1122f"}, {}, {}, "flowers", "once"),
        ("riichi", {"notation": ""}, {}, {}, "notation", "type the hand"),
        ("riichi", {"notation": "x" * 500}, {}, {}, "notation", "too long"),
        ("riichi", {"notation": "[555p:7] 234m678s99p34s5s"}, {}, {}, "melds", "source"),
        ("riichi", {"notation": "(123m) 567p678s99p34s5s"}, {}, {}, "melds", "only a kong"),
        ("classical", {"notation": PINFU}, {}, {}, "tiles", "only in MCR and riichi"),
        ("riichi", "123m", {}, {}, "tiles", "must be an object"),
        ("riichi", {"concealed": 5}, {}, {}, "concealed", "notation"),
    ],
)
def test_bad_input_is_named(family, hand, situation, options, field, words):
    error = error_of(family, hand, situation, options)
    assert error.field == field
    assert words in error.message, error.message


def test_the_winning_tile_is_the_last_one_written():
    hand = parse_notation("234m567p678s99p34s5s")
    assert hand.win == "5s"
    assert parse_notation("234m567p678s99p34s", "2s").win == "2s"
    assert parse_notation("234m [555z:2] 567p 99p34s 2s").melds[0].source == 2


def test_notation_round_trips():
    hand = parse_notation("234m (7777s) [555z:2] 99p34s 2s 12f")
    again = parse_notation(hand.notation())
    assert again == hand
