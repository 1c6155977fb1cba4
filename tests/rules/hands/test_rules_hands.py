"""docs/rules/hands.md: score sheets, hand by hand. Worked examples 9-14 are computed here; the
rest checks the sheet's own state (dealer, counters, deposits, the end of the game) and the
input it refuses."""

import pytest

from rules import RuleError, get_ruleset
from rules.hands import hand_json, parse_hand, round_up

E, S, W, N = 0, 1, 2, 3
MCR = get_ruleset("mcr")
EMA = get_ruleset("riichi_ema")


def mcr_win(winner, fan, discarder=None, bonus=0):
    return {"kind": "win", "winner": winner, "fan": fan, "bonus": bonus, "discarder": discarder}


def ron(winner, discarder, han=0, fu=0, **extra):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu, **extra}


def tsumo(winner, han=0, fu=0, **extra):
    return {"kind": "win", "winner": winner, "discarder": None, "han": han, "fu": fu, **extra}


def draw(*tenpai, riichi=()):
    return {"kind": "draw", "tenpai": list(tenpai), "riichi": list(riichi)}


def payments(ruleset, hands, options=None):
    return ruleset.play_sheet(hands, options).lines[-1].payments


def refused(ruleset, hands, options=None) -> RuleError:
    with pytest.raises(RuleError) as error:
        ruleset.play_sheet(hands, options)
    return error.value


# Worked examples --------------------------------------------------------------------------


def test_example_9_mcr_by_discard():
    assert payments(MCR, [mcr_win(E, 12, discarder=S)]) == (36, -20, -8, -8)


def test_example_10_mcr_self_draw_and_the_minimum():
    assert payments(MCR, [mcr_win(N, 8)]) == (-16, -16, -16, 48)
    error = refused(MCR, [mcr_win(N, 7, bonus=1)])
    assert error.field == "win.fan"
    assert "at least 8 fan without bonus tiles" in error.message
    assert "7 + 1 bonus" in error.message


def test_mcr_bonus_tiles_count_in_the_payment():
    assert payments(MCR, [mcr_win(W, 8, discarder=E, bonus=2)]) == (-18, -8, 34, -8)


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "expected"),
    [(3, 30, False, 3900), (3, 30, True, 5800), (4, 30, False, 7700)],
)
def test_example_11_riichi_ron(han, fu, dealer, expected):
    winner = E if dealer else S
    discarder = W
    paid = payments(EMA, [ron(winner, discarder, han, fu)])
    assert paid[winner] == expected
    assert paid[discarder] == -expected
    assert sum(paid) == 0


@pytest.mark.parametrize(
    ("han", "fu", "expected"), [(2, 120, 7700), (1, 130, 4200), (2, 140, 8000)]
)
def test_more_than_110_fu_is_a_hand_the_tiles_can_give(han, fu, expected):
    """Concealed kongs of terminals or honours take a hand past 110 fu (found by the property
    test of hands read from their tiles): 2 han 120 fu is 120 x 2^4 = 1920 base, 7700 by ron;
    2 han 140 fu passes 2000 and is a mangan."""
    paid = payments(EMA, [ron(S, W, han, fu)])
    assert paid[S] == expected and paid[W] == -expected


def test_example_11_kiriage_option_rounds_up_to_mangan():
    assert payments(EMA, [ron(S, W, 4, 30)], {"kiriage": True})[S] == 8000
    assert payments(EMA, [ron(S, W, 3, 60)], {"kiriage": True})[S] == 8000


def test_example_12_riichi_tsumo():
    assert payments(EMA, [tsumo(S, 2, 30)]) == (-1000, 2000, -500, -500)


def test_example_13_counters_and_deposits():
    # Two draws give two counters; a riichi stick is left on the table by the first one.
    hands = [draw(E, riichi=[E]), draw(E), ron(S, W, 1, 30)]
    sheet = EMA.play_sheet(hands)
    line = sheet.lines[-1]
    assert line.before.counters == 2
    assert line.before.deposits == 1000
    assert line.payments == (0, 2600, -1600, 0)
    assert sheet.state.counters == 0 and sheet.state.deposits == 0


