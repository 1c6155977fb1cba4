"""Hands read again after a seat correction (``rules.hands.reseat``): the players who won, paid,
declared and were tenpai stay; their seat numbers move, and the sheet pays again under the
seats they really had."""

import itertools

import pytest

from rules import RuleError, get_ruleset
from rules.hands import hand_json, parse_hand, reseat_hand, seat_moves

E, S, W, N = 0, 1, 2, 3
EMA = get_ruleset("riichi_ema")
WSOM = get_ruleset("wsom")
RECORDED = {"E": "ann", "S": "bob", "W": "cat", "N": "dan"}
REAL = {"E": "bob", "S": "ann", "W": "cat", "N": "dan"}


def test_two_players_in_each_others_seats():
    assert seat_moves(RECORDED, REAL) == (S, E, W, N)


def test_a_rotation_of_the_winds():
    rotated = {"E": "dan", "S": "ann", "W": "bob", "N": "cat"}
    assert seat_moves(RECORDED, rotated) == (S, W, N, E)


@pytest.mark.parametrize(
    "after",
    [
        {"E": "bob", "S": "ann", "W": "cat", "N": "eve"},  # another player
        {"E": "bob", "S": "ann", "W": "cat"},  # a wind missing
        {"E": "bob", "S": "bob", "W": "cat", "N": "dan"},  # a player twice
    ],
)
def test_refused_unless_the_same_four_players(after):
    with pytest.raises(RuleError) as error:
        seat_moves(RECORDED, after)
    assert error.value.field == "seats"


def test_every_seat_a_hand_names_moves():
    hand = {
        "kind": "win",
        "wins": [{"winner": S, "han": 3, "fu": 30}, {"winner": N, "han": 1, "fu": 30}],
        "discarder": E,
        "riichi": [E, N],
        "tenpai": [S],
        "tiles": {"notation": "123m"},
    }
    moved = reseat_hand(hand, (S, E, W, N))
    assert moved["wins"] == [{"winner": E, "han": 3, "fu": 30}, {"winner": N, "han": 1, "fu": 30}]
    assert moved["discarder"] == S
    assert moved["riichi"] == [S, N]
    assert moved["tenpai"] == [E]
    assert moved["tiles"] == {"notation": "123m"}
    assert hand["discarder"] == E  # the stored hand itself is not changed


def test_a_liable_seat_and_nagashi_seats_move_too():
    win = {"kind": "win", "wins": [{"winner": W, "limit": "yakuman", "pao": S}], "discarder": N}
    assert reseat_hand(win, (S, E, W, N))["wins"] == [{"winner": W, "limit": "yakuman", "pao": E}]
    draw = {"kind": "draw", "nagashi": [S, N], "tenpai": [E]}
    assert reseat_hand(draw, (S, E, W, N)) == {"kind": "draw", "nagashi": [E, N], "tenpai": [S]}


def test_points_follow_their_players():
    moved = reseat_hand({"kind": "points", "points": [30, -10, -10, -10]}, (W, E, N, S))
    assert moved["points"] == [-10, -10, 30, -10]


def test_self_drawn_and_struck_hands():
    assert reseat_hand({"kind": "win", "winner": W, "discarder": None}, (S, E, N, W)) == {
        "kind": "win",
        "winner": N,
        "discarder": None,
    }
    assert reseat_hand({"kind": "struck"}, (S, E, W, N)) == {"kind": "struck"}


def test_moving_there_and_back_changes_nothing():
    hand = hand_json(parse_hand({"kind": "draw", "tenpai": [E, W], "riichi": [W]}))
    for moves in itertools.permutations(range(4)):
        back = tuple(moves.index(seat) for seat in range(4))
        assert reseat_hand(reseat_hand(hand, moves), back) == hand


def test_the_real_dealer_is_paid_as_dealer():
    """Example 11: Bob wins 3 han 30 fu on Cat's discard. Recorded at South he was paid 3900;
    he really sat East, the first dealer: 5800, and he keeps the deal with a counter."""
    hands = [{"kind": "win", "winner": S, "discarder": W, "han": 3, "fu": 30}]
    assert EMA.play_sheet(hands).lines[0].payments == (0, 3900, -3900, 0)
    moves = seat_moves(RECORDED, REAL)
    sheet = EMA.play_sheet([reseat_hand(h, moves) for h in hands])
    assert sheet.lines[0].payments == (5800, 0, -5800, 0)
    assert sheet.state.dealer == E and sheet.state.counters == 1


def test_the_same_as_a_sheet_entered_with_the_right_seats():
    """Hands by person; entered under the wrong seating and re-seated, or entered under the
    right one from the start: the same sheet."""
    by_person = [
        ("win", "bob", "cat", 3, 30),
        ("win", "ann", None, 2, 40),
        ("win", "dan", "bob", 4, 30),
        ("win", "cat", "ann", 1, 30),
        ("win", "bob", None, 5, 0),
    ]

    def entered(seating):
        seat = {player: "ESWN".index(w) for w, player in seating.items()}
        return [
            {
                "kind": kind,
                "winner": seat[winner],
                "discarder": None if discarder is None else seat[discarder],
                "han": han,
                "fu": fu,
            }
            for kind, winner, discarder, han, fu in by_person
        ]

    moves = seat_moves(RECORDED, REAL)
    reseated = EMA.play_sheet([reseat_hand(h, moves) for h in entered(RECORDED)])
    right = EMA.play_sheet(entered(REAL))
    assert reseated == right
    assert EMA.play_sheet(entered(RECORDED)).totals != right.totals


def test_points_sheets_keep_each_players_total():
    hands = [{"kind": "points", "points": [30, -10, -10, -10]}]
    moves = seat_moves(RECORDED, REAL)
    assert WSOM.play_sheet([reseat_hand(h, moves) for h in hands]).totals == (-10, 30, -10, -10)


def test_a_move_that_is_no_permutation_is_a_bug():
    with pytest.raises(ValueError):
        reseat_hand({"kind": "draw"}, (E, E, W, N))
