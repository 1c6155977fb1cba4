"""Ledger lines: the stored form of consequences, one line per effect (docs/rules/ledger.md).

Points are integers in the ruleset's unit. A transfer line moves ``points`` from ``player``
(the payer) to ``counterpart`` (the receiver); a deduct line holds its signed effect on
``player`` (negative); the other kinds hold 0 points and are the disciplinary record.
A void writes ``reverse(line)`` for each reversible line: the same line with its points
negated and ``reversal=True``.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.consequences import (
    CONSEQUENCE_TYPES,
    KINDS,
    OVERALL,
    TABLE,
    Consequence,
    DeadHand,
    Deduct,
    HandEnds,
    PenaltyTiles,
    Transfer,
    Warning,
)
from rules.errors import RuleError
from rules.seats import Player

NO_SCOPE = "none"
LINE_SCOPES = (TABLE, OVERALL, NO_SCOPE)
GAME_FLOW_KINDS = frozenset({"hand_ends", "redeal", "dealer_passes"})
REVERSIBLE_KINDS = frozenset(KINDS) - GAME_FLOW_KINDS


@dataclass(frozen=True)
class LedgerLine:
    player: Player
    kind: str
    points: int = 0
    scope: str = NO_SCOPE
    counterpart: Player | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    reversal: bool = False

    @property
    def reversible(self) -> bool:
        return self.kind in REVERSIBLE_KINDS and not self.reversal

    def effects(self) -> dict[Player, int]:
        """Signed effect on each player's balance in ``scope``."""
        return dict(effects(self.kind, self.player, self.points, self.counterpart))


def effects(
    kind: str, player: Player, points: int, counterpart: Player | None = None
) -> tuple[tuple[Player, int], ...]:
    """How a ledger entry moves the players' points: a transfer takes ``points`` from the
    player and gives them to the counterpart; a deduction adds its signed ``points`` to the
    player; every other kind moves nothing. The entry's scope says where it counts: at the
    table (the table score, before the table's conversion) or in the overall total."""
    if kind == "transfer":
        return ((player, -points), (counterpart, points))
    if kind == "deduct":
        return ((player, points),)
    return ()


def ledger_line(c: Consequence) -> LedgerLine:
    if isinstance(c, Transfer):
        return LedgerLine(c.payer, c.kind, c.amount, TABLE, c.receiver)
    if isinstance(c, Deduct):
        return LedgerLine(c.player, c.kind, -c.amount, c.scope)
    if isinstance(c, DeadHand):
        detail = {"no_win": c.no_win, "no_claim": c.no_claim, "no_kong": c.no_kong}
        return LedgerLine(c.player, c.kind, detail=detail)
    if isinstance(c, PenaltyTiles):
        return LedgerLine(c.player, c.kind, detail={"count": c.count})
    if isinstance(c, HandEnds):
        return LedgerLine(c.player, c.kind, detail={"no_score": c.no_score})
    if isinstance(c, Warning):
        return LedgerLine(c.player, c.kind, detail={"reason": c.reason})
    return LedgerLine(c.player, c.kind)


def ledger_lines(consequences: Iterable[Consequence]) -> list[LedgerLine]:
    """One line per consequence (so one line per transfer: payer -> receiver)."""
    return [ledger_line(c) for c in consequences]


_BY_KIND = {cls.kind: cls for cls in CONSEQUENCE_TYPES}


def consequence_of(line: LedgerLine) -> Consequence:
    """The consequence an original (not reversing) line was written for, e.g. to ``describe``
    a stored entry."""
    if line.reversal:
        raise RuleError("reversal", "a reversing line undoes a consequence; it is none itself")
    if line.kind == "transfer":
        return Transfer(line.player, line.counterpart, line.points)
    if line.kind == "deduct":
        return Deduct(line.player, -line.points, line.scope)
    if line.kind not in _BY_KIND:
        raise RuleError("kind", f"unknown ledger kind {line.kind!r}")
    return _BY_KIND[line.kind](line.player, **line.detail)


def reverse(line: LedgerLine) -> LedgerLine:
    """The line that undoes ``line``: same player, kind, scope, counterpart; points negated."""
    if line.kind in GAME_FLOW_KINDS:
        raise RuleError("kind", f"{line.kind} is a fact of play; a void cannot undo it")
    if line.reversal:
        raise RuleError("reversal", "a reversing line cannot itself be reversed")
    return LedgerLine(
        line.player,
        line.kind,
        -line.points,
        line.scope,
        line.counterpart,
        dict(line.detail),
        reversal=True,
    )


def reverse_all(lines: Iterable[LedgerLine]) -> list[LedgerLine]:
    """Reversing lines for the reversible lines of ``lines`` (what a void writes)."""
    return [reverse(line) for line in lines if line.reversible]


def balances(lines: Iterable[LedgerLine]) -> dict[Player, dict[str, int]]:
    """Per player, the points balance by scope (``table`` and ``overall``).

    Every player named by a line appears, with zeros where nothing applies."""
    result: dict[Player, dict[str, int]] = {}
    for line in lines:
        for player in (line.player, line.counterpart):
            if player is not None and player not in result:
                result[player] = {TABLE: 0, OVERALL: 0}
        for player, points in line.effects().items():
            result[player][line.scope] += points
    return result