def test_example_14_draw_with_two_tenpai():
    assert payments(EMA, [draw(E, W)]) == (1500, -1500, 1500, -1500)


# Riichi payments and the sheet's state -----------------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        ((), (0, 0, 0, 0)),
        ((S,), (-1000, 3000, -1000, -1000)),
        ((E, S, W), (1000, 1000, 1000, -3000)),
        ((E, S, W, N), (0, 0, 0, 0)),
    ],
)
def test_draw_payments(tenpai, expected):
    assert payments(EMA, [draw(*tenpai)]) == expected


@pytest.mark.parametrize(
    ("hand", "base"),
    [
        (ron(S, W, 5), 2000),
        (ron(S, W, 4, 40), 2000),  # base 2560 is over 2000
        (ron(S, W, 6), 3000),
        (ron(S, W, 8), 4000),
        (ron(S, W, 11), 6000),
        (ron(S, W, 13), 6000),  # counted yakuman is off by default
        (ron(S, W, limit="yakuman"), 8000),
        (ron(S, W, limit="haneman"), 3000),
    ],
)
def test_limits(hand, base):
    assert payments(EMA, [hand])[S] == 4 * base


def test_counted_and_multiple_yakuman_options():
    assert payments(EMA, [ron(S, W, 13)], {"counted_yakuman": True})[S] == 32000
    double = ron(S, W, limit="yakuman", yakuman=2)
    assert refused(EMA, [double]).field == "win.yakuman"
    assert payments(EMA, [double], {"multiple_yakuman": True})[S] == 64000


def test_dealer_tsumo_and_counters():
    sheet = EMA.play_sheet([draw(E), draw(E), tsumo(E, 1, 30)])
    # Dealer 1 han 30 fu tsumo: 500 all, plus 100 per counter (2) from each.
    assert sheet.lines[-1].payments == (2100, -700, -700, -700)
    assert sheet.state.dealer == E and sheet.state.counters == 3


def test_dealer_passes_after_a_non_dealer_win_and_keeps_after_tenpai_draw():
    sheet = EMA.play_sheet([draw(E)])
    assert (sheet.state.dealer, sheet.state.counters) == (E, 1)
    sheet = EMA.play_sheet([draw(S)])
    assert (sheet.state.dealer, sheet.state.counters) == (S, 1)
    sheet = EMA.play_sheet([draw(S), ron(W, N, 1, 30)])
    assert (sheet.state.dealer, sheet.state.counters) == (W, 0)


def test_riichi_stick_is_paid_and_taken_by_the_winner():
    sheet = EMA.play_sheet([{**ron(S, W, 1, 30), "riichi": [S, N]}])
    assert sheet.lines[0].payments == (0, 2000, -1000, -1000)


def test_double_ron_counters_and_sticks_go_to_the_nearest_winner():
    hands = [
        draw(E, riichi=[E]),
        {
            "kind": "win",
            "discarder": W,
            "riichi": [],
            "wins": [
                {"winner": N, "han": 1, "fu": 30},
                {"winner": S, "han": 2, "fu": 30},
            ],
        },
    ]
    line = EMA.play_sheet(hands).lines[-1]
    # N is the first in turn after W: N takes the counter (300) and the stick (1000).
    assert line.payments == (0, 2000, -(1000 + 300 + 2000), 1000 + 300 + 1000)
    assert line.values == {N: 1000, S: 2000}


def test_head_bump_option_refuses_a_second_winner():
    hand = {
        "kind": "win",
        "discarder": W,
        "wins": [{"winner": N, "han": 1, "fu": 30}, {"winner": S, "han": 1, "fu": 30}],
    }
    error = refused(EMA, [hand], {"multiple_ron": "head_bump"})
    assert "seat 3" in error.message


