"""Riichi hands, EMA (RCR 2016) and WRC (docs/rules/hands.md#riichi).

Base points = fu x 2^(2 + han), capped: 5 han, or a base over 2000, is mangan (2000); 6-7 han
haneman (3000); 8-10 baiman (4000); 11+ sanbaiman (6000); yakuman 8000. A ron costs the
discarder 4 x base (6 x base to a dealer); a tsumo costs the dealer 2 x base and the others
1 x base (a dealer's tsumo: 2 x base each). Every single payment is rounded up to 100.

Counters (honba) add 300 to a ron and 100 per payer to a tsumo; riichi sticks (1000 each) go
to the next winner. At an exhaustive draw the noten players pay 3000 in all to the tenpai ones.
The dealer keeps the deal after a dealer win or when tenpai at a draw; a counter is added then
and after any draw, and cleared after a non-dealer win. A hanchan ends when the deal passes on
from South 4 (no bust end).

Options (defaults as in docs/rules/hands.md#riichi-options): ``counted_yakuman`` (13+ han is a
yakuman), ``multiple_yakuman`` (a hand may count several yakuman), ``kiriage`` (4 han 30 fu and
3 han 60 fu are mangan), all off; ``leftover_deposits`` (``first_place``: sticks left at the end
go to the first placed, shared equally by players tied there, a remainder to the tied seat
nearest the first dealer; ``lost``: they leave the game), ``multiple_ron`` (``all``: every
winner is paid, counters and sticks to the winner nearest the discarder's right;
``head_bump``: only that winner wins; ``two``: at most two winners, a third makes the hand an
abortive draw), ``game_length`` (``hanchan`` or ``tonpuusen``, East round only).

The platforms' rules (docs/rules/hands.md#platforms), all off by default: ``abortive_draws``
(a draw for nine terminals, four winds, four riichi, four kans or a triple ron: the riichi
sticks stay, the dealer keeps the deal, a counter is added), ``nagashi_mangan`` (paid at an
exhaustive draw as a mangan tsumo, without counters or sticks, instead of the tenpai payments),
``liability`` (``whole``: the liable player pays a self-drawn yakuman alone and half of one on
a discard, the counters too; ``yakuman``: only for the yakuman that made it liable),
``bust_end`` (the game ends when a player goes below zero), ``goal_points`` (after the last
hand, while nobody has that many points, the game goes on into the next wind's round, at most
to its end) and ``dealer_stop`` (``win`` or ``win_or_tenpai``: in the last hand or after it,
a dealer who keeps the deal while placed first, with at least ``goal_points``, ends the game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.errors import RuleError
from rules.hands.model import ABORTED, DRAW, WIN, Hand, SheetState, Win
from rules.hands.sheet import Payments
from rules.i18n import gettext_noop as _

START_POINTS = 30000
RIICHI_STICK = 1000
COUNTER_RON = 300
COUNTER_TSUMO = 100
DRAW_POOL = 3000
# Up to 140: three or four concealed kongs of terminals or honours go past 110 fu (a hand read
# from its tiles, 111m 23m and three concealed kongs won on 3m, is 120 fu at 4 han).
VALID_FU = (20, 25, *range(30, 150, 10))
LIMITS = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000}
MAX_HAN = 60
MAX_YAKUMAN = 6
PASSES = {"hanchan": 8, "tonpuusen": 4}

DEFAULTS = {
    "counted_yakuman": False,
    "multiple_yakuman": False,
    "kiriage": False,
    "leftover_deposits": "first_place",
    "multiple_ron": "all",
    "game_length": "hanchan",
    "abortive_draws": False,
    "nagashi_mangan": False,
    "liability": "none",
    "bust_end": False,
    "goal_points": None,
    "dealer_stop": "none",
}
MULTIPLE_RON = ("all", "head_bump", "two")
LIABILITY = ("none", "whole", "yakuman")
DEALER_STOP = ("none", "win", "win_or_tenpai")
EXTENSION = 4  # passes of the extra round played while nobody has the goal points


def _option(options: Mapping[str, Any], name: str) -> Any:
    return options.get(name, DEFAULTS[name])


def round_up(points: int) -> int:
    """Up to the next multiple of 100."""
    return -(-points // 100) * 100


def base_points(win: Win, options: Mapping[str, Any], *, tsumo: bool) -> int:
    """The base points of one win, after checking that han, fu or the limit can be."""
    if win.fan or win.bonus:
        raise RuleError("win", _("a riichi win is counted in han and fu, not fan"))
    if win.limit:
        if win.limit not in LIMITS:
            raise RuleError(
                "win.limit", _("must be one of %(limits)s"), {"limits": ", ".join(LIMITS)}
            )
        if win.han or win.fu:
            raise RuleError("win.limit", _("give either a limit or han and fu, not both"))
        if win.limit != "yakuman":
            if win.yakuman:
                raise RuleError("win.yakuman", _("only a yakuman counts yakuman"))
            return LIMITS[win.limit]
        count = win.yakuman or 1
        if count > 1 and not _option(options, "multiple_yakuman"):
            raise RuleError(
                "win.yakuman",
                _("multiple yakuman are not counted in this event: a yakuman is 8000"),
            )
        if count > MAX_YAKUMAN:
            raise RuleError("win.yakuman", _("at most %(count)s yakuman"), {"count": MAX_YAKUMAN})
        return LIMITS["yakuman"] * count
    if win.yakuman:
        raise RuleError("win.yakuman", _("only a yakuman counts yakuman"))
    if win.han < 1:
        raise RuleError("win.han", _("a win needs at least 1 han"))
    if win.han > MAX_HAN:
        raise RuleError("win.han", _("at most %(count)s han"), {"count": MAX_HAN})
    if win.fu and win.fu not in VALID_FU:
        raise RuleError(
            "win.fu",
            _("fu is 20, 25 or a multiple of 10 from 30 to 140, not %(fu)s"),
            {"fu": win.fu},
        )
    if win.han >= 13 and _option(options, "counted_yakuman"):
        return LIMITS["yakuman"]
    if win.han >= 11:
        return LIMITS["sanbaiman"]
    if win.han >= 8:
        return LIMITS["baiman"]
    if win.han >= 6:
        return LIMITS["haneman"]
    if win.han == 5:
        return LIMITS["mangan"]
    if not win.fu:
        raise RuleError("win.fu", _("a %(han)s han win needs its fu"), {"han": win.han})
    if win.fu == 20 and not tsumo:
        raise RuleError("win.fu", _("20 fu is only a self-drawn win (a ron has at least 30)"))
    if win.fu in (20, 25) and win.han < 2:
        raise RuleError("win.han", _("a %(fu)s fu win has at least 2 han"), {"fu": win.fu})
    base = win.fu * 2 ** (2 + win.han)
    if base > LIMITS["mangan"]:
        return LIMITS["mangan"]
    if _option(options, "kiriage") and base == 1920:
        return LIMITS["mangan"]
    return base


def nearest_right(discarder: int, seats: tuple[int, ...]) -> int:
    """Of ``seats``, the one first in turn after ``discarder``."""
    return min(seats, key=lambda seat: (seat - discarder) % 4)


def liable_base(win: Win, base: int, options: Mapping[str, Any]) -> int:
    """The part of ``base`` the win's liable player (``pao``) answers for: 0 without one."""
    if win.pao is None:
        if win.pao_yakuman:
            raise RuleError("win.pao", _("name the liable player"))
        return 0
    liability = _option(options, "liability")
    if liability == "none":
        raise RuleError("win.pao", _("this event has no liability payments (pao)"))
    if win.pao == win.winner:
        raise RuleError("win.pao", _("the winner cannot be liable for their own win"))
    if base < LIMITS["yakuman"]:
        raise RuleError("win.pao", _("a player is liable only for a yakuman"))
    if liability == "whole":
        return base
    count = win.pao_yakuman or base // LIMITS["yakuman"]
    return min(base, LIMITS["yakuman"] * count)


