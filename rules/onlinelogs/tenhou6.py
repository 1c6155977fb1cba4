"""The tenhou.net/6 JSON: tenhou.net's viewer format, also what the Mahjong Soul converters
write (with the game's uuid as ``ref`` and, from some converters, ``playerMapping`` with the
account ids).

``name`` the four names; ``log`` one list per hand: ``[round, counters, sticks]``, the four
scores, the dora and ura dora indicators, per seat its dealt tiles, draws and discards (a
discard written ``"r.."`` declares riichi), and the result: ``["和了", payments, info, ...]``
with one payments-and-info pair per winner (info: winner, from whom, liable seat, the value as
text such as ``"30符4飜2000-3900点"``, then the yaku as ``"立直(1飜)"``), ``["流局", payments]``,
``["流し満貫", payments]``, or the name of an abortive draw. ``sc`` the final scores, each
followed by its uma figure."""

from __future__ import annotations

import json
import re
from typing import Any

from rules.i18n import gettext_noop as _
from rules.onlinelogs.model import (
    ABORTIVE,
    DRAW,
    MAJSOUL,
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
from rules.onlinelogs.yaku import LIABLE_YAKUMAN, key_of_name

TENHOU_REF = re.compile(r"^\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-fx][0-9a-f]{7,}$")
MAJSOUL_REF = re.compile(r"^\d{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
ABORTIVE_NAMES = {
    "九種九牌": "nine_terminals",
    "四風連打": "four_winds",
    "四家立直": "four_riichi",
    "四槓散了": "four_kans",
    "四開槓": "four_kans",
    "三家和了": "triple_ron",
    "三家和": "triple_ron",
}
ALL_TENPAI, NONE_TENPAI = "全員聴牌", "全員不聴"
VALUE = re.compile(
    r"^(?:(\d{1,4})符)?(?:(\d{1,3})飜)?([^\d]{0,20}?)(\d{1,9})(?:-(\d{1,9}))?点(∀)?$"
)
YAKU = re.compile(r"^(.{0,40})\((?:(\d{1,3})飜|(役満.{0,10}))\)$")
MAX_HANDS = 60
MAX_POINTS = 10**7


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_POINTS:
        raise malformed(what)
    return value


def _list(value: Any, what: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise malformed(what)
    return value


def _seat(value: Any, what: str) -> int:
    seat = _int(value, what)
    if not 0 <= seat <= 3:
        raise malformed(what)
    return seat


def _four(value: Any, what: str) -> tuple[int, int, int, int]:
    items = [_int(v, what) for v in _list(value, what, 4)]
    return (items[0], items[1], items[2], items[3])


def parse_json(content: bytes | str) -> GameLog:
    """A ``GameLog`` from tenhou.net/6 JSON, or a ``LogError``."""
    try:
        data = json.loads(content)
    except (ValueError, TypeError, RecursionError):
        raise malformed("not JSON") from None
    if not isinstance(data, dict):
        raise malformed("not a tenhou.net/6 object")
    ref = data.get("ref")
    if not isinstance(ref, str):
        raise malformed("no ref")
    platform = TENHOU if TENHOU_REF.match(ref) else MAJSOUL if MAJSOUL_REF.match(ref) else ""
    if not platform:
        raise malformed("ref is not a tenhou.net or Mahjong Soul game id")
    names = [n[:100] for n in _list(data.get("name"), "name") if isinstance(n, str)]
    rule = data.get("rule")
    disp = str(rule.get("disp", ""))[:40] if isinstance(rule, dict) else ""
    if len(names) == 3 or disp.startswith("三"):
        raise LogError(
            _("this is a three-player game: our rules score four players"), reason="unsupported"
        )
    if len(names) != 4:
        raise malformed("name")
    accounts = _accounts(data.get("playerMapping"), names)
    rounds = _list(data.get("log"), "log")
    if not rounds or len(rounds) > MAX_HANDS:
        raise malformed("log")
    hands = [
        _hand(entry, rounds[i + 1] if i + 1 < len(rounds) else None, platform)
        for i, entry in enumerate(rounds)
    ]
    final = _list(data.get("sc"), "sc", 8)
    return GameLog(
        platform=platform,
        log_id=ref,
        names=(names[0], names[1], names[2], names[3]),
        hands=tuple(hands),
        final=(
            _int(final[0], "sc"),
            _int(final[2], "sc"),
            _int(final[4], "sc"),
            _int(final[6], "sc"),
        ),
        accounts=accounts,
        rules={"length": "tonpuusen" if "東" in disp else "hanchan" if "南" in disp else ""},
    )


def _accounts(mapping: Any, names: list[str]) -> tuple[str, ...]:
    if mapping is None:
        return ()
    items = _list(mapping, "playerMapping", 4)
    accounts = []
    for item, name in zip(items, names, strict=True):
        if not isinstance(item, dict) or item.get("nickname") != name:
            raise malformed("playerMapping")
        account = item.get("account_id")
        if isinstance(account, bool) or not isinstance(account, int | str):
            raise malformed("playerMapping")
        accounts.append(str(account)[:40])
    return tuple(accounts)


def _hand(entry: Any, following: Any, platform: str) -> LogHand:
    entry = _list(entry, "hand", 17)
    head = _list(entry[0], "hand", 3)
    number, counters, sticks = (_int(v, "hand") for v in head)
    if min(number, counters, sticks) < 0:
        raise malformed("hand")
    before = _four(entry[1], "scores")
    discards = [_list(entry[6 + 3 * seat], "discards") for seat in range(4)]
    result = _list(entry[16], "result")
    if not result or not isinstance(result[0], str):
        raise malformed("result")
    name = result[0]
    dealer = number % 4
    after = None
    if following is not None:
        following = _list(following, "hand", 17)
        after = _four(following[1], "scores")
    if name == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            raise malformed("win")
        deltas = [0, 0, 0, 0]
        wins = []
        for i in range(1, len(result), 2):
            paid = _four(result[i], "win payments")
            for s in range(4):
                deltas[s] += paid[s]
            wins.append(_win(_list(result[i + 1], "win"), dealer, platform))
        kind, extra = WIN, {"wins": tuple(wins)}
        ron_from = {w.discarder for w in wins if w.discarder is not None}
    else:
        deltas = list(_four(result[1], "draw payments")) if len(result) > 1 else [0, 0, 0, 0]
        ron_from = set()
        if name in ABORTIVE_NAMES:
            kind, extra = ABORTIVE, {"abortive": ABORTIVE_NAMES[name]}
        elif name == "流し満貫":
            kind, extra = NAGASHI, {"nagashi": tuple(s for s in range(4) if deltas[s] > 0)}
        elif name in ("流局", ALL_TENPAI, NONE_TENPAI):
            kind = DRAW
            tenpai = (
                tuple(range(4))
                if name == ALL_TENPAI
                else tuple(s for s in range(4) if deltas[s] > 0)
            )
            extra = {"tenpai": tenpai}
        else:
            raise malformed(f"result {name[:20]}")
    riichi = _riichi(discards, ron_from, before, deltas, after)
    if kind == NAGASHI:
        kept = following is not None and _list(following[0], "hand", 3)[0] == number
        extra["tenpai"] = tuple(sorted(set(riichi) | ({dealer} if kept else set())))
    return LogHand(
        round=number,
        counters=counters,
        sticks=sticks,
        before=before,
        kind=kind,
        riichi=riichi,
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        **extra,
    )


def _riichi(
    discards: list[list],
    ron_from: set[int],
    before: tuple[int, ...],
    deltas: list[int],
    after: tuple[int, ...] | None,
) -> tuple[int, ...]:
    """Who paid a riichi stick in this hand. The payments of the log leave out the sticks paid
    in the hand, so where the next hand's scores are known they say it; for the last hand a
    discard written ``r..`` does, unless it was the discard a win was made on."""
    if after is not None:
        paid = [before[s] + deltas[s] - after[s] for s in range(4)]
        if all(p in (0, 1000) for p in paid):
            return tuple(s for s in range(4) if paid[s] == 1000)
    declared = []
    for seat, tiles in enumerate(discards):
        marked = [i for i, t in enumerate(tiles) if isinstance(t, str) and t.startswith("r")]
        if not marked:
            continue
        if seat in ron_from and marked[-1] == len(tiles) - 1:
            continue
        declared.append(seat)
    return tuple(declared)


def _win(info: list, dealer: int, platform: str) -> LogWin:
    if len(info) < 4:
        raise malformed("win")
    winner = _seat(info[0], "winner")
    source = _seat(info[1], "discarder")
    liable = _seat(info[2], "liable player")
    value = info[3]
    match = VALUE.match(value) if isinstance(value, str) else None
    if match is None:
        raise malformed("win value")
    fu_text, han_text, limit, first, second, each = match.groups()
    if each:
        points = 3 * int(first)
    elif second:
        points = 2 * int(first) + int(second)
    else:
        points = int(first)
    yaku, yakuman_lines = [], 0
    for text in info[4:]:
        found = YAKU.match(text) if isinstance(text, str) else None
        if found is None:
            raise malformed("yaku")
        key = key_of_name(found.group(1))[:40]
        if found.group(3):
            yakuman_lines += 1
            yaku.append(YakuLine(key, 13))
        else:
            yaku.append(YakuLine(key, int(found.group(2))))
    han = int(han_text) if han_text else sum(y.han for y in yaku if not yakuman_lines)
    is_yakuman = "役満" in limit
    counted = is_yakuman and not yakuman_lines
    yakuman = max(1, points // (48000 if winner == dealer else 32000)) if is_yakuman else 0
    pao = liable if liable != winner else None
    pao_yakuman = 0
    if pao is not None:
        pao_yakuman = sum(
            (2 if platform == MAJSOUL and y.key == "daisuushii" else 1)
            for y in yaku
            if y.key in LIABLE_YAKUMAN
        )
    return LogWin(
        winner=winner,
        discarder=None if source == winner else source,
        han=han,
        fu=int(fu_text) if fu_text else 0,
        yakuman=yakuman,
        counted=counted,
        points=points,
        pao=pao,
        pao_yakuman=pao_yakuman,
        yaku=tuple(yaku),
    )
