"""The riichi sheet options the online platforms need (docs/rules/hands.md#platforms):
abortive draws, nagashi mangan, liability (pao), the bust end, the goal points with their
extension round, the dealer's stop in the last hand, and at most two winners on a discard."""

import pytest

from rules import RuleError, get_ruleset
from rules.onlinelogs import MAJSOUL, TENHOU, preset_options

RIICHI = get_ruleset("riichi_ema")


def play(hands, **options):
    return RIICHI.play_sheet(hands, {"start_points": 25000} | options)


def win(winner, discarder=None, **value):
    return {"kind": "win", "wins": [{"winner": winner, **value}], "discarder": discarder}


def test_an_abortive_draw_keeps_the_sticks_and_the_dealer_and_adds_a_counter():
    hand = {"kind": "draw", "abortive": "four_riichi", "riichi": [0, 1, 2, 3]}
    sheet = play([hand], abortive_draws=True)
    assert sheet.lines[0].payments == (-1000, -1000, -1000, -1000)
    assert (sheet.state.dealer, sheet.state.counters, sheet.state.deposits) == (0, 1, 4000)
    with pytest.raises(RuleError, match="plays no abortive draws"):
        play([hand])
    with pytest.raises(RuleError, match="leave tenpai"):
        play([hand | {"tenpai": [0]}], abortive_draws=True)


def test_a_nagashi_mangan_is_paid_like_a_mangan_tsumo_without_counters_or_sticks():
    draw = {"kind": "draw", "tenpai": [0, 1], "riichi": [0]}
    nagashi = {"kind": "draw", "nagashi": [3], "tenpai": [0]}
    sheet = play([draw, nagashi], nagashi_mangan=True)
    assert sheet.lines[1].payments == (-4000, -2000, -2000, 8000)
    # The dealer (tenpai) keeps the deal; the stick stays; another counter.
    assert (sheet.state.dealer, sheet.state.counters, sheet.state.deposits) == (0, 2, 1000)
    dealer_nagashi = play([{"kind": "draw", "nagashi": [0]}], nagashi_mangan=True)
    assert dealer_nagashi.lines[0].payments == (12000, -4000, -4000, -4000)
    assert dealer_nagashi.state.dealer == 1  # not tenpai: the deal passes
    with pytest.raises(RuleError, match="no nagashi mangan"):
        play([nagashi])


def test_liability_whole_the_liable_player_pays_a_tsumo_and_half_a_ron_with_the_counters():
    counter = {"kind": "draw", "tenpai": [0]}
    tsumo = win(2, limit="yakuman", pao=3)
    sheet = play([counter, tsumo], liability="whole")
    assert sheet.lines[1].payments == (0, 0, 32300, -32300)
    ron = win(1, 2, limit="yakuman", pao=3)
    sheet = play([counter, ron], liability="whole")
    assert sheet.lines[1].payments == (0, 32300, -16000, -16300)
    # The liable player who deals in pays it all.
    assert play([win(1, 3, limit="yakuman", pao=3)], liability="whole").lines[0].payments == (
        0,
        32000,
        0,
        -32000,
    )
    with pytest.raises(RuleError, match="no liability payments"):
        play([tsumo])
    with pytest.raises(RuleError, match="only for a yakuman"):
        play([win(2, han=6, pao=3)], liability="whole")


def test_liability_yakuman_covers_the_liable_yakuman_only():
    double = win(2, 1, limit="yakuman", yakuman=2, pao=3, pao_yakuman=1)
    sheet = play([double], liability="yakuman", multiple_yakuman=True)
    # 64000: the discarder pays 32000 + half of 32000, the liable player the other half.
    assert sheet.lines[0].payments == (0, -48000, 64000, -16000)
    whole = play([double], liability="whole", multiple_yakuman=True)
    assert whole.lines[0].payments == (0, -32000, 64000, -32000)
    tsumo = win(2, limit="yakuman", yakuman=2, pao=3, pao_yakuman=1)
    sheet = play([tsumo], liability="yakuman", multiple_yakuman=True)
    # The free yakuman as a normal tsumo (dealer 16000, others 8000), the liable one 32000.
    assert sheet.lines[0].payments == (-16000, -8000, 64000, -40000)