def test_hanchan_ends_after_south_4_and_tonpuusen_after_east_4():
    non_dealer_wins = [ron((d + 1) % 4, (d + 2) % 4, 1, 30) for d in range(8)]
    assert not EMA.play_sheet(non_dealer_wins[:7]).state.finished
    sheet = EMA.play_sheet(non_dealer_wins)
    assert sheet.state.finished
    assert "game is over" in refused(EMA, [*non_dealer_wins, draw()]).message
    assert EMA.play_sheet(non_dealer_wins[:4], {"game_length": "tonpuusen"}).state.finished
    # South 4's dealer keeps the deal when tenpai: the game goes on.
    assert not EMA.play_sheet([*non_dealer_wins[:7], draw(E, S, W, N)]).state.finished


def test_leftover_sticks_go_to_first_place_or_leave_the_game():
    hands = [draw(S, riichi=[S])]
    sheet = EMA.play_sheet(hands)
    assert sheet.totals == (29000, 32000, 29000, 29000)
    assert sheet.final == (29000, 33000, 29000, 29000)
    assert sum(sheet.final) == 120000
    lost = EMA.play_sheet(hands, {"leftover_deposits": "lost"})
    assert lost.final == lost.totals
    EMA.validate_table_result(dict(enumerate(lost.final)), {"leftover_deposits": "lost"})
    with pytest.raises(RuleError):
        EMA.validate_table_result(dict(enumerate(lost.final)))


def test_tied_first_places_share_the_leftover_sticks():
    sheet = EMA.play_sheet([draw(E, S, riichi=[E, S])])
    assert sheet.totals[E] == sheet.totals[S] == 30500
    assert sheet.final[E] == sheet.final[S] == 31500


def test_a_redeal_pays_nothing_and_keeps_dealer_and_counters():
    sheet = EMA.play_sheet([draw(), {"kind": "aborted"}])
    assert sheet.lines[-1].payments == (0, 0, 0, 0)
    assert (sheet.state.dealer, sheet.state.counters, sheet.state.hands) == (S, 1, 1)


def test_round_up():
    assert [round_up(x) for x in (0, 1, 100, 101, 3840)] == [0, 100, 100, 200, 3900]


# MCR state ---------------------------------------------------------------------------------


def test_mcr_deal_passes_every_hand_and_the_game_has_16():
    hands = [{"kind": "draw"}] * 16
    sheet = MCR.play_sheet(hands)
    assert sheet.state.finished and sheet.state.hands == 16
    assert MCR.play_sheet(hands[:5]).state.dealer == S
    assert MCR.play_sheet(hands[:5]).state.wind == 1
    assert refused(MCR, [*hands, {"kind": "draw"}]).field == "hand"
    assert MCR.play_sheet(hands[:8], {"game_length": 8}).state.finished


# Points rulesets ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["wsom", "classical", "french"])
def test_points_hands_sum_to_zero(key):
    ruleset = get_ruleset(key)
    sheet = ruleset.play_sheet([{"kind": "points", "points": [300, -100, -100, -100]}])
    assert sheet.final == (300, -100, -100, -100)
    error = refused(ruleset, [{"kind": "points", "points": [300, -100, -100, -99]}])
    assert error.field == "points"
    assert "+1" in error.message
    assert refused(ruleset, [mcr_win(E, 8)]).field == "kind"


def test_points_game_length_option():
    classical = get_ruleset("classical")
    hand = {"kind": "points", "points": [2, -2, 0, 0]}
    assert not classical.play_sheet([hand] * 40).state.finished
    assert classical.play_sheet([hand] * 4, {"game_length": 4}).state.finished


