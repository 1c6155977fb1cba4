"""What a foul can cost (docs/rules/fouls.md#consequences), as small frozen dataclasses.

Amounts are positive integers in the ruleset's unit (riichi: raw points, a 20-point chombo
is 20000). Players are opaque hashable ids.
"""

from dataclasses import dataclass
from typing import ClassVar

from rules.errors import RuleError
from rules.seats import Player

TABLE = "table"
OVERALL = "overall"
SCOPES = (TABLE, OVERALL)


def _check_amount(amount: int, field: str = "amount", minimum: int = 1) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < minimum:
        raise RuleError(field, f"must be an integer of at least {minimum}")


@dataclass(frozen=True)
class Transfer:
    """``amount`` points move from ``payer`` to ``receiver``, both of the table. Table scope."""

    kind: ClassVar[str] = "transfer"
    payer: Player
    receiver: Player
    amount: int

    def __post_init__(self):
        _check_amount(self.amount)
        if self.payer == self.receiver:
            raise RuleError("receiver", "a player cannot pay himself")


@dataclass(frozen=True)
class Deduct:
    """``amount`` points removed from ``player`` and given to nobody."""

    kind: ClassVar[str] = "deduct"
    player: Player
    amount: int
    scope: str

    def __post_init__(self):
        _check_amount(self.amount)
        if self.scope not in SCOPES:
            raise RuleError("scope", f"must be one of {', '.join(SCOPES)}")


@dataclass(frozen=True)
class DeadHand:
    kind: ClassVar[str] = "dead_hand"
    player: Player
    no_win: bool = True
    no_claim: bool = False
    no_kong: bool = False


@dataclass(frozen=True)
class PenaltyTiles:
    """``count`` tiles of ``player`` become live penalty tiles (WSOM)."""

    kind: ClassVar[str] = "penalty_tiles"
    player: Player
    count: int

    def __post_init__(self):
        _check_amount(self.count, "count")


@dataclass(frozen=True)
class HandEnds:
    """The hand ends at once; ``no_score``: without scoring or settlement.

    ``player`` is the player whose foul ended it (the ledger line is his)."""

    kind: ClassVar[str] = "hand_ends"
    player: Player
    no_score: bool = True


@dataclass(frozen=True)
class Redeal:
    """The hand is dealt again. ``player`` is the player whose foul caused it."""

    kind: ClassVar[str] = "redeal"
    player: Player


@dataclass(frozen=True)
class DealerPasses:
    """East (``player``) loses the East seat."""

    kind: ClassVar[str] = "dealer_passes"
    player: Player


@dataclass(frozen=True)
class Warning:  # noqa: A001 - the rulebook's own vocabulary
    kind: ClassVar[str] = "warning"
    player: Player
    reason: str = ""


@dataclass(frozen=True)
class Disqualification:
    kind: ClassVar[str] = "disqualification"
    player: Player


Consequence = (
    Transfer
    | Deduct
    | DeadHand
    | PenaltyTiles
    | HandEnds
    | Redeal
    | DealerPasses
    | Warning
    | Disqualification
)

CONSEQUENCE_TYPES = (
    Transfer,
    Deduct,
    DeadHand,
    PenaltyTiles,
    HandEnds,
    Redeal,
    DealerPasses,
    Warning,
    Disqualification,
)
KINDS = tuple(cls.kind for cls in CONSEQUENCE_TYPES)
