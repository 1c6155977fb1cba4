"""A table's players sat at other winds than the seating recorded: the hands, entered naming
players, are read again with each player at the seat they really had.

A hand names seats (0 East ... 3 North, ``rules.hands.model``). The people who won, paid,
declared riichi or were tenpai are what the table saw and stay; their seat numbers change.
``seat_moves`` says where each recorded seat's player really sat; ``reseat_hand`` moves a
stored hand's seats. What the hands then pay is ``play_sheet``'s to say again: a different
dealer pays and is paid differently, keeps the deal at other times, and so on.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.seats import WINDS

Moves = tuple[int, int, int, int]


def seat_moves(before: Mapping[str, Hashable], after: Mapping[str, Hashable]) -> Moves:
    """``moves[s]``: the seat at which the player recorded at seat ``s`` really sat. Both
    seatings map the four winds to the same four players."""
    for seating in (before, after):
        if set(seating) != set(WINDS) or len(set(seating.values())) != 4:
            raise RuleError("seats", _("give the four winds, each to another player"))
    if set(before.values()) != set(after.values()):
        raise RuleError("seats", _("the same four players must sit at the table"))
    seat_of = {player: WINDS.index(wind) for wind, player in after.items()}
    moved = tuple(seat_of[before[wind]] for wind in WINDS)
    return (moved[0], moved[1], moved[2], moved[3])


def _seat(moves: Moves, value: Any) -> Any:
    return moves[value] if isinstance(value, int) and not isinstance(value, bool) else value


def _seats(moves: Moves, values: Sequence[Any]) -> list[Any]:
    return sorted(_seat(moves, v) for v in values)


# What a stored hand names by seat: in each win, the winner and the seat liable for it (pao);
# in the hand, the discarder, lists of seats, and the points per seat.
WIN_SEATS = ("winner", "pao")
SEAT_LISTS = ("riichi", "tenpai", "nagashi")


def _win(win: Any, moves: Moves) -> Any:
    if not isinstance(win, Mapping):
        return win
    return {**win, **{k: _seat(moves, win[k]) for k in WIN_SEATS if win.get(k) is not None}}


def reseat_hand(data: Mapping[str, Any], moves: Moves) -> dict[str, Any]:
    """A stored hand (``hand_json``'s shape, or a struck hand) with every seat it names moved:
    the winners (and a liable seat), the discarder, the riichi, tenpai and nagashi seats, and
    the points per seat. Everything else (fan, han, fu, limits, tiles) is kept as entered."""
    if sorted(moves) != [0, 1, 2, 3]:
        raise ValueError(f"not a permutation of the seats: {moves}")
    moved = dict(data)
    if isinstance(data.get("wins"), list):
        moved["wins"] = [_win(win, moves) for win in data["wins"]]
    if "winner" in data:
        moved["winner"] = _seat(moves, data["winner"])
    if data.get("discarder") is not None:
        moved["discarder"] = _seat(moves, data["discarder"])
    for name in SEAT_LISTS:
        if isinstance(data.get(name), list):
            moved[name] = _seats(moves, data[name])
    points = data.get("points")
    if isinstance(points, list) and len(points) == 4:
        placed = [0, 0, 0, 0]
        for seat, value in enumerate(points):
            placed[moves[seat]] = value
        moved["points"] = placed
    return moved
