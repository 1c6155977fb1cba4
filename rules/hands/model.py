"""What a score sheet is made of: hands as announced at the table, and what the sheet makes of
them (docs/rules/hands.md).

Seats are numbered 0-3 by the wind each player sat at when the table started: 0 East (the first
dealer), 1 South, 2 West, 3 North. Turn order runs 0, 1, 2, 3, so the player on a seat's right
(the next to play) is ``(seat + 1) % 4``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RuleError
from rules.i18n import gettext_noop as _

SEATS = (0, 1, 2, 3)

WIN = "win"
DRAW = "draw"
ABORTED = "aborted"
POINTS = "points"
ADJUSTMENT = "adjustment"
KINDS = (WIN, DRAW, ABORTED, POINTS, ADJUSTMENT)
# Riichi draws that end a hand before the wall runs out (docs/rules/hands.md#abortive-draws).
ABORTIVE_REASONS = ("nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron")

MAX_HAND_POINTS = 10**7
EXTRAS_ARE_RIICHI = _(
    "abortive draws, nagashi mangan and liability payments belong to the riichi rules"
)


@dataclass(frozen=True)
class Win:
    """One winner of a hand. MCR: ``fan`` (without bonus tiles) and ``bonus`` (flowers and
    seasons). Riichi: ``han`` and ``fu``, or a ``limit`` by name (``yakuman`` may count
    several); ``pao``: the seat liable for a yakuman (liability payments), and
    ``pao_yakuman`` how many of the win's yakuman it answers for (0: all of them)."""

    winner: int
    fan: int = 0
    bonus: int = 0
    han: int = 0
    fu: int = 0
    limit: str = ""
    yakuman: int = 0
    pao: int | None = None
    pao_yakuman: int = 0


@dataclass(frozen=True)
class Hand:
    """A hand as the players announce it.

    ``win``: ``wins`` (one, or several on one discard in riichi) and the ``discarder``
    (``None``: self-drawn); ``draw``: an exhaustive draw, riichi with the ``tenpai`` seats;
    ``aborted``: the hand is re-dealt (after a chombo), nothing is paid and the dealer stays;
    ``points`` (wsom, classical, french): the points each seat won or paid, from the table's own
    count; ``adjustment`` (every ruleset): per-seat points that a referee decided, not a hand of
    the game. ``riichi``: the seats that declared riichi in this hand. A riichi draw may be
    ``abortive`` (one of ``ABORTIVE_REASONS``: nothing is paid but the riichi sticks) or name
    the seats of a ``nagashi`` mangan."""

    kind: str
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    riichi: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    points: tuple[int, ...] | None = None
    abortive: str = ""
    nagashi: tuple[int, ...] = ()


@dataclass(frozen=True)
class SheetState:
    """Where the game stands before the next hand.

    ``passes``: how often the deal has passed (the dealer is ``passes % 4``, the prevailing
    wind ``passes // 4``); ``hands``: hands played that count toward the game's length;
    ``counters``: riichi counters (honba); ``deposits``: riichi sticks on the table, in
    points."""

    passes: int = 0
    hands: int = 0
    counters: int = 0
    deposits: int = 0
    finished: bool = False

    @property
    def dealer(self) -> int:
        return self.passes % 4

    @property
    def wind(self) -> int:
        return self.passes // 4


@dataclass(frozen=True)
class HandLine:
    """One hand on the sheet: the state it was played in, what each seat got (``payments``,
    deposits included) and the running totals after it. ``values``: per winner, what the win
    was worth before counters and deposits (for statistics)."""

    number: int
    hand: Hand
    before: SheetState
    payments: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]
    values: Mapping[int, int] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(w.winner for w in self.hand.wins)


@dataclass(frozen=True)
class Sheet:
    """A table's hands played out: ``lines``, the ``state`` before the next hand, the running
    ``totals`` and the ``final`` scores the table result takes (riichi: with the sticks left on
    the table given out as the event's option says)."""

    lines: tuple[HandLine, ...]
    state: SheetState
    totals: tuple[int, int, int, int]
    final: tuple[int, int, int, int]


# Reading a hand from the form or the API ---------------------------------------------------