def test_at_most_two_winners_then_a_triple_ron_is_an_abortive_draw():
    triple = {
        "kind": "win",
        "wins": [{"winner": w, "han": 1, "fu": 30} for w in (1, 2, 3)],
        "discarder": 0,
    }
    assert play([triple]).lines[0].payments == (-3000, 1000, 1000, 1000)
    with pytest.raises(RuleError, match="abortive draw"):
        play([triple], multiple_ron="two")
    abortive = {"kind": "draw", "abortive": "triple_ron"}
    assert play([abortive], multiple_ron="two", abortive_draws=True).state.counters == 1
    with pytest.raises(RuleError, match="paid to its three winners"):
        play([abortive], abortive_draws=True)


def test_the_game_ends_below_zero_with_bust_end():
    hands = [win(1, 0, limit="yakuman")]
    assert play(hands, bust_end=True).state.finished
    assert not play(hands).state.finished


def non_dealer_wins(count):
    """``count`` hands, each won by the player after the dealer off the dealer's discard."""
    return [win((n + 1) % 4, n % 4, han=1, fu=30) for n in range(count)]


def test_goal_points_play_on_into_the_next_round_until_somebody_has_them():
    # Eight small wins around the table: nobody reaches 30000 after South 4.
    eight = non_dealer_wins(8)
    assert play(eight).state.finished
    sheet = play(eight, goal_points=30000)
    assert not sheet.state.finished and sheet.state.wind == 2
    # West round: at most to its end.
    assert play(non_dealer_wins(12), goal_points=30000).state.finished
    with pytest.raises(RuleError, match="the game is over"):
        play(non_dealer_wins(13), goal_points=30000)
    # Somebody past the goal after South 4 ends it.
    big = [*non_dealer_wins(7), win(0, 3, limit="mangan")]
    assert play(big, goal_points=30000).state.finished


def test_the_dealer_first_in_the_last_hand_stops_on_a_win_and_optionally_on_tenpai():
    # Seat 3 wins big in East 1, then the deal goes round to South 4, seat 3's deal.
    seven = [win(3, 0, limit="haneman"), *non_dealer_wins(7)[1:]]
    dealer_win = win(3, 0, han=1, fu=30)
    assert not play([*seven, dealer_win]).state.finished
    assert play([*seven, dealer_win], dealer_stop="win").state.finished
    tenpai = {"kind": "draw", "tenpai": [3]}
    assert not play([*seven, tenpai], dealer_stop="win").state.finished
    assert play([*seven, tenpai], dealer_stop="win_or_tenpai").state.finished
    # With goal points the dealer needs them too; a dealer not placed first plays on.
    assert not play([*seven, dealer_win], dealer_stop="win", goal_points=60000).state.finished
    other_first = [win(1, 0, limit="mangan"), *non_dealer_wins(7)[1:], dealer_win]
    assert not play(other_first, dealer_stop="win").state.finished


def test_presets_are_valid_option_sets():
    for key in (TENHOU, MAJSOUL):
        for length in ("hanchan", "tonpuusen"):
            options = RIICHI.options(preset_options(key, length))
            assert options["start_points"] == 25000 and options["game_length"] == length


def test_mcr_and_point_rules_refuse_the_riichi_extras():
    with pytest.raises(RuleError, match="belong to the riichi rules"):
        get_ruleset("mcr").play_sheet([{"kind": "draw", "abortive": "four_winds"}])
    with pytest.raises(RuleError, match="belong to the riichi rules"):
        get_ruleset("wsom").play_sheet([{"kind": "draw", "nagashi": [1]}])
