"""Riichi hands with known values, read from their tiles (issue 36).

Each value was counted by hand from the EMA Riichi Competition Rules 2016 (yaku, fu, limits;
docs/rules/hands.md for the payment) before it was checked against the library; the payment
column is what the winner takes from a table with no counters and no sticks. Source: RCR =
counted by hand under RCR 2016; docs/rules/hands.md, example N, where the case is one of its
worked examples.
Seats: the prevailing wind is East and the dealer is seat 0, so a winner's seat is its wind.
"""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.hands.model import SheetState
from rules.tiles import parse_situation, score_tiles, state_for, tile_payments

PINFU = "234m567p678s99p34s5s"  # 34s waits on 2s or 5s (open wait)
RIICHI_TSUMO = {"seat_wind": 1, "riichi": "riichi", "tsumo": True}

# (name, source, notation, situation, options, han, fu, limit/yakuman, lines, winner's gain)
CASES = [
    (
        "riichi tsumo pinfu",
        "RCR: pinfu tsumo 20 fu",
        PINFU,
        RIICHI_TSUMO,
        {},
        3,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "pinfu": 1},
        2700,
    ),
    (
        "riichi ippatsu tsumo",
        "RCR",
        PINFU,
        RIICHI_TSUMO | {"ippatsu": True},
        {},
        4,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "ippatsu": 1, "pinfu": 1},
        5200,
    ),
    (
        "riichi ippatsu tsumo + ura dora 2",
        "RCR",
        PINFU,
        RIICHI_TSUMO | {"ippatsu": True, "dora": "3p", "ura": "8p"},
        {},
        6,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "ippatsu": 1, "pinfu": 1, "ura_dora": 2},
        12000,
    ),
    (
        "dealer riichi ron",
        "RCR",
        PINFU,
        {"seat_wind": 0, "riichi": "riichi"},
        {},
        2,
        30,
        "",
        {"riichi": 1, "pinfu": 1},
        2900,
    ),
    (
        "pinfu ron only",
        "RCR: closed ron 30 fu",
        PINFU,
        {"seat_wind": 1},
        {},
        1,
        30,
        "",
        {"pinfu": 1},
        1000,
    ),
    (
        "pinfu tanyao ron",
        "RCR",
        "234m567p678s88p34s5s",
        {"seat_wind": 1},
        {},
        2,
        30,
        "",
        {"pinfu": 1, "tanyao": 1},
        2000,
    ),
    (
        "open tanyao ron",
        "RCR: open tanyao allowed",
        "[234m] 567p678s88p34s5s",
        {"seat_wind": 1},
        {},
        1,
        30,
        "",
        {"tanyao": 1},
        1000,
    ),
    (
        "open tanyao tsumo",
        "RCR: open hand, tsumo 2 fu -> 30",
        "[234m] 567p678s88p34s5s",
        {"seat_wind": 1, "tsumo": True},
        {},
        1,
        30,
        "",
        {"tanyao": 1},
        1100,
    ),
    (
        "closed wait",
        "RCR: kanchan 2 fu -> 40",
        "234m567p678s88p35s4s",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        2,
        40,
        "",
        {"riichi": 1, "tanyao": 1},
        2600,
    ),
    (
        "edge wait",
        "RCR: penchan 2 fu -> 40",
        "234m567p678s88p12s3s",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        1,
        40,
        "",
        {"riichi": 1},
        1300,
    ),
    (
        "double-pair wait",
        "RCR: open pung of simples 2 fu",
        "234m567p88p55s678s5s",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        2,
        40,
        "",
        {"riichi": 1, "tanyao": 1},
        2600,
    ),
    (
        "dora 1",
        "RCR; indicator 3s makes 4s dora",
        "234m567p678s88p35s4s",
        {"seat_wind": 1, "riichi": "riichi", "dora": "3s"},
        {},
        3,
        40,
        "",
        {"riichi": 1, "tanyao": 1, "dora": 1},
        5200,
    ),
    (
        "seven pairs",
        "RCR: chiitoitsu 25 fu",
        "11m22m33p44p55s66s7z7z",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        3,
        25,
        "",
        {"riichi": 1, "chiitoitsu": 2},
        3200,
    ),
    (
        "iipeikou, single wait",
        "RCR",
        "123m123m456p789p55s",
        {"seat_wind": 2, "riichi": "riichi"},
        {},
        2,
        40,
        "",
        {"riichi": 1, "iipeiko": 1},
        2600,
    ),
    (
        "half flush + white dragon",
        "RCR; docs/rules/hands.md, example 11 (3 han 30 fu: 3900)",
        "[555z] 234m567m88m 34m 5m",
        {"seat_wind": 1},
        {},
        3,
        30,
        "",
        {"haku": 1, "honitsu": 2},
        3900,
    ),
    (
        "half flush + 3 dora",
        "RCR: haneman",
        "[555z] 234m567m88m 34m 5m",
        {"seat_wind": 1, "dora": "7z"},
        {},
        6,
        30,
        "",
        {"haku": 1, "honitsu": 2, "dora": 3},
        12000,
    ),
    (
        "double riichi + pure straight",
        "RCR: mangan",
        "123m456m789m234p5p5p",
        {"seat_wind": 1, "riichi": "double"},
        {},
        4,
        40,
        "",
        {"double_riichi": 2, "ittsu": 2},
        8000,
    ),
    (
        "riichi pinfu + dora 1",
        "RCR; indicator 4s makes 5s dora",
        PINFU,
        {"seat_wind": 1, "riichi": "riichi", "dora": "4s"},
        {},
        3,
        30,
        "",
        {"riichi": 1, "pinfu": 1, "dora": 1},
        3900,
    ),
    (
        "toitoi sanankou",
        "RCR: haneman",
        "222m333m444m55s66s 6s",
        {"seat_wind": 3, "riichi": "riichi"},
        {},
        6,
        50,
        "",
        {"riichi": 1, "tanyao": 1, "toitoi": 2, "sanankou": 2},
        12000,
    ),
    (
        "haitei",
        "RCR",
        PINFU,
        RIICHI_TSUMO | {"last_tile": True},
        {},
        4,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "haitei": 1, "pinfu": 1},
        5200,
    ),
    (
        "rinshan kaihou",
        "RCR",
        "[2222m] 567p678s99p34s 5s",
        {"seat_wind": 1, "tsumo": True, "kong": True},
        {},
        1,
        30,
        "",
        {"rinshan": 1},
        1100,
    ),
    (
        "chankan",
        "RCR",
        PINFU,
        {"seat_wind": 1, "kong": True},
        {},
        2,
        30,
        "",
        {"chankan": 1, "pinfu": 1},
        2000,
    ),
    (
        "sanshoku",
        "RCR: mangan",
        "456m456p456s 23s 88m 4s",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        5,
        30,
        "",
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "sanshoku": 2},
        8000,
    ),
    (
        "concealed kong",
        "RCR: closed kong of simples 16 fu -> 50",
        "(7777s) 234m 567m 11p 22p 2p",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        1,
        50,
        "",
        {"riichi": 1},
        1600,
    ),
    (
        "junchan",
        "RCR: mangan",
        "123789m123789p11s",
        {"seat_wind": 1, "riichi": "riichi"},
        {},
        4,
        40,
        "",
        {"riichi": 1, "junchan": 3},
        8000,
    ),
    (
        "chinitsu ryanpeikou",
        "RCR: sanbaiman",
        "22334455667788p",
        {"seat_wind": 1},
        {},
        11,
        30,
        "",
        {"pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6},
        24000,
    ),
    (
        "13 han, counted yakuman off",
        "RCR: 13 han is sanbaiman",
        "22334455667788p",
        RIICHI_TSUMO,
        {"counted_yakuman": False},
        13,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6},
        24000,
    ),
    (
        "13 han, counted yakuman on",
        "RCR option: 13 han is a yakuman",
        "22334455667788p",
        RIICHI_TSUMO,
        {"counted_yakuman": True},
        13,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6},
        32000,
    ),
    (
        "red five",
        "RCR option: a red five is dora",
        "234m067p678s99p34s5s",
        RIICHI_TSUMO,
        {"red_fives": True},
        4,
        20,
        "",
        {"tsumo": 1, "riichi": 1, "pinfu": 1, "aka_dora": 1},
        5200,
    ),
    (
        "little four winds (dealer)",
        "RCR: yakuman",
        "111z 222z 333z 44z 99m 9m",
        {"seat_wind": 0},
        {},
        13,
        60,
        "yakuman1",
        {"shousuushii": 1},
        48000,
    ),
    (
        "thirteen orphans, 13-sided",
        "RCR: yakuman",
        "19m19p19s1234567z 1m",
        {"seat_wind": 1},
        {},
        13,
        0,
        "yakuman1",
        {"kokushi_13": 1},
        32000,
    ),
    (
        "thirteen orphans, 13-sided, double yakuman on",
        "RCR option",
        "19m19p19s1234567z 1m",
        {"seat_wind": 1},
        {"multiple_yakuman": True},
        26,
        0,
        "yakuman2",
        {"kokushi_13": 2},
        64000,
    ),
    (
        "big three dragons",
        "RCR: yakuman",
        "555z666z777z23m99p 1m",
        {"seat_wind": 2},
        {},
        13,
        60,
        "yakuman1",
        {"daisangen": 1},
        32000,
    ),
    (
        "four concealed pungs + big three dragons, multiple off",
        "RCR: one yakuman",
        "555z666z777z22m99p 9p",
        {"seat_wind": 2, "tsumo": True},
        {},
        26,
        60,
        "yakuman1",
        {"suuankou": 1, "daisangen": 1},
        32000,
    ),
    (
        "four concealed pungs + big three dragons, multiple on",
        "RCR option: they add up",
        "555z666z777z22m99p 9p",
        {"seat_wind": 2, "tsumo": True},
        {"multiple_yakuman": True},
        26,
        60,
        "yakuman2",
        {"suuankou": 1, "daisangen": 1},
        64000,
    ),
    (
        "four concealed pungs, single wait",
        "RCR",
        "222m333m444m666s5s 5s",
        {"seat_wind": 3, "tsumo": True},
        {},
        13,
        40,
        "yakuman1",
        {"suuankou_tanki": 1},
        32000,
    ),
    (
        "nine gates",
        "RCR: yakuman",
        "11123455678999m",
        RIICHI_TSUMO,
        {},
        13,
        40,
        "yakuman1",
        {"chuuren": 1},
        32000,
    ),
]