def _seat(value: Any, field_name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        raise RuleError(field_name, _("must be a seat: 0 (East), 1 (South), 2 (West) or 3 (North)"))
    return value


def _seats(value: Any, field_name: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise RuleError(field_name, _("must be a list of seats"))
    seats = tuple(_seat(v, field_name) for v in value)
    if len(set(seats)) != len(seats):
        raise RuleError(field_name, _("names a seat twice"))
    return tuple(sorted(seats))


def _count(data: Mapping, name: str, field_name: str) -> int:
    value = data.get(name, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(field_name, _("must be a whole number"))
    if not 0 <= value <= 1000:
        raise RuleError(field_name, _("must be between 0 and 1000"))
    return value


WIN_FIELDS = ("winner", "fan", "bonus", "han", "fu", "limit", "yakuman", "pao", "pao_yakuman")


def _win(data: Any, prefix: str) -> Win:
    if not isinstance(data, Mapping):
        raise RuleError(prefix, _("must be an object"))
    limit = data.get("limit") or ""
    if not isinstance(limit, str):
        raise RuleError(f"{prefix}.limit", _("must be the name of a limit hand"))
    if "winner" not in data:
        raise RuleError(f"{prefix}.winner", _("name the winner's seat"))
    pao = data.get("pao")
    return Win(
        winner=_seat(data.get("winner"), f"{prefix}.winner"),
        fan=_count(data, "fan", f"{prefix}.fan"),
        bonus=_count(data, "bonus", f"{prefix}.bonus"),
        han=_count(data, "han", f"{prefix}.han"),
        fu=_count(data, "fu", f"{prefix}.fu"),
        limit=limit,
        yakuman=_count(data, "yakuman", f"{prefix}.yakuman"),
        pao=None if pao is None else _seat(pao, f"{prefix}.pao"),
        pao_yakuman=_count(data, "pao_yakuman", f"{prefix}.pao_yakuman"),
    )


def parse_hand(data: Mapping[str, Any] | Hand) -> Hand:
    """A ``Hand`` from the shape the form and the API send (one winner may be given at the top
    level: ``{"kind": "win", "winner": 2, "discarder": 0, "fan": 12}``). Checks the shape only;
    the ruleset checks what the hand may be."""
    if isinstance(data, Hand):
        return data
    if not isinstance(data, Mapping):
        raise RuleError("hand", _("must be an object"))
    kind = data.get("kind")
    if kind not in KINDS:
        raise RuleError("kind", _("must be one of %(kinds)s"), {"kinds": ", ".join(KINDS)})
    wins: tuple[Win, ...] = ()
    if kind == WIN:
        if data.get("wins") is not None:
            if not isinstance(data["wins"], list | tuple) or not data["wins"]:
                raise RuleError("wins", _("name at least one winner"))
            wins = tuple(_win(w, f"wins[{i}]") for i, w in enumerate(data["wins"]))
        else:
            wins = (_win({k: data[k] for k in WIN_FIELDS if k in data}, "win"),)
        winners = [w.winner for w in wins]
        if len(set(winners)) != len(winners):
            raise RuleError("wins", _("names a winner twice"))
    discarder = data.get("discarder")
    if discarder is not None:
        discarder = _seat(discarder, "discarder")
    abortive = data.get("abortive") or ""
    if abortive and (kind != DRAW or abortive not in ABORTIVE_REASONS):
        raise RuleError(
            "abortive",
            _("an abortive draw is a draw, for one of: %(reasons)s"),
            {"reasons": ", ".join(ABORTIVE_REASONS)},
        )
    nagashi = _seats(data.get("nagashi"), "nagashi")
    if nagashi and kind != DRAW:
        raise RuleError("nagashi", _("a nagashi mangan is paid at an exhaustive draw"))
    points = data.get("points")
    if kind in (POINTS, ADJUSTMENT):
        points = _points(points)
    elif points is not None:
        raise RuleError("points", _("only a points hand or an adjustment lists points per seat"))
    return Hand(
        kind=kind,
        wins=wins,
        discarder=discarder if kind == WIN else None,
        riichi=_seats(data.get("riichi"), "riichi"),
        tenpai=_seats(data.get("tenpai"), "tenpai"),
        points=points,
        abortive=abortive,
        nagashi=nagashi,
    )


def _points(value: Any) -> tuple[int, int, int, int]:
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise RuleError("points", _("give the points of the four seats, East, South, West, North"))
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise RuleError("points", _("must be whole numbers"))
        if abs(v) > MAX_HAND_POINTS:
            raise RuleError(
                "points", _("must be within %(limit)s either way"), {"limit": MAX_HAND_POINTS}
            )
    total = sum(value)
    if total:
        raise RuleError(
            "points",
            _("add up to %(total)s, not 0: a hand only moves points"),
            {"total": f"{total:+d}"},
        )
    return (value[0], value[1], value[2], value[3])


def hand_json(hand: Hand) -> dict[str, Any]:
    """The stored form of a hand (what ``parse_hand`` reads back), without empty parts."""
    data: dict[str, Any] = {"kind": hand.kind}
    if hand.wins:
        data["wins"] = [
            {k: getattr(w, k) for k in WIN_FIELDS if getattr(w, k) not in (0, "", None)}
            | {"winner": w.winner}
            | ({"pao": w.pao} if w.pao is not None else {})
            for w in hand.wins
        ]
    if hand.kind == WIN:
        data["discarder"] = hand.discarder
    if hand.riichi:
        data["riichi"] = list(hand.riichi)
    if hand.tenpai:
        data["tenpai"] = list(hand.tenpai)
    if hand.points is not None:
        data["points"] = list(hand.points)
    if hand.abortive:
        data["abortive"] = hand.abortive
    if hand.nagashi:
        data["nagashi"] = list(hand.nagashi)
    return data


def riichi_extras(hand: Hand) -> bool:
    """Whether ``hand`` uses what only riichi scores: an abortive draw, a nagashi mangan or a
    liable player."""
    return bool(hand.abortive or hand.nagashi or any(w.pao is not None for w in hand.wins))


def zero_sum(payments: Sequence[int]) -> bool:
    return sum(payments) == 0
