"""Player statistics from played sheets (docs/rules/statistics.md), figure by figure on small
sheets counted by hand, and the event's awards with their ties."""

from fractions import Fraction

import pytest

from rules import get_ruleset
from rules.hands import Win
from rules.statistics import (
    BEST_HAND,
    FEWEST_DEAL_INS,
    MOST_WINS,
    Game,
    PlayerStats,
    awards,
    decimal,
    percent,
    player_stats,
    scores,
    tile_keys,
)

E, S, W, N = 0, 1, 2, 3
EMA = get_ruleset("riichi_ema")
MCR = get_ruleset("mcr")
CLASSICAL = get_ruleset("classical")


def ron(winner, discarder, han=0, fu=0, **extra):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu, **extra}


def tsumo(winner, han=0, fu=0, **extra):
    return {"kind": "win", "winner": winner, "discarder": None, "han": han, "fu": fu, **extra}


def tiles(*keys):
    return {"notation": "x", "result": {"family": "riichi", "lines": [{"key": k} for k in keys]}}


# A riichi game counted by hand, South's point of view:
#  1 East deals. South (riichi) wins 3 han 30 fu on West's discard: 3900, by its tiles.
#  2 South deals. Exhaustive draw, South and West tenpai: South keeps the deal.
#  3 South deals, 1 counter. South self-draws 2 han 30 fu (dealer): 1000 all = 3000.
#  4 South deals, 2 counters. East wins 1 han 30 fu on South's discard: the deal passes.
#  5 West deals. A re-dealt hand (a chombo): West keeps the deal.
#  6 West deals. A referee's adjustment: not a hand.
#  7 West deals. North and East both win on South's discard (one deal-in), mangan and 2 han.
RIICHI_HANDS = [
    ron(S, W, 3, 30, riichi=[S], tiles=tiles("riichi", "pinfu", "dora")),
    {"kind": "draw", "tenpai": [S, W]},
    tsumo(S, 2, 30, tiles=tiles("menzen_tsumo", "dora")),
    ron(E, S, 1, 30),
    {"kind": "aborted"},
    {"kind": "adjustment", "points": [1000, -1000, 0, 0]},
    {
        "kind": "win",
        "discarder": S,
        "wins": [{"winner": N, "limit": "mangan"}, {"winner": E, "han": 2, "fu": 30}],
    },
]


def riichi_game(seat=S, label="A"):
    sheet = EMA.play_sheet(RIICHI_HANDS)
    return Game(seat, sheet, tuple(RIICHI_HANDS), label)


def test_a_riichi_players_figures_counted_by_hand():
    stats = player_stats("riichi", [riichi_game()], chombo=1)
    assert (stats.games, stats.hands) == (1, 6)
    assert (stats.wins, stats.self_drawn, stats.deal_ins, stats.riichi) == (2, 1, 2, 1)
    assert (stats.dealt, stats.dealt_again) == (3, 2)
    assert (stats.draws, stats.tenpai_draws, stats.chombo) == (1, 1, 1)
    assert stats.won == 3900 + 3000
    assert stats.win_rate == Fraction(2, 6)
    assert stats.deal_in_rate == Fraction(2, 6)
    assert stats.riichi_rate == Fraction(1, 6)
    assert stats.tsumo_share == Fraction(1, 2)
    assert stats.average_win == Fraction(6900, 2)
    assert stats.dealer_retention == Fraction(2, 3)
    assert stats.tenpai_share == 1
    best = stats.best
    assert (best.size, best.points, best.label, best.number) == (3900, 3900, "A", 1)
    assert best.win == Win(winner=S, han=3, fu=30) and not best.self_drawn
    assert best.yaku == ("riichi", "pinfu", "dora")
    assert stats.tiled_wins == 2
    assert stats.yaku == (("dora", 2), ("menzen_tsumo", 1), ("pinfu", 1), ("riichi", 1))


def test_the_other_seats_of_the_same_game():
    east = player_stats("riichi", [riichi_game(E)])
    # East won hand 4 (1000, no tiles) and hand 7 (2 han 30 fu ron: 2000); dealt hand 1 only.
    assert (east.hands, east.wins, east.deal_ins, east.dealt, east.dealt_again) == (6, 2, 0, 1, 0)
    assert east.won == 1000 + 2000 and east.tiled_wins == 0 and east.yaku == ()
    assert east.best.points == 2000 and east.best.number == 7
    west = player_stats("riichi", [riichi_game(W)])
    # West dealt 5 (re-dealt: the deal stays), 7 (a non-dealer won: it passes).
    assert (west.dealt, west.dealt_again, west.deal_ins, west.wins) == (2, 1, 1, 0)
    assert west.average_win is None and west.tsumo_share is None and west.best is None
    north = player_stats("riichi", [riichi_game(N)])
    assert north.wins == 1 and north.won == 8000 and north.best.win.limit == "mangan"
    assert (north.draws, north.tenpai_draws, north.tenpai_share) == (1, 0, 0)


