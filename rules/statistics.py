"""Player statistics from score sheets (docs/rules/statistics.md): what the hands that count say
about one player, in one event or across events, and the awards an event may give.

A ``Game`` is one table's sheet as the statistics read it: the hands that count, played out by
the ruleset (``rules.hands.play_sheet``, so each line knows its dealer, its payments and what each
win was worth), and the same hands as the sheet stores them, whose ``tiles`` (where the hand was
entered by its tiles) name the win's fans or yaku. Everything here is a count (``int``) or a ratio
of counts (``Fraction``, ``None`` where nothing was counted); ``decimal`` rounds only for display.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.hands.model import ADJUSTMENT, DRAW, WIN, Sheet, Win

MCR, RIICHI, POINTS = "mcr", "riichi", "points"

BEST_HAND, MOST_WINS, FEWEST_DEAL_INS = "best_hand", "most_wins", "fewest_deal_ins"
AWARDS = (BEST_HAND, MOST_WINS, FEWEST_DEAL_INS)

Scores = tuple[int, int, int, int]


@dataclass(frozen=True)
class Game:
    """One sheet for one player: ``seat`` (0-3, as the sheet numbers them), ``sheet`` the hands
    that count played out, ``hands`` the same hands as stored (for their tiles), ``label`` what
    names the game to the caller (it comes back in ``BestWin.label``)."""

    seat: int
    sheet: Sheet
    hands: tuple[Mapping[str, Any], ...] = ()
    label: Hashable = None


@dataclass(frozen=True)
class BestWin:
    """A player's biggest win. ``size`` is what makes it the biggest: in riichi the points it
    was worth before counters and deposits (``points``), in MCR its fan with the bonus tiles.
    Where it was (the game's ``label``, the hand's ``number`` on its sheet), the win as
    announced, and the keys of its fans or yaku when it was entered by its tiles."""

    size: int
    points: int
    label: Hashable
    number: int
    win: Win
    self_drawn: bool
    yaku: tuple[str, ...] = ()


def ratio(part: int, whole: int) -> Fraction | None:
    return Fraction(part, whole) if whole else None


@dataclass(frozen=True)
class PlayerStats:
    """The counts behind every figure; the rates and averages are properties over them, so that
    figures summed over events stay exact (docs/rules/statistics.md#figures)."""

    family: str
    games: int = 0
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    riichi: int = 0
    dealt: int = 0
    dealt_again: int = 0
    draws: int = 0
    tenpai_draws: int = 0
    chombo: int = 0
    won: int = 0
    fan: int = 0
    best: BestWin | None = None
    tiled_wins: int = 0
    yaku: tuple[tuple[str, int], ...] = ()

    @property
    def win_rate(self) -> Fraction | None:
        return ratio(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> Fraction | None:
        return ratio(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> Fraction | None:
        return ratio(self.riichi, self.hands)

    @property
    def tsumo_share(self) -> Fraction | None:
        return ratio(self.self_drawn, self.wins)

    @property
    def average_win(self) -> Fraction | None:
        return ratio(self.won, self.wins)

    @property
    def fan_average(self) -> Fraction | None:
        return ratio(self.fan, self.wins)

    @property
    def dealer_retention(self) -> Fraction | None:
        return ratio(self.dealt_again, self.dealt)

    @property
    def tenpai_share(self) -> Fraction | None:
        return ratio(self.tenpai_draws, self.draws)


def tile_keys(hand: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The fans or yaku of a stored hand entered by its tiles (each once, in the order the
    tiles gave them); ``None`` for a hand entered as announced."""
    tiles = hand.get("tiles")
    result = tiles.get("result") if isinstance(tiles, Mapping) else None
    if not isinstance(result, Mapping):
        return None
    lines = result.get("lines") or ()
    keys = (str(line["key"]) for line in lines if isinstance(line, Mapping) and "key" in line)
    return tuple(dict.fromkeys(keys))


def _after(sheet: Sheet, index: int):
    """The sheet's state after its line ``index``."""
    lines = sheet.lines
    return lines[index + 1].before if index + 1 < len(lines) else sheet.state


def player_stats(family: str, games: Iterable[Game], chombo: int = 0) -> PlayerStats:
    """One player's figures over ``games`` (one event's, or every event's of a ruleset family:
    the counts simply add up). ``chombo``: the chombo reports against the player that stand.

    A hand is every line of a sheet but a referee's adjustment; a win's points are what it was
    worth before counters and deposits (MCR: what the winner received); the dealer kept the deal
    when the deal did not pass after the hand (docs/rules/statistics.md#figures)."""
    n: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    best: BestWin | None = None
    for game in games:
        n["games"] += 1
        seat = game.seat
        for index, line in enumerate(game.sheet.lines):
            hand = line.hand
            if hand.kind == ADJUSTMENT:
                continue
            n["hands"] += 1
            n["riichi"] += int(seat in hand.riichi)
            if line.before.dealer == seat:
                n["dealt"] += 1
                n["dealt_again"] += int(_after(game.sheet, index).passes == line.before.passes)
            if hand.kind == DRAW:
                n["draws"] += 1
                n["tenpai_draws"] += int(seat in hand.tenpai)
            if hand.kind != WIN:
                continue
            n["deal_ins"] += int(hand.discarder == seat)
            win = next((w for w in hand.wins if w.winner == seat), None)
            if win is None:
                continue
            points = line.values.get(seat, 0)
            n["wins"] += 1
            n["self_drawn"] += int(hand.discarder is None)
            n["won"] += points
            n["fan"] += win.fan + win.bonus
            stored = game.hands[index] if index < len(game.hands) else {}
            keys = tile_keys(stored)
            if keys is not None:
                n["tiled_wins"] += 1
                yaku.update(keys)
            size = win.fan + win.bonus if family == MCR else points
            if best is None or size > best.size:
                best = BestWin(
                    size, points, game.label, line.number, win, hand.discarder is None, keys or ()
                )
    return PlayerStats(
        family,
        chombo=chombo,
        best=best,
        yaku=tuple(sorted(yaku.items(), key=lambda kv: (-kv[1], kv[0]))),
        **{name: n[name] for name in _COUNTS},
    )


_COUNTS = (
    "games",
    "hands",
    "wins",
    "self_drawn",
    "deal_ins",
    "riichi",
    "dealt",
    "dealt_again",
    "draws",
    "tenpai_draws",
    "won",
    "fan",
    "tiled_wins",
)


def scores(sheet: Sheet) -> tuple[Scores, ...]:
    """Each seat's score at the start of the game and after every line of the sheet."""
    if not sheet.lines:
        return (sheet.totals,)
    first = sheet.lines[0]
    start = tuple(t - p for t, p in zip(first.totals, first.payments, strict=True))
    return (start, *(line.totals for line in sheet.lines))  # type: ignore[return-value]


@dataclass(frozen=True)
class Award:
    """An award and who earns it (players tied share it, in the order they were given).
    ``figure``: the best hand's size, the wins, the deal-ins; ``hands``: for the best hand, each
    winner's hand, in the players' order."""

    kind: str
    players: tuple[Hashable, ...]
    figure: int
    hands: tuple[BestWin, ...] = ()


def awards(players: Mapping[Hashable, PlayerStats]) -> tuple[Award, ...]:
    """The event's awards (docs/rules/statistics.md#awards), in ``AWARDS`` order, those somebody
    earned: the best hand (the biggest ``BestWin``), the most wins, and the fewest deal-ins among
    the players who played the most games (then the more hands played). Ties share an award.
    Events whose hands are points per seat (no winner named) give none."""
    stats = {key: s for key, s in players.items() if s.family in (MCR, RIICHI)}
    found: list[Award] = []
    sizes = {key: s.best.size for key, s in stats.items() if s.best is not None}
    if sizes:
        top = max(sizes.values())
        keys = tuple(key for key, size in sizes.items() if size == top)
        found.append(Award(BEST_HAND, keys, top, tuple(stats[k].best for k in keys)))  # type: ignore[misc]
    most = max((s.wins for s in stats.values()), default=0)
    if most:
        found.append(Award(MOST_WINS, tuple(k for k, s in stats.items() if s.wins == most), most))
    games = max((s.games for s in stats.values() if s.hands), default=0)
    eligible = {k: s for k, s in stats.items() if s.hands and s.games == games}
    if eligible:
        fewest = min((s.deal_ins, -s.hands) for s in eligible.values())
        keys = tuple(k for k, s in eligible.items() if (s.deal_ins, -s.hands) == fewest)
        found.append(Award(FEWEST_DEAL_INS, keys, fewest[0]))
    return tuple(found)


def decimal(value: Fraction | int, places: int = 1) -> str:
    """``value`` rounded half up to ``places`` decimals, as text ("33.3"); exact values are
    rounded only here, for display."""
    scale = 10**places
    scaled = math.floor(Fraction(value) * scale + Fraction(1, 2))
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), scale)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def percent(value: Fraction | None, places: int = 1) -> str:
    """A rate as a percentage for display ("33.3"), "" for no rate."""
    return "" if value is None else decimal(value * 100, places)


__all__ = [
    "AWARDS",
    "BEST_HAND",
    "FEWEST_DEAL_INS",
    "MCR",
    "MOST_WINS",
    "POINTS",
    "RIICHI",
    "Award",
    "BestWin",
    "Game",
    "PlayerStats",
    "awards",
    "decimal",
    "percent",
    "player_stats",
    "ratio",
    "scores",
    "tile_keys",
]
