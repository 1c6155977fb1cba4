"""Riichi hands from their tiles, through the ``mahjong`` library (MahjongRepository).

The event's options map onto the library's optional rules: ``open_tanyao``, ``red_fives``
(aka dora), ``kiriage``, ``counted_yakuman`` (13 han or more is a yakuman; otherwise such a
hand is sanbaiman) and ``multiple_yakuman`` (double yakuman hands and several yakuman add
up). Every library answer that is not a score becomes a ``RuleError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibraryMeld

from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.tiles.hand import CHOW, KONG, PUNG, Situation, TileHand, check_shape, index, is_red
from rules.tiles.names import YAKU_BY_LIBRARY
from rules.tiles.result import Line, TileResult

YAKUMAN_HAN = 13
_KINDS = {CHOW: LibraryMeld.CHI, PUNG: LibraryMeld.PON, KONG: LibraryMeld.KAN}

NOT_COMPLETE = _(
    "not a complete hand: the tiles make neither four sets and a pair, nor seven pairs, "
    "nor thirteen orphans"
)
_ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: ("tiles", NOT_COMPLETE),
    HandCalculator.ERR_NO_YAKU: (
        "tiles",
        _("no yaku: a riichi win needs at least one yaku (dora are not yaku); this is no win"),
    ),
    HandCalculator.ERR_NO_WINNING_TILE: ("win", _("the winning tile is not in the hand")),
    HandCalculator.ERR_OPEN_HAND_RIICHI: (
        "riichi",
        _("riichi needs a concealed hand: this one has open melds"),
    ),
    HandCalculator.ERR_OPEN_HAND_DABURI: (
        "riichi",
        _("riichi needs a concealed hand: this one has open melds"),
    ),
}
FIRST_DRAW = _("a win on the first draw is self-drawn, with no meld")


def option(options: Mapping[str, Any], name: str, default: bool) -> bool:
    return bool(options.get(name, default))


FIVES = (4, 13, 22)  # the 34-indices of 5m, 5p, 5s


def _tiles_136(
    hand: TileHand, situation: Situation, *, red_fives: bool
) -> tuple[list[int], int, list, list, list]:
    """The library's 136-tile indices. With red fives, a red five is its suit's first copy
    (the library's aka dora) and the plain fives take the other three; without them, the
    four plain fives take all four copies."""
    used: dict[int, int] = {}

    def take(tile: str) -> int:
        i = index(tile)
        if is_red(tile):
            return i * 4
        first = 1 if red_fives and i in FIVES else 0
        copy = used.get(i, first)
        used[i] = copy + 1
        return i * 4 + copy

    concealed = [(tile, take(tile)) for tile in hand.concealed]
    win = next(
        (n for tile, n in reversed(concealed) if tile == hand.win),
        next(n for tile, n in reversed(concealed) if index(tile) == index(hand.win)),
    )
    melds = []
    meld_tiles: list[int] = []
    for meld in hand.melds:
        numbers = [take(t) for t in meld.tiles]
        meld_tiles += numbers
        melds.append(LibraryMeld(_KINDS[meld.kind], numbers, opened=meld.is_open))
    dora = [take(t) for t in situation.dora]
    ura = [take(t) for t in situation.ura]
    return [n for _t, n in concealed] + meld_tiles, win, melds, dora, ura


def config_for(situation: Situation, options: Mapping[str, Any], state: Any = None) -> HandConfig:
    multiple = option(options, "multiple_yakuman", False)
    rules = OptionalRules(
        has_open_tanyao=option(options, "open_tanyao", True),
        has_aka_dora=option(options, "red_fives", False),
        has_double_yakuman=multiple,
        kazoe_limit=HandConstants.KAZOE_LIMITED
        if option(options, "counted_yakuman", False)
        else HandConstants.KAZOE_SANBAIMAN,
        kiriage=option(options, "kiriage", False),
    )
    dealer = situation.seat_wind == 0
    if situation.first_draw and not situation.tsumo:
        raise RuleError("first_draw", FIRST_DRAW)
    return HandConfig(
        is_tsumo=situation.tsumo,
        is_riichi=situation.riichi == "riichi",
        is_daburu_riichi=situation.riichi == "double",
        is_ippatsu=situation.ippatsu,
        is_rinshan=situation.kong and situation.tsumo,
        is_chankan=situation.kong and not situation.tsumo,
        is_haitei=situation.last_tile and situation.tsumo,
        is_houtei=situation.last_tile and not situation.tsumo,
        is_tenhou=situation.first_draw and dealer,
        is_chiihou=situation.first_draw and not dealer,
        player_wind=EAST + situation.seat_wind,
        round_wind=EAST + situation.prevalent_wind,
        tsumi_number=getattr(state, "counters", 0),
        kyoutaku_number=getattr(state, "deposits", 0) // 1000,
        options=rules,
    )


def score(
    hand: TileHand, situation: Situation, options: Mapping[str, Any], state: Any = None
) -> TileResult:
    """The yaku, han and fu of a riichi hand; ``RuleError`` for anything that is no win."""
    check_shape(
        hand, situation, flowers_allowed=False, red_fives=option(options, "red_fives", False)
    )
    if situation.fourth_tile:
        raise RuleError("fourth_tile", _("the fourth tile is an MCR fan; riichi has no such yaku"))
    if situation.first_draw and (hand.melds or situation.riichi):
        raise RuleError("first_draw", FIRST_DRAW)
    config = config_for(situation, options, state)
    tiles, win, melds, dora, ura = _tiles_136(
        hand, situation, red_fives=option(options, "red_fives", False)
    )
    try:
        response = HandCalculator.estimate_hand_value(
            tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
        )
    except Exception as error:  # the library's own failure, whatever it is
        raise RuleError(
            "tiles",
            _("the tiles could not be scored (%(reason)s)"),
            {"reason": type(error).__name__},
        ) from None
    if response.error:
        field, message = _ERRORS.get(
            response.error, ("tiles", _("these tiles are not a win under these rules"))
        )
        raise RuleError(field, message)
    is_open = hand.is_open
    lines = []
    yakuman_han = 0
    for yaku in response.yaku or ():
        han = yaku.han_open if is_open else yaku.han_closed
        known = YAKU_BY_LIBRARY.get(yaku.name)
        key = known.key if known else yaku.name.lower().replace(" ", "_")
        if yaku.is_yakuman:
            yakuman_han += han
            lines.append(Line(key, han // YAKUMAN_HAN, count=han // YAKUMAN_HAN))
        elif key in ("dora", "aka_dora", "ura_dora"):
            lines.append(Line(key, han, count=han))
        else:
            lines.append(Line(key, han))
    fu_details = tuple((d["reason"], d["fu"]) for d in response.fu_details or ())
    if yakuman_han:
        count = yakuman_han // YAKUMAN_HAN if option(options, "multiple_yakuman", False) else 1
        return TileResult(
            "riichi",
            tuple(lines),
            han=response.han or 0,
            fu=response.fu or 0,
            limit="yakuman",
            yakuman=count,
            library_cost=dict(response.cost or {}),
        )
    return TileResult(
        "riichi",
        tuple(lines),
        han=response.han or 0,
        fu=response.fu or 0,
        fu_details=fu_details,
        library_cost=dict(response.cost or {}),
    )
