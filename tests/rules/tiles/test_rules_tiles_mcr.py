"""MCR hands with known values, read from their tiles (issue 36).

Every value was counted by hand from the Green Book 2006 fan definitions and exclusion rules
(the fan counts, the "account once" and "non-repeat" principles) before it was checked against
the library; seed 003 names the waits (single, edge, closed, open) and says that bonus tiles
do not count toward the 8-fan minimum. Source column: GB = counted by hand under the Green
Book 2006; seed 003 / docs/rules/hands.md#mcr where the case is theirs.
"""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.tiles import Situation, score_tiles, state_for, tile_payments

OPTIONS = {"game_length": 16}

# (name, source, notation, situation, fan without bonus, bonus, lines)
CASES = [
    (
        "edge wait, discard",
        "GB; seed 003 edge wait",
        "12m456p678s234s99s3m",
        {},
        5,
        0,
        {"concealed_hand": 2, "all_chows": 2, "edge_wait": 1},
    ),
    (
        "edge wait + 2 flowers",
        "GB; seed 003: flowers do not count toward 8",
        "12m456p678s234s99s3m 12f",
        {},
        5,
        2,
        {"concealed_hand": 2, "all_chows": 2, "edge_wait": 1, "flower_tiles": 2},
    ),
    (
        "closed wait, discard",
        "GB; seed 003 closed wait",
        "13m456p678s234s99s2m",
        {},
        5,
        0,
        {"concealed_hand": 2, "all_chows": 2, "closed_wait": 1},
    ),
    (
        "open wait, discard",
        "GB; seed 003 open wait",
        "23m456p678s234s99s4m",
        {},
        5,
        0,
        {"concealed_hand": 2, "all_chows": 2, "mixed_double_chow": 1},
    ),
    (
        "open wait, self-drawn",
        "GB: Fully Concealed excludes Self-Drawn",
        "23m456p678s234s99s4m",
        {"tsumo": True},
        7,
        0,
        {"fully_concealed_hand": 4, "all_chows": 2, "mixed_double_chow": 1},
    ),
    (
        "6789s: two waits, no Single Wait",
        "GB: a wait fan only for the only wait",
        "123m456p678s234s9s9s",
        {},
        4,
        0,
        {"concealed_hand": 2, "all_chows": 2},
    ),
    (
        "6 fan + 2 flowers self-drawn",
        "GB; seed 003 (a false win)",
        "123m456p678s234s9s9s 12f",
        {"tsumo": True},
        6,
        2,
        {"fully_concealed_hand": 4, "all_chows": 2, "flower_tiles": 2},
    ),
    (
        "edge wait self-drawn + 2 flowers",
        "GB; docs/rules/hands.md, example 10 (7 + 1 flower refused)",
        "12m456p678s234s99s3m 12f",
        {"tsumo": True},
        7,
        2,
        {"fully_concealed_hand": 4, "all_chows": 2, "edge_wait": 1, "flower_tiles": 2},
    ),
    (
        "single wait",
        "GB; seed 003 single wait",
        "123m456p789s555z1s1s",
        {},
        13,
        0,
        {"mixed_straight": 8, "dragon_pung": 2, "concealed_hand": 2, "single_wait": 1},
    ),
    (
        "seven pairs",
        "GB: Seven Pairs excludes Concealed Hand and Single Wait",
        "1122m3344p5566s7z7z",
        {},
        24,
        0,
        {"seven_pairs": 24},
    ),
    (
        "seven pairs, all simples",
        "GB",
        "22m44m66m88m 22p44p 8p8p",
        {},
        27,
        0,
        {"seven_pairs": 24, "all_simples": 2, "one_voided_suit": 1},
    ),
    ("thirteen orphans", "GB", "19m19p19s1234567z1m", {}, 88, 0, {"thirteen_orphans": 88}),
    ("seven shifted pairs", "GB", "11m22m33m44m55m66m7m7m", {}, 88, 0, {"seven_shifted_pairs": 88}),
    (
        "big three dragons",
        "GB: excludes Dragon Pung",
        "555z666z777z123m9m9m",
        {},
        117,
        0,
        {
            "big_three_dragons": 88,
            "three_concealed_pungs": 16,
            "half_flush": 6,
            "outside_hand": 4,
            "concealed_hand": 2,
            "single_wait": 1,
        },
    ),
    (
        "little four winds",
        "GB",
        "111z222z333z4z123m4z",
        {"seat_wind": 1},
        97,
        0,
        {
            "little_four_winds": 64,
            "three_concealed_pungs": 16,
            "half_flush": 6,
            "outside_hand": 4,
            "prevalent_wind": 2,
            "seat_wind": 2,
            "concealed_hand": 2,
            "single_wait": 1,
        },
    ),
    (
        "all green, four concealed pungs",
        "GB: Four Concealed Pungs excludes All Pungs",
        "222s333s444s888s6z6z",
        {},
        177,
        0,
        {"all_green": 88, "four_concealed_pungs": 64, "pure_shifted_pungs": 24, "single_wait": 1},
    ),
    (
        "pure straight, concealed",
        "GB",
        "123m456m789m11z55p5p",
        {},
        19,
        0,
        {"pure_straight": 16, "concealed_hand": 2, "one_voided_suit": 1},
    ),
    (
        "pure straight, melded",
        "GB",
        "[123m] [456m] [789m] 11p22p2p",
        {},
        18,
        0,
        {"pure_straight": 16, "one_voided_suit": 1, "no_honors": 1},
    ),
    (
        "pure straight + dragon pung",
        "GB",
        "[555z:2] 123m456m789m1m1m",
        {},
        24,
        0,
        {"pure_straight": 16, "half_flush": 6, "dragon_pung": 2},
    ),
    (
        "pure straight self-drawn",
        "GB",
        "123m456m789m123p5s5s",
        {"tsumo": True},
        24,
        0,
        {
            "pure_straight": 16,
            "fully_concealed_hand": 4,
            "all_chows": 2,
            "mixed_double_chow": 1,
            "single_wait": 1,
        },
    ),
    (
        "melded hand",
        "GB: Melded Hand excludes Single Wait",
        "[123m:1] [456p:1] [789s:1] [222s:2] 5z5z",
        {},
        14,
        0,
        {"mixed_straight": 8, "melded_hand": 6},
    ),
    (
        "mixed shifted pungs",
        "GB",
        "111m222p333s456m9p9p",
        {},
        29,
        0,
        {
            "three_concealed_pungs": 16,
            "mixed_shifted_pungs": 8,
            "concealed_hand": 2,
            "pung_of_terminals_or_honors": 1,
            "no_honors": 1,
            "single_wait": 1,
        },
    ),
    (
        "pure shifted pungs",
        "GB",
        "123m123m123m456p9s9s",
        {},
        45,
        0,
        {
            "pure_shifted_pungs": 24,
            "three_concealed_pungs": 16,
            "concealed_hand": 2,
            "pung_of_terminals_or_honors": 1,
            "no_honors": 1,
            "single_wait": 1,
        },
    ),
    (
        "mixed shifted chows",
        "GB",
        "234m345p456s789s2m2m",
        {},
        11,
        0,
        {"mixed_shifted_chows": 6, "concealed_hand": 2, "all_chows": 2, "short_straight": 1},
    ),
    (
        "terminals and honours",
        "GB",
        "111m999m111p11z99p9p",
        {},
        55,
        0,
        {
            "all_terminals_and_honors": 32,
            "three_concealed_pungs": 16,
            "double_pung": 4,
            "concealed_hand": 2,
            "one_voided_suit": 1,
        },
    ),
    (
        "melded kong",
        "GB",
        "[1111m] 234p 567s 88s 99s9s",
        {},
        4,
        0,
        {"pung_of_terminals_or_honors": 2, "melded_kong": 1, "no_honors": 1},
    ),
    (
        "two concealed kongs, replacement tile",
        "GB",
        "(1111m) (9999p) 123s 555z 9s9s",
        {"tsumo": True, "kong": True},
        43,
        0,
        {
            "three_concealed_pungs": 16,
            "out_with_replacement_tile": 8,
            "two_concealed_kongs": 6,
            "outside_hand": 4,
            "fully_concealed_hand": 4,
            "dragon_pung": 2,
            "pung_of_terminals_or_honors": 2,
            "single_wait": 1,
        },
    ),
    (
        "robbing the kong",
        "GB",
        "13m456p789s555z11s 2m",
        {"kong": True},
        21,
        0,
        {
            "mixed_straight": 8,
            "robbing_the_kong": 8,
            "dragon_pung": 2,
            "concealed_hand": 2,
            "closed_wait": 1,
        },
    ),
    (
        "last tile draw",
        "GB",
        "123m456p789s555z1s1s",
        {"tsumo": True, "last_tile": True},
        23,
        0,
        {
            "mixed_straight": 8,
            "last_tile_draw": 8,
            "fully_concealed_hand": 4,
            "dragon_pung": 2,
            "single_wait": 1,
        },
    ),
    (
        "last tile claim",
        "GB",
        "123m456p789s555z1s1s",
        {"last_tile": True},
        21,
        0,
        {
            "mixed_straight": 8,
            "last_tile_claim": 8,
            "dragon_pung": 2,
            "concealed_hand": 2,
            "single_wait": 1,
        },
    ),
    (
        "fourth tile (Last Tile)",
        "GB",
        "13m456p789s555z11s 2m",
        {"fourth_tile": True},
        17,
        0,
        {
            "mixed_straight": 8,
            "last_tile": 4,
            "dragon_pung": 2,
            "concealed_hand": 2,
            "closed_wait": 1,
        },
    ),
    (
        "four flowers",
        "GB: each bonus tile 1",
        "123m456p789s11s55z5z 1234f",
        {},
        12,
        4,
        {"mixed_straight": 8, "dragon_pung": 2, "concealed_hand": 2, "flower_tiles": 4},
    ),
    (
        "greater honours and knitted tiles",
        "GB",
        "147m258p3s123456z7z",
        {},
        24,
        0,
        {"greater_honors_and_knitted_tiles": 24},
    ),
    (
        "knitted straight",
        "GB",
        "147m258p369s789m5p5p",
        {},
        17,
        0,
        {"knitted_straight": 12, "concealed_hand": 2, "all_chows": 2, "single_wait": 1},
    ),
    (
        "chicken hand",
        "GB: no other fan, 8",
        "[123m:1] [345p:1] [678s:1] 22s 55z 2s",
        {},
        8,
        0,
        {"chicken_hand": 8},
    ),
    (
        "all pungs, three concealed",
        "GB",
        "222m333p444s56s55s7s",
        {"tsumo": True},
        30,
        0,
        {
            "three_concealed_pungs": 16,
            "mixed_shifted_pungs": 8,
            "fully_concealed_hand": 4,
            "all_simples": 2,
        },
    ),
]


