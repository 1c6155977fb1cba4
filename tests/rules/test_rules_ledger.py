"""Ledger lines, reversal, balances and the sentences read out at the table."""

import pytest

from rules import (
    GAME_FLOW_KINDS,
    KINDS,
    REVERSIBLE_KINDS,
    DeadHand,
    DealerPasses,
    Deduct,
    Disqualification,
    HandEnds,
    LedgerLine,
    PenaltyTiles,
    Redeal,
    RuleError,
    Transfer,
    Warning,
    balances,
    consequence_of,
    describe,
    describe_parts,
    ledger_lines,
    reverse,
    reverse_all,
)
from tests.support.rules import EAST, NORTH, SEATS, SOUTH, WEST

EVERY_KIND = [
    Transfer(SOUTH, EAST, 300),
    Deduct(WEST, 20000, "overall"),
    DeadHand(NORTH, no_win=True, no_claim=True, no_kong=True),
    PenaltyTiles(WEST, 3),
    HandEnds(SOUTH, no_score=True),
    Redeal(SOUTH),
    DealerPasses(EAST),
    Warning(NORTH, "slow_play"),
    Disqualification(NORTH),
]


def test_one_line_per_consequence_of_each_kind():
    lines = ledger_lines(EVERY_KIND)
    assert [line.kind for line in lines] == list(KINDS)
    assert lines[0] == LedgerLine(SOUTH, "transfer", 300, "table", EAST)
    assert lines[1] == LedgerLine(WEST, "deduct", -20000, "overall")
    assert lines[2].detail == {"no_win": True, "no_claim": True, "no_kong": True}
    assert lines[3].detail == {"count": 3}
    assert lines[4].detail == {"no_score": True}
    assert lines[7].detail == {"reason": "slow_play"}
    assert all(line.points == 0 and line.scope == "none" for line in lines[2:])


def test_reversible_kinds_are_all_but_game_flow():
    assert {"hand_ends", "redeal", "dealer_passes"} == GAME_FLOW_KINDS
    assert set(KINDS) - GAME_FLOW_KINDS == REVERSIBLE_KINDS


def test_reverse_negates_and_marks():
    line = LedgerLine(SOUTH, "transfer", 300, "table", EAST)
    back = reverse(line)
    assert back == LedgerLine(SOUTH, "transfer", -300, "table", EAST, reversal=True)
    assert balances([line, back]) == {
        SOUTH: {"table": 0, "overall": 0},
        EAST: {"table": 0, "overall": 0},
    }
    with pytest.raises(RuleError):
        reverse(back)


@pytest.mark.parametrize("kind", sorted(GAME_FLOW_KINDS))
def test_game_flow_lines_cannot_be_reversed(kind):
    with pytest.raises(RuleError) as error:
        reverse(LedgerLine(SOUTH, kind))
    assert error.value.field == "kind"


def test_reverse_all_skips_game_flow():
    lines = ledger_lines(EVERY_KIND)
    void = reverse_all(lines)
    assert [line.kind for line in void] == [k for k in KINDS if k in REVERSIBLE_KINDS]
    assert all(b == {"table": 0, "overall": 0} for b in balances(lines + void).values())


def test_balances_by_scope():
    lines = ledger_lines(
        [Transfer(SOUTH, EAST, 10), Deduct(SOUTH, 5, "table"), Deduct(SOUTH, 7, "overall")]
    )
    assert balances(lines) == {
        SOUTH: {"table": -15, "overall": -7},
        EAST: {"table": 10, "overall": 0},
    }


def test_describe_groups_payments():
    text = describe(
        [
            Transfer(SOUTH, EAST, 500),
            Transfer(SOUTH, WEST, 250),
            Transfer(SOUTH, NORTH, 250),
        ],
        SEATS,
    )
    assert text == "South pays 500 to East; South pays 250 to West and North"


def test_describe_every_kind():
    text = describe(EVERY_KIND, SEATS)
    assert text == (
        "South pays 300 to East; West loses 20000 from the overall total; "
        "North's hand is dead (cannot win, claim or kong); West has 3 live penalty tiles; "
        "hand ends without scoring; the hand is re-dealt; East passes; North is warned; "
        "North is disqualified"
    )


def test_describe_nothing_and_templates():
    assert describe([], SEATS) == "no penalty"
    template, params = describe_parts([PenaltyTiles(EAST, 1)], SEATS)[0]
    assert template.english(1) == "{player} has {count} live penalty tile"
    assert template.english(2) == "{player} has {count} live penalty tiles"
    assert params == {"player": "East", "count": 1}


def test_stored_lines_give_back_their_consequences():
    lines = ledger_lines(EVERY_KIND)
    assert [consequence_of(line) for line in lines] == EVERY_KIND
    with pytest.raises(RuleError):
        consequence_of(reverse(lines[0]))
