"""tenhou.net's mjlog XML (what ``tenhou.net/0/log/?<id>`` serves and the client saves).

The elements read: ``GO`` (the game's type bits: 0x02 no red fives, 0x08 East and South, 0x10
three players), ``UN`` (the names, URL-encoded), ``INIT`` (a hand starts: ``seed`` round,
counters, sticks; ``ten`` the scores in hundreds; ``oya`` the dealer), ``REACH`` with step 2
(a riichi the stick was paid for), ``AGARI`` (a win; several in a row on one discard) and
``RYUUKYOKU`` (a draw: ``type`` names an abortive draw or ``nm`` a nagashi mangan, ``hai0``-``hai3``
the tenpai hands). ``sc`` gives each seat's score before and its payment, in hundreds; the
last element carries ``owari``, the final scores. The XML is read with ``defusedxml`` (no
entities, no external references)."""

from __future__ import annotations

import re
from urllib.parse import unquote

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

from rules.i18n import gettext_noop as _
from rules.onlinelogs.melds import hand_notation
from rules.onlinelogs.model import (
    ABORTIVE,
    DRAW,
    NAGASHI,
    TENHOU,
    WIN,
    GameLog,
    LogError,
    LogHand,
    LogWin,
    YakuLine,
    malformed,
)
from rules.onlinelogs.yaku import LIABLE_YAKUMAN, YAKU_KEYS

ABORTIVE_TYPES = {
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "kan4": "four_kans",
    "ron3": "triple_ron",
}
YAKUMAN_HAN = 13
DECIMAL = re.compile(r"^\s*-?\d{1,9}(\.\d{1,9})?\s*$")
MAX_HANDS = 60


def ints(text: str | None, what: str, count: int | None = None) -> list[int]:
    if text is None:
        raise malformed(what)
    try:
        values = [int(part) for part in text.split(",")] if text.strip() else []
    except ValueError:
        raise malformed(what) from None
    if count is not None and len(values) != count:
        raise malformed(what)
    return values


def pairs(text: str | None, what: str, *, whole: bool = True) -> list[int]:
    """``sc`` (score, payment) or ``owari`` (score, uma with decimals) for four seats, in
    hundreds: the four scores, then (``whole``) the four payments, as points."""
    if text is None:
        raise malformed(what)
    parts = text.split(",")
    if len(parts) != 8:
        raise malformed(what)
    try:
        scores = [int(parts[i]) * 100 for i in (0, 2, 4, 6)]
        seconds = [int(parts[i]) * 100 if whole else 0 for i in (1, 3, 5, 7)]
    except ValueError:
        raise malformed(what) from None
    if not whole and not all(DECIMAL.match(parts[i]) for i in (1, 3, 5, 7)):
        raise malformed(what)
    return scores + seconds


def seat(text: str | None, what: str) -> int:
    values = ints(text, what, 1)
    if not 0 <= values[0] <= 3:
        raise malformed(what)
    return values[0]


def parse_xml(content: bytes | str, log_id: str = "") -> GameLog:
    """A ``GameLog`` from mjlog XML, or a ``LogError``."""
    try:
        root = ElementTree.fromstring(content)
    except (ElementTree.ParseError, DefusedXmlException, ValueError):
        raise malformed("not well-formed XML") from None
    if root.tag != "mjloggm":
        raise malformed("not an mjlog file")
    reader = _Reader()
    for element in root:
        reader.read(element.tag, dict(element.attrib))
    return reader.game(log_id)