@pytest.mark.parametrize(
    ("name", "source", "notation", "situation", "options", "han", "fu", "limit", "lines", "gain"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_known_riichi_hands(
    name, source, notation, situation, options, han, fu, limit, lines, gain
):
    result = score_tiles("riichi", {"notation": notation}, situation, options)
    assert {line.key: line.value for line in result.lines} == lines
    assert result.han == han
    if limit:
        assert f"{result.limit}{result.yakuman}" == limit
    else:
        assert (result.fu, result.limit) == (fu, "")
    how = parse_situation(situation)
    winner = how.seat_wind
    discarder = None if how.tsumo else (winner + 2) % 4
    payments = tile_payments(
        result, winner=winner, discarder=discarder, options=options, state=state_for(winner, how)
    )
    assert payments[winner] == gain
    assert sum(payments) == 0


def test_there_are_thirty_known_hands_or_more():
    assert len(CASES) >= 30


def test_kiriage_rounds_four_han_thirty_fu_up_to_mangan():
    """docs/rules/hands.md, example 11: 4 han 30 fu is 7700 without kiriage, 8000 with it."""
    situation = {"seat_wind": 1, "riichi": "riichi", "dora": "4s"}
    hand = {"notation": "234m567p678s88p34s5s"}
    for options, gain in (({}, 7700), ({"kiriage": True}, 8000)):
        result = score_tiles("riichi", hand, situation, options)
        assert (result.han, result.fu) == (4, 30)
        payments = tile_payments(
            result, winner=1, discarder=2, options=options, state=SheetState(passes=0)
        )
        assert payments[1] == gain


def test_counters_and_deposits_are_the_sheets():
    """docs/rules/hands.md, example 13, from tiles: 1 han 30 fu ron with two counters and one
    stick."""
    result = score_tiles("riichi", {"notation": PINFU}, {"seat_wind": 1}, {})
    assert (result.han, result.fu) == (1, 30)
    state = SheetState(counters=2, deposits=1000)
    assert tile_payments(result, winner=1, discarder=2, options={}, state=state) == (
        0,
        2600,
        -1600,
        0,
    )


def test_open_tanyao_off_leaves_no_yaku():
    with pytest.raises(RuleError) as error:
        score_tiles(
            "riichi",
            {"notation": "[234m] 567p678s88p34s5s"},
            {"seat_wind": 1},
            {"open_tanyao": False},
        )
    assert "no yaku" in error.value.message


@pytest.mark.parametrize(
    ("notation", "situation", "lines"),
    [
        # Issue 43, item 32: four kongs, one of them the four plain fives of pins.
        ("44p [1111s] [3333s] [5555p] [2222m]", {"seat_wind": 1}, {"suukantsu": 1}),
        # Four plain fives of pins in the concealed hand, no kong.
        ("345p555p789m234s1z 1z", RIICHI_TSUMO, {"tsumo": 1, "riichi": 1}),
    ],
)
def test_all_four_plain_fives_of_a_suit_without_red_fives(notation, situation, lines):
    result = score_tiles("riichi", {"notation": notation}, situation, {"red_fives": False})
    assert {line.key: line.value for line in result.lines} == lines


def test_with_red_fives_a_suit_has_three_plain_fives():
    with pytest.raises(RuleError) as error:
        score_tiles(
            "riichi", {"notation": "345p555p789m234s1z 1z"}, RIICHI_TSUMO, {"red_fives": True}
        )
    assert error.value.field == "tiles" and "three plain fives" in error.value.message
    red = score_tiles(
        "riichi", {"notation": "345p055p789m234s1z 1z"}, RIICHI_TSUMO, {"red_fives": True}
    )
    assert {line.key: line.value for line in red.lines} == {"tsumo": 1, "riichi": 1, "aka_dora": 1}
