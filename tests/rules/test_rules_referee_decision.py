"""referee_decision: available in every ruleset; the referee sets sanction, amount, scope."""

import pytest

from rules import (
    KINDS,
    RULESETS,
    DeadHand,
    DealerPasses,
    Deduct,
    Disqualification,
    HandEnds,
    PenaltyTiles,
    Redeal,
    Transfer,
    Warning,
)
from tests.support.rules import EAST, NORTH, SOUTH, WEST, judge

DEFAULT_SCOPE = {
    "mcr": "table",
    "riichi_ema": "overall",
    "riichi_wrc": "overall",
    "wsom": "overall",
    "classical": "table",
    "french": "table",
}


@pytest.mark.parametrize("key", list(RULESETS))
def test_every_sanction_in_every_ruleset(key):
    expected = {
        "transfer": [
            Transfer(EAST, SOUTH, 50),
            Transfer(EAST, WEST, 50),
            Transfer(EAST, NORTH, 50),
        ],
        "deduct": [Deduct(EAST, 50, DEFAULT_SCOPE[key])],
        "dead_hand": [DeadHand(EAST)],
        "penalty_tiles": [PenaltyTiles(EAST, 2)],
        "hand_ends": [HandEnds(EAST, no_score=True)],
        "redeal": [Redeal(EAST)],
        "dealer_passes": [DealerPasses(EAST)],
        "warning": [Warning(EAST, "referee_decision")],
        "disqualification": [Disqualification(EAST)],
    }
    assert set(expected) == set(KINDS)
    amounts = {"transfer": 50, "deduct": 50, "penalty_tiles": 2}
    for sanction, consequences in expected.items():
        result = judge(
            key, "referee_decision", EAST, sanction=sanction, amount=amounts.get(sanction)
        )
        assert result == consequences, sanction


@pytest.mark.parametrize("key", list(RULESETS))
def test_referee_sets_scope_and_receiver(key):
    assert judge(key, "referee_decision", SOUTH, sanction="deduct", amount=7, scope="table") == [
        Deduct(SOUTH, 7, "table")
    ]
    assert judge(key, "referee_decision", SOUTH, sanction="deduct", amount=7, scope="overall") == [
        Deduct(SOUTH, 7, "overall")
    ]
    assert judge(
        key, "referee_decision", SOUTH, sanction="transfer", amount=30, receiver=NORTH
    ) == [Transfer(SOUTH, NORTH, 30)]
