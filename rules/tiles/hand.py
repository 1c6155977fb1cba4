"""A hand read from its tiles: the notation, the shape the forms and the API send, and the
checks every hand must pass before a library scores it.

Tiles are written as digits followed by their suit: ``m`` characters, ``p`` dots, ``s``
bamboos, ``z`` honours (1-4 the winds East, South, West, North; 5 white, 6 green, 7 red
dragon). ``0`` is a red five (``0m``, ``0p``, ``0s``). Bonus tiles (MCR) are ``1f``-``8f``
(flowers 1-4, seasons 5-8).

A hand in notation: the concealed tiles, the winning tile written last (or given on its own),
and the melds in brackets: ``[123m]`` a chow, ``[555p]`` a pung, ``[5555p]`` a melded kong,
``(5555p)`` a concealed kong. A meld may say whom it was claimed from after a colon:
``[555p:1]`` from the player on the left, ``:2`` opposite, ``:3`` on the right.
Example: ``234m567p11z [789s] [555z:2] 1z`` (the winning tile 1z, given on its own).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.i18n import ngettext_noop as ngettext

SUITS = "mpsz"
CHOW, PUNG, KONG = "chow", "pung", "kong"
MELD_KINDS = (CHOW, PUNG, KONG)
SOURCES = (1, 2, 3)  # left, opposite, right (the MCR calculator's "offer")
MAX_FLOWERS = 8
MAX_INDICATORS = 5
MAX_TEXT = 200

_GROUP = re.compile(r"([0-9]+)([mpszf])")
_TOKEN = re.compile(r"\[([^\]]*)\]|\(([^)]*)\)|([0-9]+[mpszf])|(\S)")


def index(tile: str) -> int:
    """The 34-index of a tile code (a red five is its suit's five)."""
    number, suit = int(tile[0]) or 5, tile[1]
    return SUITS.index(suit) * 9 + number - 1


def is_red(tile: str) -> bool:
    return tile[0] == "0"


def tile_name(i: int) -> str:
    """The code of a 34-index."""
    return f"{i % 9 + 1}{SUITS[i // 9]}"


@dataclass(frozen=True)
class Meld:
    """A declared set: ``kind`` chow, pung or kong; ``concealed`` only for a kong declared
    from the hand; ``source``: whom the tile was claimed from (1 left, 2 opposite, 3 right),
    when known."""

    kind: str
    tiles: tuple[str, ...]
    concealed: bool = False
    source: int | None = None

    @property
    def is_open(self) -> bool:
        return not self.concealed


@dataclass(frozen=True)
class TileHand:
    """A winning hand: ``concealed`` tiles including the winning tile, ``melds``, the
    ``win`` tile and the bonus tiles (``flowers``, codes ``1f``-``8f``)."""

    concealed: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    win: str = ""
    flowers: tuple[str, ...] = ()

    def all_tiles(self) -> list[str]:
        return [*self.concealed, *(t for m in self.melds for t in m.tiles)]

    @property
    def is_open(self) -> bool:
        return any(m.is_open for m in self.melds)

    def notation(self) -> str:
        """The hand written back in notation (what the sheet and the evidence show)."""
        standing = list(self.concealed)
        for position in range(len(standing) - 1, -1, -1):
            if standing[position] == self.win:
                del standing[position]
                break
        standing.sort(key=lambda t: (index(t), t))
        parts = [_write(standing)]
        for meld in self.melds:
            body = _write(meld.tiles) + (f":{meld.source}" if meld.source else "")
            parts.append(f"({body})" if meld.concealed else f"[{body}]")
        parts.append(self.win)
        if self.flowers:
            parts.append(_write(self.flowers))
        return " ".join(p for p in parts if p)

    def as_json(self) -> dict[str, Any]:
        return {
            "concealed": _write(self.concealed),
            "melds": [
                {"kind": m.kind, "tiles": _write(m.tiles), "concealed": m.concealed}
                | ({"source": m.source} if m.source else {})
                for m in self.melds
            ],
            "win": self.win,
            "flowers": _write(self.flowers),
        }


def _write(tiles: Sequence[str]) -> str:
    """Tiles in notation, grouped by suit in the order given (``1m2m3p`` -> ``12m3p``)."""
    out, run, suit = [], "", ""
    for tile in tiles:
        if tile[1] != suit and run:
            out.append(run + suit)
            run = ""
        run += tile[0]
        suit = tile[1]
    if run:
        out.append(run + suit)
    return "".join(out)


def parse_tiles(text: Any, field_name: str) -> tuple[str, ...]:
    """Tile codes from notation (``123m45p``); an unknown code is an error naming it."""
    if text is None or text == "":
        return ()
    if not isinstance(text, str):
        raise RuleError(field_name, _("must be tiles in notation, like 123m456p"))
    if len(text) > MAX_TEXT:
        raise RuleError(field_name, _("is too long for a hand"))
    compact = text.replace(" ", "")
    tiles: list[str] = []
    position = 0
    for match in _GROUP.finditer(compact):
        if match.start() != position:
            raise _unknown(field_name, compact[position : match.start()])
        digits, suit = match.groups()
        for digit in digits:
            tiles.append(_check_code(digit + suit, field_name))
        position = match.end()
    if position != len(compact):
        raise _unknown(field_name, compact[position:])
    return tuple(tiles)


def _unknown(field_name: str, code: str) -> RuleError:
    return RuleError(
        field_name,
        _(
            "unknown tile code %(code)s: write digits followed by m, p, s, z "
            "(or f for flowers), like 123m 11z"
        ),
        {"code": code[:12]},
    )


def _check_code(code: str, field_name: str) -> str:
    number, suit = code[0], code[1]
    if suit == "z" and number not in "1234567":
        raise _unknown(field_name, code)
    if suit == "f" and number not in "12345678":
        raise _unknown(field_name, code)
    return code


def parse_notation(text: Any, win: Any = "") -> TileHand:
    """A ``TileHand`` from typed notation (see the module docstring). The winning tile is
    ``win`` if given, else the last concealed tile written."""
    if not isinstance(text, str) or not text.strip():
        raise RuleError("notation", _("type the hand's tiles, like 123m456p789s11z"))
    if len(text) > MAX_TEXT:
        raise RuleError("notation", _("is too long for a hand"))
    concealed: list[str] = []
    flowers: list[str] = []
    melds: list[Meld] = []
    for match in _TOKEN.finditer(text):
        open_body, closed_body, group, other = match.groups()
        if other is not None:
            raise _unknown("notation", other)
        if group is not None:
            tiles = parse_tiles(group, "notation")
            if group.endswith("f"):
                flowers.extend(tiles)
            else:
                concealed.extend(tiles)
            continue
        body = open_body if open_body is not None else closed_body
        melds.append(_meld_from_text(body, concealed=closed_body is not None))
    win_tile = parse_tiles(win, "win") if win else ()
    if len(win_tile) > 1:
        raise RuleError("win", _("name one winning tile"))
    if win_tile:
        concealed.append(win_tile[0])
    if not concealed:
        raise RuleError("notation", _("the hand has no concealed tiles: a win needs at least two"))
    return TileHand(tuple(concealed), tuple(melds), concealed[-1], tuple(flowers))


def _meld_from_text(body: str, *, concealed: bool) -> Meld:
    tiles_text, _sep, source_text = body.partition(":")
    tiles = parse_tiles(tiles_text, "melds")
    source = None
    if source_text:
        if source_text not in ("1", "2", "3") or concealed:
            raise RuleError(
                "melds",
                _("a meld's source is 1 (left), 2 (opposite) or 3 (right), not %(source)s"),
                {"source": source_text[:6]},
            )
        source = int(source_text)
    numbers = sorted(index(t) for t in tiles)
    if len(tiles) in (3, 4) and len(set(numbers)) == 1:
        kind = PUNG if len(tiles) == 3 else KONG
    elif (
        len(tiles) == 3
        and numbers[0] < 27
        and numbers[0] // 9 == numbers[2] // 9
        and numbers == [numbers[0], numbers[0] + 1, numbers[0] + 2]
    ):
        kind = CHOW
    else:
        raise _not_a_set(tiles)
    return Meld(kind, tiles, concealed=concealed, source=source)


def _not_a_set(tiles: Sequence[str]) -> RuleError:
    return RuleError(
        "melds",
        _("%(tiles)s is not a set: a meld is a chow (three in a row), a pung or a kong"),
        {"tiles": _write(tiles) or "-"},
    )


def parse_hand_data(data: Mapping[str, Any] | TileHand) -> TileHand:
    """A ``TileHand`` from the shape the form and the API send: ``{"notation": ...}`` or
    ``{"concealed": "123m...", "melds": [{"kind", "tiles", "concealed", "source"}], "win":
    "5p", "flowers": "12f"}``."""
    if isinstance(data, TileHand):
        return data
    if not isinstance(data, Mapping):
        raise RuleError("tiles", _("must be an object"))
    if "notation" in data:
        hand = parse_notation(data["notation"], data.get("win") or "")
        if data.get("flowers"):
            hand = TileHand(
                hand.concealed, hand.melds, hand.win, parse_tiles(data["flowers"], "flowers")
            )
        return hand
    concealed = parse_tiles(data.get("concealed"), "concealed")
    melds_data = data.get("melds") or []
    if not isinstance(melds_data, list | tuple) or len(melds_data) > 4:
        raise RuleError("melds", _("a hand has at most four melds"))
    melds = tuple(_meld_from_data(m) for m in melds_data)
    win = parse_tiles(data.get("win"), "win")
    if len(win) != 1:
        raise RuleError("win", _("name the winning tile"))
    flowers = parse_tiles(data.get("flowers"), "flowers")
    if any(t[1] != "f" for t in flowers):
        raise RuleError("flowers", _("only flowers and seasons (1f-8f) are bonus tiles"))
    return TileHand(concealed, melds, win[0], flowers)


def _meld_from_data(data: Any) -> Meld:
    if not isinstance(data, Mapping):
        raise RuleError("melds", _("must be an object"))
    tiles = parse_tiles(data.get("tiles"), "melds")
    concealed = bool(data.get("concealed"))
    source = data.get("source")
    if source in ("", 0):
        source = None
    if source is not None and (isinstance(source, bool) or source not in SOURCES or concealed):
        raise RuleError(
            "melds",
            _("a meld's source is 1 (left), 2 (opposite) or 3 (right), not %(source)s"),
            {"source": str(source)[:6]},
        )
    meld = _meld_from_text(_write(tiles), concealed=concealed)
    kind = data.get("kind") or meld.kind
    if kind != meld.kind:
        raise _not_a_set(tiles)
    return Meld(meld.kind, tiles, concealed=concealed, source=source)


@dataclass(frozen=True)
class Situation:
    """How the hand was won. ``discarder`` is ``None`` for a self-drawn win. Winds: 0 East
    to 3 North. ``riichi``: ``""``, ``"riichi"`` or ``"double"``. ``kong``: a win on a
    kong's replacement tile (self-drawn) or by robbing a kong (on a discard). ``last_tile``:
    the wall's last tile (drawn) or the discard after it. ``fourth_tile`` (MCR): the last of
    its kind. ``first_draw`` (riichi): a win on the first draw, no call before (tenhou,
    chiihou)."""

    tsumo: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    riichi: str = ""
    ippatsu: bool = False
    last_tile: bool = False
    kong: bool = False
    fourth_tile: bool = False
    first_draw: bool = False
    dora: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "tsumo": self.tsumo,
            "seat_wind": self.seat_wind,
            "prevalent_wind": self.prevalent_wind,
        }
        for name in ("riichi", "ippatsu", "last_tile", "kong", "fourth_tile", "first_draw"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        if self.dora:
            data["dora"] = _write(self.dora)
        if self.ura:
            data["ura"] = _write(self.ura)
        return data


RIICHI_KINDS = ("", "riichi", "double")
FLAGS = ("tsumo", "ippatsu", "last_tile", "kong", "fourth_tile", "first_draw")


def parse_situation(data: Mapping[str, Any] | Situation | None) -> Situation:
    if isinstance(data, Situation):
        return data
    data = data or {}
    if not isinstance(data, Mapping):
        raise RuleError("situation", _("must be an object"))
    flags = {}
    for name in FLAGS:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise RuleError(name, _("must be true or false"))
        flags[name] = value
    winds = {}
    for name in ("seat_wind", "prevalent_wind"):
        value = data.get(name, 0)
        if isinstance(value, bool) or value not in (0, 1, 2, 3):
            raise RuleError(name, _("must be a wind: 0 (East), 1 (South), 2 (West) or 3 (North)"))
        winds[name] = value
    riichi = data.get("riichi") or ""
    if riichi is True:
        riichi = "riichi"
    if riichi not in RIICHI_KINDS:
        raise RuleError("riichi", _("must be riichi, double or nothing"))
    return Situation(
        riichi=riichi,
        dora=parse_tiles(data.get("dora"), "dora"),
        ura=parse_tiles(data.get("ura"), "ura"),
        **winds,
        **flags,
    )


def check_shape(
    hand: TileHand, situation: Situation, *, flowers_allowed: bool, red_fives: bool
) -> None:
    """What every hand must be before it is scored, whatever the rules: the checks that a
    library would answer with a bare code or not at all."""
    check_melds_and_flowers(hand, situation, flowers_allowed=flowers_allowed)
    check_tile_counts(hand, situation, red_fives=red_fives)
    check_size(hand)
    check_situation(hand, situation)


def check_melds_and_flowers(hand: TileHand, situation: Situation, *, flowers_allowed: bool) -> None:
    """Only kongs are declared concealed; flowers and seasons, if played, are listed apart,
    each once."""
    for meld in hand.melds:
        if meld.concealed and meld.kind != KONG:
            raise RuleError(
                "melds",
                _("only a kong is declared concealed; a concealed chow or pung stays in the hand"),
            )
    if hand.flowers and not flowers_allowed:
        raise RuleError("flowers", _("these rules play without flowers and seasons"))
    if len(hand.flowers) > MAX_FLOWERS:
        raise RuleError(
            "flowers",
            ngettext("there is only %(count)s bonus tile", "there are only %(count)s bonus tiles"),
            {"count": MAX_FLOWERS},
        )
    if len(set(hand.flowers)) != len(hand.flowers):
        raise RuleError("flowers", _("each flower and season is in the set once"))
    if any(t[1] == "f" for t in (*hand.concealed, hand.win, *situation.dora, *situation.ura)):
        raise RuleError("tiles", _("flowers and seasons are bonus tiles: list them apart"))


def check_tile_counts(hand: TileHand, situation: Situation, *, red_fives: bool) -> None:
    """At most four of a tile in the hand and the indicators, and the red fives as the set
    has them: none without red fives, one of each suit with them."""
    every = [*hand.all_tiles(), *situation.dora, *situation.ura]
    reds = [t for t in every if is_red(t)]
    if reds and not red_fives:
        raise RuleError("tiles", _("this event plays without red fives: write 5, not 0"))
    counts = Counter(index(t) for t in every)
    for i, count in sorted(counts.items()):
        if count > 4:
            raise RuleError(
                "tiles",
                _("there are only four %(tile)s (in the hand and the indicators: %(count)s)"),
                {"tile": tile_name(i), "count": count},
            )
    for suit, red_count in Counter(t[1] for t in reds).items():
        if red_count > 1:
            raise RuleError(
                "tiles", _("there is only one red five of each suit (0%(suit)s)"), {"suit": suit}
            )
    if red_fives:
        plain = Counter(t[1] for t in every if t[0] == "5" and t[1] in "mps")
        for suit, count in sorted(plain.items()):
            if count > 3:
                raise RuleError(
                    "tiles",
                    _(
                        "with red fives, a suit has three plain fives and the red one: write "
                        "one of the four 5%(suit)s as 0%(suit)s"
                    ),
                    {"suit": suit},
                )


def check_size(hand: TileHand) -> None:
    """Fourteen tiles, a kong counted as three, with the winning tile among them."""
    kongs = sum(1 for m in hand.melds if m.kind == KONG)
    size = len(hand.concealed) + 3 * len(hand.melds)
    if size != 14:
        if kongs and size == 14 - kongs:
            raise RuleError(
                "tiles",
                _("a kong takes a replacement tile: with a kong the hand needs one more tile"),
            )
        raise RuleError(
            "tiles",
            ngettext(
                "a winning hand has 14 tiles (a kong counts as 3); this one has %(count)s tile",
                "a winning hand has 14 tiles (a kong counts as 3); this one has %(count)s tiles",
            ),
            {"count": size},
        )
    if hand.win not in hand.concealed and index(hand.win) not in {index(t) for t in hand.concealed}:
        raise RuleError(
            "win", _("the winning tile %(tile)s is not in the hand"), {"tile": hand.win}
        )


def check_situation(hand: TileHand, situation: Situation) -> None:
    """The situation fits the hand: riichi, ippatsu and ura dora together, a kong win with
    a kong, and no more indicators than the set has."""
    kongs = sum(1 for m in hand.melds if m.kind == KONG)
    if situation.riichi and hand.is_open:
        raise RuleError("riichi", _("riichi needs a concealed hand: this one has open melds"))
    if situation.ippatsu and not situation.riichi:
        raise RuleError("ippatsu", _("ippatsu needs riichi"))
    if situation.ura and not situation.riichi:
        raise RuleError("ura", _("ura dora count only for a riichi hand"))
    if situation.kong and situation.tsumo and not kongs:
        raise RuleError("kong", _("a win on a kong's replacement tile needs a kong in the hand"))
    if situation.kong and situation.last_tile:
        raise RuleError("kong", _("a kong win and a last-tile win cannot go together"))
    if len(situation.dora) > MAX_INDICATORS:
        raise RuleError(
            "dora",
            ngettext(
                "at most %(count)s dora indicator (one, and one per kong)",
                "at most %(count)s dora indicators (one, and one per kong)",
            ),
            {"count": MAX_INDICATORS},
        )
    if len(situation.ura) > len(situation.dora):
        raise RuleError("ura", _("there are no more ura dora indicators than dora indicators"))
