"""tenhou.net's tile and meld numbers, written in our notation (``rules.tiles.hand``).

A tile is 0-135: ``tile // 4`` is its kind (0-8 characters 1-9, 9-17 dots, 18-26 bamboos,
27-33 East, South, West, North, white, green, red) and, in a game with red fives, 16, 52 and 88
are the red fives. A meld is one number whose low bits say what it is: bit 2 a chow, bit 3 a
pung, bit 4 a pung made a kong, bit 5 (three players only) a north; otherwise a kong,
concealed when its two lowest bits (whom it was claimed from, counted to the right) are 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.onlinelogs.model import malformed

SUITS = "mpsz"
RED_FIVES = (16, 52, 88)
MAX_TILE = 135


def tile_code(tile: int, red: bool) -> str:
    if not 0 <= tile <= MAX_TILE:
        raise malformed(f"tile {tile}")
    kind = tile // 4
    if red and tile in RED_FIVES:
        return f"0{SUITS[kind // 9]}"
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def write(codes: Sequence[str]) -> str:
    """Codes grouped by suit in their order: ``1m 2m 3p`` -> ``12m3p``."""
    out, run, suit = [], "", ""
    for code in codes:
        if code[1] != suit and run:
            out.append(run + suit)
            run = ""
        run += code[0]
        suit = code[1]
    if run:
        out.append(run + suit)
    return "".join(out)


def _sort_key(code: str) -> tuple[int, int]:
    return SUITS.index(code[1]), int(code[0]) or 5


# tenhou counts the source to the right (1 the next player, 3 the previous one); our notation
# counts 1 the player on the left, 3 the one on the right.
_SOURCE = {1: 3, 2: 2, 3: 1}


def meld_notation(code: int, red: bool) -> str:
    """One meld in notation: ``[123m]``, ``[555p:2]``, ``[5555s:1]``, ``(7777z)``."""
    if not 0 <= code < 1 << 16:
        raise malformed(f"meld {code}")
    source = _SOURCE.get(code & 3)
    if code & 0x4:
        pattern = code >> 10
        base = (pattern // 3 // 7) * 9 + pattern // 3 % 7
        if base % 9 > 6 or base >= 27:
            raise malformed(f"meld {code}")
        tiles = [(base + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
        return f"[{write([tile_code(t, red) for t in tiles])}]"
    if code & 0x18:
        pattern = code >> 9
        kind = pattern // 3
        if kind > 33:
            raise malformed(f"meld {code}")
        unused = (code >> 5) & 3
        tiles = [kind * 4 + i for i in range(4) if code & 0x10 or i != unused]
        body = write(sorted((tile_code(t, red) for t in tiles), key=_sort_key))
        return f"[{body}:{source}]" if source else f"[{body}]"
    if code & 0x20:
        raise malformed("a three-player meld")
    kind = (code >> 8) // 4
    if kind > 33:
        raise malformed(f"meld {code}")
    body = write(sorted((tile_code(kind * 4 + i, red) for i in range(4)), key=_sort_key))
    if source is None:
        return f"({body})"
    return f"[{body}:{source}]"


def hand_notation(concealed: Sequence[int], melds: Sequence[int], win: int, red: bool) -> str:
    """A winning hand in notation: the standing tiles, the melds, the winning tile last."""
    codes = [tile_code(t, red) for t in concealed]
    winning = tile_code(win, red)
    if winning in codes:
        codes.remove(winning)
    codes.sort(key=_sort_key)
    parts = [write(codes), *(meld_notation(m, red) for m in melds), winning]
    return " ".join(p for p in parts if p)