class _Reader:
    def __init__(self) -> None:
        self.names: tuple[str, str, str, str] | None = None
        self.red = True
        self.length = ""
        self.hands: list[LogHand] = []
        self.current: dict | None = None
        self.final: tuple[int, int, int, int] | None = None

    def read(self, tag: str, a: dict[str, str]) -> None:
        if self.final is not None and tag in ("INIT", "AGARI", "RYUUKYOKU", "REACH"):
            raise malformed("play after the end of the game")
        if tag == "GO":
            kind = ints(a.get("type"), "GO type", 1)[0]
            if kind & 0x10:
                raise LogError(
                    _("this is a three-player game: our rules score four players"),
                    reason="unsupported",
                )
            self.red = not kind & 0x02
            self.length = "hanchan" if kind & 0x08 else "tonpuusen"
        elif tag == "UN" and self.names is None and "n0" in a:
            names = tuple(unquote(a.get(f"n{i}", "")) for i in range(4))
            if not names[3]:
                raise LogError(
                    _("this is a three-player game: our rules score four players"),
                    reason="unsupported",
                )
            self.names = names  # type: ignore[assignment]
        elif tag == "INIT":
            self._close()
            seed = ints(a.get("seed"), "INIT seed", 6)
            ten = ints(a.get("ten"), "INIT ten", 4)
            dealer = seat(a.get("oya"), "INIT oya")
            if seed[0] % 4 != dealer or min(seed[:3]) < 0 or len(self.hands) >= MAX_HANDS:
                raise malformed("INIT")
            self.current = {
                "round": seed[0],
                "counters": seed[1],
                "sticks": seed[2],
                "before": tuple(t * 100 for t in ten),
                "dealer": dealer,
                "riichi": [],
                "wins": [],
                "deltas": [0, 0, 0, 0],
            }
        elif tag == "REACH" and a.get("step") == "2":
            hand = self._hand("REACH")
            who = seat(a.get("who"), "REACH who")
            if who in hand["riichi"]:
                raise malformed("REACH twice")
            hand["riichi"].append(who)
        elif tag == "AGARI":
            self._agari(a)
        elif tag == "RYUUKYOKU":
            self._draw(a)

    def _hand(self, what: str) -> dict:
        if self.current is None:
            raise malformed(f"{what} outside a hand")
        return self.current

    def _payments(self, hand: dict, a: dict[str, str], what: str) -> None:
        sc = pairs(a.get("sc"), f"{what} sc")
        for i in range(4):
            hand["deltas"][i] += sc[4 + i]
        if "owari" in a:
            owari = pairs(a["owari"], "owari", whole=False)
            self.final = (owari[0], owari[1], owari[2], owari[3])

    def _agari(self, a: dict[str, str]) -> None:
        hand = self._hand("AGARI")
        if hand.get("kind") not in (None, WIN):
            raise malformed("AGARI after a draw")
        hand["kind"] = WIN
        winner = seat(a.get("who"), "AGARI who")
        source = seat(a.get("fromWho"), "AGARI fromWho")
        fu, points, limit = ints(a.get("ten"), "AGARI ten", 3)
        pairs = ints(a.get("yaku", ""), "AGARI yaku")
        if len(pairs) % 2:
            raise malformed("AGARI yaku")
        yaku = [
            YakuLine(YAKU_KEYS.get(pairs[i], str(pairs[i])), pairs[i + 1])
            for i in range(0, len(pairs), 2)
        ]
        yakuman_ids = ints(a.get("yakuman", ""), "AGARI yakuman")
        yaku += [YakuLine(YAKU_KEYS.get(i, str(i)), YAKUMAN_HAN) for i in yakuman_ids]
        han = sum(line.han for line in yaku if line.han < YAKUMAN_HAN or not yakuman_ids)
        per_yakuman = 48000 if winner == hand["dealer"] else 32000
        counted = limit == 5 and not yakuman_ids
        yakuman = max(1, points // per_yakuman) if yakuman_ids or counted else 0
        pao = seat(a["paoWho"], "AGARI paoWho") if "paoWho" in a else None
        liable = sum(1 for line in yaku if line.key in LIABLE_YAKUMAN)
        tiles = ""
        if a.get("hai"):
            tiles = hand_notation(
                ints(a.get("hai"), "AGARI hai"),
                ints(a.get("m", ""), "AGARI m"),
                ints(a.get("machi"), "AGARI machi", 1)[0],
                self.red,
            )
        hand["wins"].append(
            LogWin(
                winner=winner,
                discarder=None if source == winner else source,
                han=han,
                fu=fu,
                yakuman=yakuman,
                counted=counted,
                points=points,
                pao=pao,
                pao_yakuman=liable if pao is not None else 0,
                yaku=tuple(yaku),
                tiles=tiles,
            )
        )
        self._payments(hand, a, "AGARI")

    def _draw(self, a: dict[str, str]) -> None:
        hand = self._hand("RYUUKYOKU")
        if "kind" in hand:
            raise malformed("RYUUKYOKU after the hand ended")
        kind = a.get("type", "")
        self._payments(hand, a, "RYUUKYOKU")
        hand["tenpai"] = [i for i in range(4) if a.get(f"hai{i}")]
        if kind in ABORTIVE_TYPES:
            hand["kind"], hand["abortive"] = ABORTIVE, ABORTIVE_TYPES[kind]
        elif kind == "nm":
            hand["kind"] = NAGASHI
            hand["nagashi"] = [i for i in range(4) if hand["deltas"][i] > 0]
        elif kind:
            raise malformed(f"draw type {kind}")
        else:
            hand["kind"] = DRAW

    def _close(self) -> None:
        hand = self.current
        if hand is None:
            return
        if "kind" not in hand:
            raise malformed("a hand without its end")
        self.hands.append(
            LogHand(
                round=hand["round"],
                counters=hand["counters"],
                sticks=hand["sticks"],
                before=hand["before"],
                kind=hand["kind"],
                wins=tuple(hand["wins"]),
                riichi=tuple(sorted(hand["riichi"])),
                tenpai=tuple(hand.get("tenpai", ())),
                abortive=hand.get("abortive", ""),
                nagashi=tuple(hand.get("nagashi", ())),
                deltas=tuple(hand["deltas"]),  # type: ignore[arg-type]
            )
        )
        self.current = None

    def game(self, log_id: str) -> GameLog:
        self._close()
        if self.names is None:
            raise malformed("no players")
        if not self.hands or self.final is None:
            raise malformed("the game's end is missing")
        return GameLog(
            platform=TENHOU,
            log_id=log_id,
            names=self.names,
            hands=tuple(self.hands),
            final=self.final,
            rules={"length": self.length, "red": self.red},
        )
