"""Worked examples 1-8 (docs/rules/standings.md, fouls.md, ledger.md), computed by the rulebook."""

from fractions import Fraction

import pytest

from rules import (
    PlayerEntry,
    Report,
    TableResult,
    balances,
    describe,
    get_ruleset,
    ledger_lines,
    reverse_all,
)
from tests.support.rules import EAST, NORTH, SEATS, SOUTH, WEST

A, B, C, D = EAST, SOUTH, WEST, NORTH


def table_penalties(lines):
    return {player: scopes["table"] for player, scopes in balances(lines).items()}


def test_example_1_mcr_false_win_moves_table_points():
    mcr = get_ruleset("mcr")
    scores = {A: 40, B: 5, C: 0, D: -45}
    mcr.validate_table_result(scores)
    before = mcr.table_standings(scores)
    assert {p: s.table_points for p, s in before.items()} == {A: 4, B: 2, C: 1, D: 0}

    consequences = mcr.consequences(Report("false_win", B, SEATS, {"reason": "invalid_hand"}))
    penalties = table_penalties(ledger_lines(consequences))
    assert penalties == {A: 10, B: -30, C: 10, D: 10}

    after = mcr.table_standings(scores, penalties)
    assert {p: s.score for p, s in after.items()} == {A: 50, B: -25, C: 10, D: -35}
    assert {p: s.table_points for p, s in after.items()} == {A: 4, C: 2, B: 1, D: 0}


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((30, 30, -20, -40), (3, 3, 1, 0)),
        ((10, 10, 10, -30), (Fraction(7, 3), Fraction(7, 3), Fraction(7, 3), 0)),
        ((0, 0, 0, 0), (Fraction(7, 4),) * 4),
    ],
)
def test_example_2_mcr_ties_share_points(scores, points):
    mcr = get_ruleset("mcr")
    result = mcr.table_standings(dict(zip((A, B, C, D), scores, strict=True)))
    assert tuple(result[p].table_points for p in (A, B, C, D)) == points
    assert sum(s.table_points for s in result.values()) == 7
    assert all(isinstance(s.table_points, Fraction) for s in result.values())


def test_example_3_riichi_wrc_chombo_is_overall_and_leaves_the_table_alone():
    wrc = get_ruleset("riichi_wrc")
    options = {"chombo_points": 30000}  # the 2022 amount
    raw = {A: 45000, B: 32000, C: 25000, D: 18000}
    wrc.validate_table_result(raw, options)

    consequences = wrc.consequences(Report("chombo", C, SEATS, {"kind": "noten_riichi"}), options)
    lines = ledger_lines(consequences)
    assert balances(lines)[C] == {"table": 0, "overall": -30000}
    assert table_penalties(lines) == {C: 0}

    table = wrc.table_standings(raw, table_penalties(lines), options)
    assert {p: s.units for p, s in table.items()} == {A: 30000, B: 7000, C: -10000, D: -27000}

    rows = wrc.standings(
        [TableResult(1, "T1", raw, table_penalties(lines))],
        [PlayerEntry(C, overall_penalty=balances(lines)[C]["overall"])],
        options,
    )
    totals = {row.player: row.total for row in rows}
    assert totals == {A: 30000, B: 7000, C: -40000, D: -27000}
    assert [row.player for row in rows] == [A, B, D, C]


def test_example_4_riichi_ema_tie_shares_uma():
    ema = get_ruleset("riichi_ema")
    raw = {A: 40000, B: 40000, C: 25000, D: 15000}
    ema.validate_table_result(raw)
    table = ema.table_standings(raw)
    assert {p: s.units for p, s in table.items()} == {A: 20000, B: 20000, C: -10000, D: -30000}


def _example_5(offender, others_exposed=True):
    report = Report("false_win", offender, SEATS, {"others_exposed": others_exposed})
    return get_ruleset("classical").consequences(report)


def test_example_5_classical_false_mahjong_by_south():
    consequences = _example_5(SOUTH)
    lines = ledger_lines(consequences)
    assert {p: b["table"] for p, b in balances(lines).items()} == {
        SOUTH: -900,
        EAST: 300,
        WEST: 300,
        NORTH: 300,
    }
    assert [line.kind for line in lines] == ["transfer"] * 3 + ["hand_ends"]
    assert "dealer_passes" not in {line.kind for line in lines}  # East keeps East
    assert describe(consequences, SEATS) == (
        "South pays 300 to each opponent; hand ends without scoring"
    )


def test_example_5_classical_false_mahjong_by_east_passes_east():
    consequences = _example_5(EAST)
    lines = ledger_lines(consequences)
    assert {p: b["table"] for p, b in balances(lines).items()} == {
        EAST: -900,
        SOUTH: 300,
        WEST: 300,
        NORTH: 300,
    }
    assert [line.kind for line in lines][-2:] == ["hand_ends", "dealer_passes"]
    assert describe(consequences, SEATS).endswith("East passes")


def test_example_5_nobody_exposed_means_no_entries():
    assert ledger_lines(_example_5(SOUTH, others_exposed=False)) == []


def _example_6(offender, others_exposed=True):
    report = Report("false_win", offender, SEATS, {"others_exposed": others_exposed})
    return balances(ledger_lines(get_ruleset("french").consequences(report)))


def test_example_6_french_false_mahjong():
    assert {p: b["table"] for p, b in _example_6(EAST).items()} == {
        EAST: -1500,
        SOUTH: 500,
        WEST: 500,
        NORTH: 500,
    }
    assert {p: b["table"] for p, b in _example_6(SOUTH).items()} == {
        SOUTH: -1000,
        EAST: 500,
        WEST: 250,
        NORTH: 250,
    }
    assert _example_6(SOUTH, others_exposed=False) == {}


def test_example_7_wsom_false_win_makes_penalty_tiles():
    report = Report(
        "false_win",
        SOUTH,
        SEATS,
        {
            "reason": "invalid_hand",
            "revealed": True,
            "revealed_count": 13,
            "others_exposed_counts": {WEST: 3},
        },
    )
    lines = ledger_lines(get_ruleset("wsom").consequences(report))
    assert {(line.player, line.kind, line.detail["count"]) for line in lines} == {
        (SOUTH, "penalty_tiles", 13),
        (WEST, "penalty_tiles", 3),
    }
    assert all(line.points == 0 for line in lines)  # no points
    assert not {"hand_ends", "redeal", "dead_hand"} & {line.kind for line in lines}  # play on


def test_example_8_void_reverses_example_5_with_three_entries():
    original = ledger_lines(_example_5(SOUTH))
    void = reverse_all(original)
    assert len(void) == 3
    assert all(line.reversal and line.kind == "transfer" for line in void)
    assert all(b == {"table": 0, "overall": 0} for b in balances(original + void).values())
    # The game-flow entry stays: a void cannot un-end a hand.
    assert [line.kind for line in original if not line.reversible] == ["hand_ends"]