def top_seat(totals: tuple[int, ...]) -> int:
    """The seat placed first: the highest score, a tie to the seat nearest the first dealer."""
    return min(range(4), key=lambda seat: (-totals[seat], seat))


class RiichiHands:
    family = "riichi"
    kinds = (WIN, DRAW, ABORTED)

    def start_points(self, options: Mapping[str, Any]) -> int:
        return int(options.get("start_points", START_POINTS))

    def score(
        self, state: SheetState, hand: Hand, options: Mapping[str, Any]
    ) -> tuple[Payments, dict[int, int], SheetState]:
        if hand.kind == ABORTED:
            if hand.riichi:
                raise RuleError(
                    "riichi", _("a re-dealt hand returns its riichi sticks: leave riichi empty")
                )
            return (0, 0, 0, 0), {}, state
        payments = [0, 0, 0, 0]
        for seat in hand.riichi:
            payments[seat] -= RIICHI_STICK
        deposits = state.deposits + RIICHI_STICK * len(hand.riichi)
        if hand.kind == DRAW:
            return self._draw(state, hand, payments, deposits, options)
        if hand.tenpai:
            raise RuleError("tenpai", _("tenpai is asked at a draw only"))
        wins = hand.wins
        tsumo = hand.discarder is None
        if tsumo and len(wins) > 1:
            raise RuleError("wins", _("only a win on a discard can have several winners"))
        winners = tuple(w.winner for w in wins)
        if hand.discarder in winners:
            raise RuleError("discarder", _("the winner cannot also be the discarder"))
        first = winners[0] if tsumo else nearest_right(hand.discarder, winners)
        multiple = _option(options, "multiple_ron")
        if len(wins) > 1 and multiple == "head_bump":
            raise RuleError(
                "wins",
                _(
                    "head bump: only the winner nearest the discarder's right wins "
                    "(seat %(seat)s); enter that win alone"
                ),
                {"seat": first},
            )
        if len(wins) > 2 and multiple == "two":
            raise RuleError(
                "wins", _("three winners on one discard: the hand is an abortive draw (triple ron)")
            )
        values: dict[int, int] = {}
        for win in wins:
            base = base_points(win, options, tsumo=tsumo)
            liable = liable_base(win, base, options)
            if tsumo:
                won = self._tsumo(state, win, base, liable, payments)
            else:
                counters = COUNTER_RON * state.counters if win.winner == first else 0
                won = round_up((6 if win.winner == state.dealer else 4) * base)
                half = round_up((6 if win.winner == state.dealer else 4) * liable) // 2
                payments[hand.discarder] -= won - half + (0 if win.pao is not None else counters)
                if win.pao is not None:
                    payments[win.pao] -= half + counters
                payments[win.winner] += won + counters
            values[win.winner] = won
        payments[first] += deposits
        if state.dealer in winners:
            after = replace(state, counters=state.counters + 1, deposits=0, hands=state.hands + 1)
        else:
            after = replace(
                state, passes=state.passes + 1, counters=0, deposits=0, hands=state.hands + 1
            )
        return (payments[0], payments[1], payments[2], payments[3]), values, after

    @staticmethod
    def _tsumo(state: SheetState, win: Win, base: int, liable: int, payments: list[int]) -> int:
        """Pay a self-drawn win into ``payments``: each other player's share of the base not
        covered by a liable player, the liable player the rest and every counter. Returns what
        the win was worth without counters."""
        won = 0
        counters = COUNTER_TSUMO * state.counters
        for seat in range(4):
            if seat == win.winner:
                continue
            share = 2 if state.dealer in (win.winner, seat) else 1
            pays, covered = round_up(share * (base - liable)), round_up(share * liable)
            payments[seat] -= pays + (counters if win.pao is None else 0)
            if win.pao is not None:
                payments[win.pao] -= covered + counters
            won += pays + covered
        payments[win.winner] += won + 3 * counters
        return won

    def _draw(
        self,
        state: SheetState,
        hand: Hand,
        payments: list[int],
        deposits: int,
        options: Mapping[str, Any],
    ) -> tuple[Payments, dict[int, int], SheetState]:
        if hand.abortive:
            if not _option(options, "abortive_draws"):
                raise RuleError("abortive", _("this event plays no abortive draws"))
            if hand.abortive == "triple_ron" and _option(options, "multiple_ron") != "two":
                raise RuleError(
                    "abortive", _("a triple ron is paid to its three winners in this event")
                )
            if hand.tenpai or hand.nagashi:
                raise RuleError(
                    "tenpai", _("an abortive draw pays nothing: leave tenpai and nagashi empty")
                )
            after = replace(
                state, counters=state.counters + 1, deposits=deposits, hands=state.hands + 1
            )
            return (payments[0], payments[1], payments[2], payments[3]), {}, after
        noten_riichi = [seat for seat in hand.riichi if seat not in hand.tenpai]
        if noten_riichi:
            raise RuleError(
                "tenpai",
                _(
                    "a player who declared riichi is tenpai at a draw; a noten riichi is a "
                    "chombo (record the foul and enter the hand as re-dealt)"
                ),
            )
        tenpai = hand.tenpai
        if hand.nagashi:
            if not _option(options, "nagashi_mangan"):
                raise RuleError("nagashi", _("this event plays no nagashi mangan"))
            for seat in hand.nagashi:
                self._tsumo(
                    replace(state, counters=0), Win(seat, limit="mangan"), 2000, 0, payments
                )
        elif 0 < len(tenpai) < 4:
            gets, pays = DRAW_POOL // len(tenpai), DRAW_POOL // (4 - len(tenpai))
            for seat in range(4):
                payments[seat] += gets if seat in tenpai else -pays
        passes = state.passes if state.dealer in tenpai else state.passes + 1
        after = replace(
            state,
            passes=passes,
            counters=state.counters + 1,
            deposits=deposits,
            hands=state.hands + 1,
        )
        return (payments[0], payments[1], payments[2], payments[3]), {}, after

    def is_over(
        self,
        state: SheetState,
        options: Mapping[str, Any],
        *,
        before: SheetState | None = None,
        hand: Hand | None = None,
        totals: Payments | None = None,
    ) -> bool:
        length = PASSES[_option(options, "game_length")]
        goal = _option(options, "goal_points")
        if totals is not None and _option(options, "bust_end") and min(totals) < 0:
            return True
        if state.passes >= length + (EXTENSION if goal is not None else 0):
            return True
        if before is None or hand is None or totals is None:
            return state.passes >= length
        if before.passes < length - 1:
            return False
        if state.passes == before.passes:
            return self._dealer_stops(before.dealer, hand, totals, options)
        return state.passes >= length and (goal is None or max(totals) >= goal)

    @staticmethod
    def _dealer_stops(
        dealer: int, hand: Hand, totals: Payments, options: Mapping[str, Any]
    ) -> bool:
        """In the last hand or after it, the dealer kept the deal: does the game end there?"""
        stop = _option(options, "dealer_stop")
        goal = _option(options, "goal_points")
        if hand.kind == WIN:
            kept = stop != "none" and dealer in (w.winner for w in hand.wins)
        else:
            kept = stop == "win_or_tenpai" and not hand.abortive and dealer in hand.tenpai
        return kept and top_seat(totals) == dealer and (goal is None or totals[dealer] >= goal)

    def final(self, totals: Payments, state: SheetState, options: Mapping[str, Any]) -> Payments:
        if not state.deposits or _option(options, "leftover_deposits") == "lost":
            return totals
        top = max(totals)
        tied = [seat for seat in range(4) if totals[seat] == top]
        share, remainder = divmod(state.deposits, len(tied))
        result = list(totals)
        for seat in tied:
            result[seat] += share
        result[tied[0]] += remainder
        return (result[0], result[1], result[2], result[3])


RIICHI = RiichiHands()