def test_games_of_several_events_add_up():
    one = player_stats("riichi", [riichi_game(label="A")])
    two = player_stats("riichi", [riichi_game(label="A"), riichi_game(label="B")], chombo=2)
    assert (two.games, two.hands, two.wins, two.won) == (2, 2 * one.hands, 4, 2 * one.won)
    assert two.win_rate == one.win_rate and two.chombo == 2
    # Equal wins: the first one stays the best.
    assert two.best.label == "A"
    assert dict(two.yaku)["dora"] == 4


def test_no_games_no_figures():
    stats = player_stats("riichi", [])
    assert stats == PlayerStats("riichi")
    assert stats.win_rate is None and stats.dealer_retention is None and stats.best is None


def mcr_win(winner, fan, discarder=None, bonus=0, **extra):
    data = {"kind": "win", "winner": winner, "fan": fan, "bonus": bonus, "discarder": discarder}
    return data | extra


def test_an_mcr_players_subset_best_hand_by_fan():
    hands = [
        mcr_win(E, 12, discarder=S),  # E receives 20 + 8 + 8 = 36
        mcr_win(E, 8, bonus=4),  # self-drawn 12 fan: 3 x 20 = 60
        {"kind": "draw"},
        mcr_win(S, 12, discarder=E, tiles={"result": {"lines": [{"key": "all_types"}]}}),
    ]
    game = Game(E, MCR.play_sheet(hands), tuple(hands), ("r1", "t1"))
    east = player_stats("mcr", [game])
    assert (east.hands, east.wins, east.self_drawn, east.deal_ins) == (4, 2, 1, 1)
    assert east.fan == 24 and east.fan_average == 12 and east.won == 96
    # Two wins of 12 fan: the first is the best hand.
    assert east.best.size == 12 and east.best.number == 1 and east.best.points == 36
    south = player_stats("mcr", [Game(S, game.sheet, game.hands)])
    assert south.yaku == (("all_types", 1),) and south.best.yaku == ("all_types",)


def test_points_hands_count_hands_only():
    hands = [{"kind": "points", "points": [30, -10, -10, -10]}, {"kind": "draw"}]
    stats = player_stats("points", [Game(E, CLASSICAL.play_sheet(hands), tuple(hands))])
    assert (stats.hands, stats.wins, stats.deal_ins, stats.best) == (2, 0, 0, None)
    assert awards({"a": stats}) == ()


def test_scores_through_a_game():
    sheet = EMA.play_sheet(RIICHI_HANDS[:2])
    assert scores(sheet) == (
        (30000, 30000, 30000, 30000),
        (30000, 33900, 26100, 30000),  # 3900 from West; South's riichi stick comes back
        (28500, 35400, 27600, 28500),
    )
    assert scores(EMA.play_sheet([])) == ((30000,) * 4,)


def stats(**counts):
    return PlayerStats("riichi", **counts)


def test_awards_share_ties_and_skip_what_nobody_earned():
    best = player_stats("riichi", [riichi_game(N)]).best
    players = {
        "ann": stats(games=3, hands=30, wins=5, deal_ins=2, best=best),
        "bob": stats(games=3, hands=30, wins=5, deal_ins=1, best=best),
        "cy": stats(games=3, hands=32, wins=1, deal_ins=1),
        "sub": stats(games=1, hands=9, wins=0, deal_ins=0),
        "none": stats(),
    }
    found = {a.kind: a for a in awards(players)}
    assert [a.kind for a in awards(players)] == [BEST_HAND, MOST_WINS, FEWEST_DEAL_INS]
    assert found[BEST_HAND].players == ("ann", "bob") and found[BEST_HAND].figure == 8000
    assert found[BEST_HAND].hands == (best, best)
    assert found[MOST_WINS].players == ("ann", "bob") and found[MOST_WINS].figure == 5
    # The substitute played one game of three; of the others, one deal-in in more hands wins.
    assert found[FEWEST_DEAL_INS].players == ("cy",) and found[FEWEST_DEAL_INS].figure == 1
    assert [a.kind for a in awards({"x": stats(games=1, hands=4)})] == [FEWEST_DEAL_INS]
    assert awards({}) == ()


def test_tile_keys_of_stored_hands():
    assert tile_keys({"kind": "win"}) is None
    assert tile_keys({"tiles": {"notation": "x"}}) is None
    assert tile_keys({"tiles": tiles("a", "b", "a")}) == ("a", "b")
    assert tile_keys({"tiles": {"result": {"lines": [{"value": 1}, "bad"]}}}) == ()


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (Fraction(1, 3), 1, "0.3"),
        (Fraction(2, 3), 1, "0.7"),
        (Fraction(1, 20), 1, "0.1"),
        (Fraction(6900, 2), 0, "3450"),
        (Fraction(-7, 2), 0, "-3"),
        (12, 2, "12.00"),
    ],
)
def test_decimal_rounds_half_up(value, places, text):
    assert decimal(value, places) == text


def test_percent():
    assert percent(Fraction(1, 3)) == "33.3"
    assert percent(None) == ""
