"""What a platform's game log says, platform-neutral: the players, and per hand the scores
before it, what happened and what each seat was paid."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.errors import RuleError
from rules.i18n import gettext_noop as _

TENHOU = "tenhou"
MAJSOUL = "majsoul"
PLATFORMS = (TENHOU, MAJSOUL)

WIN = "win"
DRAW = "draw"
ABORTIVE = "abortive"
NAGASHI = "nagashi"


class LogError(RuleError):
    """A log we cannot read, or one whose game our rules do not reproduce. ``reason`` is a
    stable code for the kind of problem (``malformed``, ``unsupported``, ``mismatch``, ...)."""

    def __init__(
        self, message: str, params: dict[str, Any] | None = None, *, reason: str = "malformed"
    ):
        super().__init__("log", message, params)
        self.reason = reason
        self.cause: RuleError | None = None


def malformed(what: str) -> LogError:
    return LogError(
        _("the file is not a complete game log (%(what)s)"), {"what": what[:80]}, reason="malformed"
    )


@dataclass(frozen=True)
class YakuLine:
    """One yaku of a win: our key (``rules.tiles.names``) when we know it, else the
    platform's own name or number, and its han (13 per yakuman)."""

    key: str
    han: int


@dataclass(frozen=True)
class LogWin:
    """One winner: ``discarder`` None for a self-draw; ``han``, ``fu`` as the platform counted
    them (``fu`` 0 when the log does not say); ``yakuman`` the number of yakuman it paid (0: not
    a yakuman); ``counted`` a yakuman by 13 han or more; ``points`` what the win was worth
    without counters and sticks; ``pao`` the liable seat; ``tiles`` the hand in our notation
    when the log has it."""

    winner: int
    discarder: int | None
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    counted: bool = False
    points: int = 0
    pao: int | None = None
    pao_yakuman: int = 0
    yaku: tuple[YakuLine, ...] = ()
    tiles: str = ""


@dataclass(frozen=True)
class LogHand:
    """One hand of the log. ``round``: the hand's place in the game (0 East 1, 4 South 1,
    ...), ``counters`` and ``sticks`` (riichi sticks on the table) when it starts; ``before``:
    the four scores when it starts; ``deltas``: what each seat won or paid as the log shows
    it (riichi sticks declared in this hand not included); ``kind`` win, draw, abortive or
    nagashi."""

    round: int
    counters: int
    sticks: int
    before: tuple[int, int, int, int]
    kind: str
    wins: tuple[LogWin, ...] = ()
    riichi: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    abortive: str = ""
    nagashi: tuple[int, ...] = ()
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class GameLog:
    """A whole game: ``platform``, its ``log_id``, the ``names`` of the four seats in the
    log's seat order (seat 0 the first dealer), ``accounts`` (Mahjong Soul's account ids, when
    the log has them), what the platform says of its ``rules`` (``length``: hanchan or
    tonpuusen, when it says), the ``hands`` and the ``final`` scores."""

    platform: str
    log_id: str
    names: tuple[str, str, str, str]
    hands: tuple[LogHand, ...]
    final: tuple[int, int, int, int]
    accounts: tuple[str, ...] = ()
    rules: dict[str, Any] = field(default_factory=dict)

    @property
    def start_points(self) -> int:
        return self.hands[0].before[0]