def test_adjustment_moves_points_without_being_a_hand():
    adjustment = {"kind": "adjustment", "points": [-8000, 8000, 0, 0]}
    sheet = EMA.play_sheet([adjustment])
    assert sheet.totals == (22000, 38000, 30000, 30000)
    assert sheet.state.hands == 0 and sheet.state.dealer == E
    assert MCR.play_sheet([{"kind": "adjustment", "points": [5, -5, 0, 0]}]).totals == (
        5,
        -5,
        0,
        0,
    )


# Bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "hand", "field", "words"),
    [
        (MCR, mcr_win(E, 7), "win.fan", "at least 8"),
        (MCR, mcr_win(E, 8, discarder=E), "discarder", "cannot also be the discarder"),
        (MCR, {**mcr_win(E, 8), "han": 2}, "win", "fan"),
        (MCR, mcr_win(E, 8, bonus=9), "win.bonus", "8 bonus tiles"),
        (EMA, ron(S, W, 0, 30), "win.han", "at least 1 han"),
        (EMA, ron(S, W, 2, 35), "win.fu", "not 35"),
        (EMA, ron(S, W, 2, 20), "win.fu", "self-drawn"),
        (EMA, tsumo(S, 1, 25), "win.han", "at least 2 han"),
        (EMA, ron(S, W, 3), "win.fu", "needs its fu"),
        (EMA, ron(S, S, 3, 30), "discarder", "cannot also be the discarder"),
        (EMA, ron(S, W, 2, 30, limit="mangan"), "win.limit", "not both"),
        (EMA, ron(S, W, limit="double"), "win.limit", "must be one of"),
        (EMA, draw(E, riichi=[S]), "tenpai", "chombo"),
        (EMA, {"kind": "aborted", "riichi": [S]}, "riichi", "returns"),
        (
            EMA,
            {
                "kind": "win",
                "discarder": None,
                "wins": [{"winner": S, "han": 1, "fu": 30}, {"winner": N, "han": 1, "fu": 30}],
            },
            "wins",
            "several winners",
        ),
        (EMA, {"kind": "points", "points": [1, -1, 0, 0]}, "kind", "not scored"),
        (EMA, {"kind": "win", "winner": 4, "discarder": 0}, "win.winner", "seat"),
        (EMA, {"kind": "win", "winner": S, "discarder": W, "han": "3"}, "win.han", "whole"),
        (EMA, {"kind": "bust"}, "kind", "must be one of"),
        (EMA, {"kind": "adjustment", "points": [1, 0, 0, 0]}, "points", "+1"),
        (EMA, draw(E, E), "tenpai", "twice"),
    ],
)
def test_bad_hands_are_refused_with_a_message(ruleset, hand, field, words):
    error = refused(ruleset, [draw(), hand])
    assert error.field == field
    assert words in error.message
    assert error.message.startswith("hand 2: ")


def test_hand_json_round_trips():
    for data in (
        mcr_win(E, 12, discarder=S, bonus=1),
        {
            "kind": "win",
            "discarder": W,
            "riichi": [N],
            "wins": [
                {"winner": N, "han": 1, "fu": 30},
                {"winner": S, "limit": "yakuman", "yakuman": 2},
            ],
        },
        draw(E, S, riichi=[E]),
        {"kind": "aborted"},
        {"kind": "points", "points": [3, -1, -1, -1]},
    ):
        hand = parse_hand(data)
        assert parse_hand(hand_json(hand)) == hand


def test_a_sheet_never_makes_or_loses_points():
    hands = [
        draw(E, riichi=[E]),
        {**ron(N, S, 2, 40), "riichi": [N, W]},
        tsumo(W, 3, 40),
        draw(S, W, riichi=[S, W]),
        ron(E, S, limit="mangan"),
    ]
    sheet = EMA.play_sheet(hands)
    after = [line.before for line in sheet.lines[1:]] + [sheet.state]
    for line, state in zip(sheet.lines, after, strict=True):
        assert sum(line.totals) + state.deposits == 120000
    assert sum(sheet.final) == 120000