@pytest.mark.parametrize(
    ("name", "source", "notation", "situation", "fan", "bonus", "lines"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_known_mcr_hands(name, source, notation, situation, fan, bonus, lines):
    result = score_tiles("mcr", {"notation": notation}, situation, OPTIONS)
    assert {line.key: line.value for line in result.lines} == lines
    assert (result.fan, result.bonus) == (fan, bonus)
    assert result.reaches_minimum is (fan >= 8)


def test_there_are_thirty_known_hands_or_more():
    assert len(CASES) >= 30
    waits = {key for *_rest, lines in CASES for key in lines}
    assert {"single_wait", "edge_wait", "closed_wait"} <= waits


def test_flowers_never_lift_a_hand_over_eight():
    """Seed 003: 6 fan + 2 flowers is 8 in all, and still a false win."""
    result = score_tiles("mcr", {"notation": "123m456p678s234s9s9s 12f"}, {"tsumo": True}, OPTIONS)
    assert result.total == 8 and not result.reaches_minimum
    with pytest.raises(RuleError) as error:
        tile_payments(result, winner=0, discarder=None, options=OPTIONS)
    assert "false win" in error.value.message


def test_payments_are_the_green_book_ones():
    """docs/rules/hands.md, example 9 shape: by discard the discarder pays 8 + fan, the others 8."""
    result = score_tiles("mcr", {"notation": "123m456p789s555z1s1s"}, {"last_tile": True}, OPTIONS)
    assert result.total == 21
    assert tile_payments(result, winner=0, discarder=1, options=OPTIONS) == (45, -29, -8, -8)
    drawn = score_tiles(
        "mcr", {"notation": "123m456p789s555z1s1s"}, {"tsumo": True, "last_tile": True}, OPTIONS
    )
    state = state_for(3, Situation(seat_wind=3))
    assert tile_payments(drawn, winner=3, discarder=None, options=OPTIONS, state=state) == (
        -31,
        -31,
        -31,
        93,
    )
