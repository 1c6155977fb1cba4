"""MCR hands from their tiles, through the MahjongGB fan calculator (PyMahjongGB).

The calculator takes the standing tiles without the winning tile, the declared packs, the
winning tile and the situation; it answers with the fans (points, count, Chinese and English
name) or raises ``TypeError`` with a code. Both become ours here: fans by our keys, codes by
``RuleError``. Flowers and seasons are counted apart (``bonus``): they never count toward the
8-fan minimum (seed 003).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from MahjongGB import MahjongFanCalculator

from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.i18n import ngettext_noop as ngettext
from rules.tiles.hand import CHOW, KONG, PUNG, Situation, TileHand, check_shape, index
from rules.tiles.names import FLOWER, MCR_BY_LIBRARY
from rules.tiles.result import Line, TileResult

_SUIT = {"m": "W", "p": "B", "s": "T"}
_HONOURS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # 1z-4z winds; 5z white, 6z green, 7z red
_PACKS = {CHOW: "CHI", PUNG: "PENG", KONG: "GANG"}

NOT_COMPLETE = _(
    "not a complete hand: the tiles make no winning shape (four sets and a pair, seven pairs, "
    "thirteen orphans, or a knitted hand)"
)
_ERRORS = {
    "ERROR_NOT_WIN": NOT_COMPLETE,
    "ERROR_INVALID_HAND": NOT_COMPLETE,
    "ERROR_INVALID_HAND_OR_PACK": NOT_COMPLETE,
    "ERROR_TILE_COUNT_GREATER_THAN_4": _("there are only four of each tile"),
}


def code(tile: str) -> str:
    i = index(tile)
    if i >= 27:
        return _HONOURS[i - 27]
    return f"{_SUIT[tile[1]]}{i % 9 + 1}"


def _pack(meld) -> tuple[str, str, int]:
    if meld.kind == CHOW:
        middle = sorted(meld.tiles, key=index)[1]
        return ("CHI", code(middle), meld.source or 1)
    offer = 0 if meld.concealed else (meld.source or 1)
    return (_PACKS[meld.kind], code(meld.tiles[0]), offer)


def score(
    hand: TileHand, situation: Situation, options: Mapping[str, Any], state: Any = None
) -> TileResult:
    """The fans of an MCR hand; ``RuleError`` for anything the tiles cannot be."""
    check_shape(hand, situation, flowers_allowed=True, red_fives=False)
    if situation.riichi or situation.ippatsu or situation.first_draw:
        raise RuleError("riichi", _("MCR has no riichi, ippatsu or first-draw wins"))
    if situation.dora or situation.ura:
        raise RuleError("dora", _("MCR has no dora"))
    standing = list(hand.concealed)
    for position in range(len(standing) - 1, -1, -1):
        if index(standing[position]) == index(hand.win):
            del standing[position]
            break
    held = sum(1 for t in standing if index(t) == index(hand.win))
    if situation.fourth_tile and held:
        raise RuleError(
            "fourth_tile",
            ngettext(
                "the fourth tile: the other three %(tile)s must already be on the table, "
                "but the hand holds %(count)s more tile like it",
                "the fourth tile: the other three %(tile)s must already be on the table, "
                "but the hand holds %(count)s more tiles like it",
            ),
            {"tile": hand.win, "count": held},
        )
    try:
        fans = MahjongFanCalculator(
            pack=tuple(_pack(m) for m in hand.melds),
            hand=tuple(code(t) for t in standing),
            winTile=code(hand.win),
            flowerCount=len(hand.flowers),
            isSelfDrawn=situation.tsumo,
            is4thTile=situation.fourth_tile,
            isAboutKong=situation.kong,
            isWallLast=situation.last_tile,
            seatWind=situation.seat_wind,
            prevalentWind=situation.prevalent_wind,
            verbose=True,
        )
    except TypeError as error:
        reason = str(error.args[0]) if error.args else ""
        raise RuleError(
            "tiles",
            _ERRORS.get(reason, _("the tiles could not be scored (%(reason)s)")),
            {} if reason in _ERRORS else {"reason": reason[:40] or "TypeError"},
        ) from None
    except Exception as error:  # anything else the extension raises
        raise RuleError(
            "tiles",
            _("the tiles could not be scored (%(reason)s)"),
            {"reason": type(error).__name__},
        ) from None
    lines, fan, bonus = [], 0, 0
    for points, count, _chinese, english in fans:
        known = MCR_BY_LIBRARY.get(english)
        key = known.key if known else english.lower().replace(" ", "_")
        value = points * count
        if key == FLOWER:
            bonus += value
        else:
            fan += value
        lines.append(Line(key, value, count=count))
    return TileResult("mcr", tuple(lines), fan=fan, bonus=bonus)
