"""A ``GameLog`` as score-sheet hands, and the check that our rules reproduce the game: after
every hand the four scores are the log's, the dealer, counters and sticks are the log's, and
the game ends where the log ends with the log's final scores."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import RuleError
from rules.hands import Sheet
from rules.i18n import gettext_noop as _
from rules.i18n import ngettext_noop as ngettext
from rules.onlinelogs.model import ABORTIVE, NAGASHI, WIN, GameLog, LogError, LogHand, LogWin
from rules.tiles.names import YAKU_BY_KEY

WINDS = (_("East"), _("South"), _("West"), _("North"))


@dataclass(frozen=True)
class ImportedHand:
    """Hand ``number`` of the sheet as ``data`` (``rules.hands.hand_json``'s form, with the
    winner's ``tiles`` when the log has them), made of the log's ``log`` hand."""

    number: int
    data: dict[str, Any]
    log: LogHand


def round_params(hand: LogHand) -> dict[str, Any]:
    """Where a hand sits in the game, for messages: ``wind`` (English, translated at the
    edge), ``round`` (1-4) and ``counters``."""
    return {
        "wind": WINDS[hand.round // 4 % 4],
        "round": hand.round % 4 + 1,
        "counters": hand.counters,
    }


def _win(win: LogWin) -> dict[str, Any]:
    data: dict[str, Any] = {"winner": win.winner}
    if win.yakuman and not win.counted:
        data["limit"] = "yakuman"
        if win.yakuman > 1:
            data["yakuman"] = win.yakuman
    elif win.han >= 5 or win.counted:
        data["han"] = win.han
    elif win.fu:
        data |= {"han": win.han, "fu": win.fu}
    else:
        data["limit"] = "mangan"
    if win.pao is not None:
        data["pao"] = win.pao
        if win.pao_yakuman:
            data["pao_yakuman"] = win.pao_yakuman
    return data


def _tiles(win: LogWin) -> dict[str, Any]:
    lines = [
        {"key": line.key, "value": line.han, "count": 1}
        for line in win.yaku
        if line.key in YAKU_BY_KEY
        and (line.han or line.key not in ("dora", "aka_dora", "ura_dora"))
    ]
    result: dict[str, Any] = {"family": "riichi", "lines": lines, "han": win.han, "fu": win.fu}
    result["total"] = 13 * win.yakuman if win.yakuman and not win.counted else win.han
    if win.yakuman:
        result |= {"limit": "yakuman", "yakuman": win.yakuman}
    return {"notation": win.tiles, "situation": {}, "result": result, "source": "log"}


def sheet_hand(hand: LogHand) -> dict[str, Any]:
    """One log hand in the sheet's form."""
    data: dict[str, Any]
    if hand.kind == WIN:
        discarders = {w.discarder for w in hand.wins}
        if len(discarders) != 1:
            raise LogError(_("the file is not a complete game log (%(what)s)"), {"what": "wins"})
        data = {"kind": "win", "wins": [_win(w) for w in hand.wins], "discarder": discarders.pop()}
        if len(hand.wins) == 1 and hand.wins[0].tiles:
            data["tiles"] = _tiles(hand.wins[0])
    else:
        data = {"kind": "draw"}
        if hand.kind == ABORTIVE:
            data["abortive"] = hand.abortive
        else:
            if hand.kind == NAGASHI:
                data["nagashi"] = list(hand.nagashi)
            if hand.tenpai:
                data["tenpai"] = list(hand.tenpai)
    if hand.riichi:
        data["riichi"] = list(hand.riichi)
    return data


def log_hands(log: GameLog) -> list[ImportedHand]:
    return [ImportedHand(i, sheet_hand(h), h) for i, h in enumerate(log.hands, start=1)]


SCORES = _(
    "hand %(number)s (%(wind)s %(round)s, counters %(counters)s): after it our rules give the "
    "scores %(ours)s, the log %(theirs)s"
)
ENDS_EARLY = _(
    "hand %(number)s (%(wind)s %(round)s, counters %(counters)s): our rules end the game after "
    "this hand, the log goes on"
)
GOES_ON = _(
    "hand %(number)s (%(wind)s %(round)s, counters %(counters)s): the log ends the game after "
    "this hand, our rules go on"
)
FINAL = _(
    "hand %(number)s (%(wind)s %(round)s, counters %(counters)s): our rules give the final "
    "scores %(ours)s, the log %(theirs)s"
)
STATE = _(
    "hand %(number)s (%(wind)s %(round)s, counters %(counters)s): our rules reach it as "
    "%(our_wind)s %(our_round)s with counters %(our_counters)s and riichi sticks worth "
    "%(our_sticks)s, the log with sticks worth %(sticks)s"
)
CANNOT = _(
    "hand %(number)s (%(wind)s %(round)s, counters %(counters)s): our rules cannot score it: "
    "%(problem)s"
)


def _at(hand: ImportedHand, template: str, reason: str = "mismatch", **params: Any) -> LogError:
    error = LogError(
        template, {"number": hand.number} | round_params(hand.log) | params, reason=reason
    )
    return error


def _scores(values: Sequence[int]) -> str:
    return " / ".join(str(v) for v in values)


def check_log(
    log: GameLog,
    play: Callable[[list[Mapping[str, Any]]], Sheet],
    start_points: int,
) -> tuple[list[ImportedHand], Sheet]:
    """The log's hands, played by ``play`` (the event's ruleset with its options), checked
    hand by hand against the log. A ``LogError`` names the first hand our rules score
    differently, or the rule that cannot score it."""
    if log.start_points != start_points or len(set(log.hands[0].before)) != 1:
        raise LogError(
            ngettext(
                "the game started at %(theirs)s point each, this event's games at %(ours)s",
                "the game started at %(theirs)s points each, this event's games at %(ours)s",
                "theirs",
            ),
            {"theirs": log.hands[0].before[0], "ours": start_points},
            reason="rules",
        )
    hands = log_hands(log)
    data = [h.data for h in hands]
    try:
        sheet = play(data)
    except RuleError as error:
        hand = hands[(error.hand or 1) - 1]
        if hand.number > 1 and play(data[: hand.number - 1]).state.finished:
            raise _at(hands[hand.number - 2], ENDS_EARLY) from None
        cause = RuleError(error.field, error.template, error.params)
        failure = _at(hand, CANNOT, "rules", problem=cause.message)
        failure.cause = cause
        raise failure from None
    for hand, line in zip(hands, sheet.lines, strict=True):
        log_hand = hand.log
        before = line.before
        ours = (before.passes, before.counters, before.deposits)
        if ours != (log_hand.round, log_hand.counters, 1000 * log_hand.sticks):
            raise _at(
                hand,
                STATE,
                our_wind=WINDS[before.wind % 4],
                our_round=before.dealer + 1,
                our_counters=before.counters,
                our_sticks=before.deposits,
                sticks=1000 * log_hand.sticks,
            )
        if hand.number < len(hands):
            after = hands[hand.number].log.before
            if tuple(line.totals) != tuple(after):
                raise _at(hand, SCORES, ours=_scores(line.totals), theirs=_scores(after))
    if not sheet.state.finished:
        raise _at(hands[-1], GOES_ON)
    if tuple(sheet.final) != tuple(log.final):
        raise _at(hands[-1], FINAL, ours=_scores(sheet.final), theirs=_scores(log.final))
    return hands, sheet
