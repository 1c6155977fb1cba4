"""docs/rules/standings.md: table validation, table conversion, ranking."""

from fractions import Fraction

import pytest

from rules import (
    PlayerEntry,
    RuleError,
    TableResult,
    compute_standings,
    get_ruleset,
    riichi_points,
    table_points,
    validate_table_result,
)

A, B, C, D, E, F, G, H = range(1, 9)


@pytest.mark.parametrize("key", ["mcr", "wsom", "classical", "french"])
def test_scores_must_sum_to_zero(key):
    ruleset = get_ruleset(key)
    ruleset.validate_table_result({A: 10, B: -10, C: 0, D: 0})
    with pytest.raises(RuleError) as error:
        ruleset.validate_table_result({A: 10, B: -5, C: 0, D: 0})
    assert error.value.field == "scores"
    assert error.value.message == "scores add up to 5, not 0 (difference +5)"
    assert ruleset.table_result_problem({A: 10, B: -5, C: 0, D: 0}) == error.value.message


def test_a_table_has_four_whole_scores():
    with pytest.raises(RuleError):
        validate_table_result("score", {A: 0, B: 0, C: 0})
    with pytest.raises(RuleError):
        validate_table_result("score", {A: 0.0, B: 0, C: 0, D: 0})


def test_riichi_sum_is_four_starts():
    validate_table_result("riichi", {A: 30000, B: 30000, C: 30000, D: 30000})
    with pytest.raises(RuleError) as error:
        validate_table_result("riichi", {A: 31000, B: 30000, C: 30000, D: 30000})
    assert "difference +1000" in error.value.message


def test_table_points_three_way_tie_for_second():
    assert table_points({A: 50, B: 0, C: 0, D: 0}) == {
        A: 4,
        B: Fraction(1),
        C: Fraction(1),
        D: Fraction(1),
    }
    assert table_points({A: 5, B: 5, C: -5, D: -5}) == {A: 3, B: 3, C: Fraction(1, 2), D: 0.5}


def test_riichi_uma_shared_with_fractions_when_needed():
    result = riichi_points(
        {A: 30000, B: 30000, C: 30000, D: 30000}, uma=(16000, 4000, -4000, -16000)
    )
    assert result == {A: 0, B: 0, C: 0, D: 0}
    result = riichi_points(
        {A: 40000, B: 30000, C: 30000, D: 20000}, uma=(15000, 5000, -4999, -15001)
    )
    assert result[B] == Fraction(1, 2)
    assert sum(result.values()) == 0


def standings_for(key, tables, players=()):
    return get_ruleset(key).standings(tables, players)


def test_mcr_ranking_table_points_then_total_score():
    tables = [
        TableResult(1, 1, {A: 40, B: 5, C: 0, D: -45}),
        TableResult(1, 2, {E: 60, F: 4, G: -4, H: -60}),
    ]
    rows = standings_for("mcr", tables)
    assert [(row.place, row.player, row.table_points, row.score) for row in rows] == [
        (1, E, 4, 60),
        (2, A, 4, 40),
        (3, B, 2, 5),
        (4, F, 2, 4),
        (5, C, 1, 0),
        (6, G, 1, -4),
        (7, D, 0, -45),
        (8, H, 0, -60),
    ]
    assert all(row.total == row.table_points for row in rows)


def test_equal_players_share_a_place():
    tables = [TableResult(1, 1, {A: 10, B: 0, C: 0, D: -10})]
    rows = standings_for("classical", tables)
    assert [(row.place, row.player) for row in rows] == [(1, A), (2, B), (2, C), (4, D)]


def test_score_rulesets_break_ties_on_table_points():
    tables = [
        TableResult(1, 1, {A: 30, B: 0, C: -10, D: -20}),
        TableResult(2, 1, {A: -30, B: 20, C: 20, D: -10}),
    ]
    rows = standings_for("wsom", tables)
    assert [(row.player, row.total) for row in rows] == [(B, 20), (C, 10), (A, 0), (D, -30)]
    tables = [
        TableResult(1, 1, {A: 20, B: 3, C: -10, D: -13}),
        TableResult(2, 1, {A: -12, B: 5, C: 4, D: 3}),
    ]
    rows = standings_for("classical", tables)
    # A and B both total 8; A has 4 + 0 table points, B 2 + 4.
    assert [(row.place, row.player, row.total, row.table_points) for row in rows][:2] == [
        (1, B, 8, 6),
        (2, A, 8, 4),
    ]


def test_overall_penalties_dropped_players_and_round_breakdown():
    tables = [
        TableResult(1, "T1", {A: 30, B: 10, C: -10, D: -30}, {B: -20, A: 20}),
        TableResult(2, "T1", {A: 0, B: 0, C: 5, D: -5}),
    ]
    players = [PlayerEntry(A, overall_penalty=-100, dropped=True), PlayerEntry(E)]
    rows = standings_for("wsom", tables, players)
    by_player = {row.player: row for row in rows}
    assert by_player[A].total == 30 + 20 + 0 - 100
    assert by_player[A].penalties == 20 - 100
    assert by_player[A].dropped and not by_player[B].dropped
    assert by_player[E].total == 0 and by_player[E].rounds == ()
    assert [(r.round, r.score, r.penalty) for r in by_player[B].rounds] == [
        (1, -10, -20),
        (2, 0, 0),
    ]


def test_riichi_ranking_total_after_overall_penalties():
    tables = [TableResult(1, 1, {A: 45000, B: 32000, C: 25000, D: 18000})]
    rows = standings_for("riichi_ema", tables, [PlayerEntry(A, overall_penalty=-40000)])
    assert [(row.place, row.total) for row in rows] == [
        (1, 7000),
        (2, -10000),
        (2, -10000),
        (4, -27000),
    ]
    assert {rows[1].player, rows[2].player} == {A, C}


def test_a_player_cannot_play_twice_in_a_round():
    tables = [
        TableResult(1, 1, {A: 0, B: 0, C: 0, D: 0}),
        TableResult(1, 2, {A: 0, E: 0, F: 0, G: 0}),
    ]
    with pytest.raises(RuleError):
        compute_standings("score", tables)


def test_thousand_players_twelve_rounds_rank_everyone_once():
    """The size of a big event; its speed is measured in bench/reconcile.py, not here."""
    players = list(range(1000))
    tables = []
    for rnd in range(12):
        shuffled = players[rnd:] + players[:rnd]
        for t in range(250):
            seat = shuffled[4 * t : 4 * t + 4]
            scores = dict(zip(seat, ((t * 7 + rnd) % 50, 0, 0, -((t * 7 + rnd) % 50)), strict=True))
            tables.append(TableResult(rnd, t, scores, {seat[1]: -10, seat[2]: 10}))
    entries = [PlayerEntry(p, overall_penalty=-(p % 3)) for p in players]
    for key in ("mcr", "riichi_ema", "classical"):
        rows = compute_standings(get_ruleset(key).method, tables, entries, start_points=0)
        assert sorted(row.player for row in rows) == players
        places = [row.place for row in rows]
        assert places == sorted(places) and places[0] == 1


def test_a_player_seated_twice_in_a_round_is_refused():
    tables = [
        TableResult(3, 1, {A: 10, B: 0, C: -5, D: -5}),
        TableResult(3, 2, {E: 10, B: 0, G: -5, H: -5}),
        TableResult(4, 1, {A: 10, B: 0, C: -5, D: -5}),
    ]
    with pytest.raises(RuleError) as error:
        compute_standings("score", tables)
    assert (error.value.field, error.value.message) == ("tables", f"{B!r} plays twice in round 3")
    assert len(compute_standings("score", [tables[0], tables[2]])) == 4


def test_scores_beyond_the_exact_range_are_refused():
    with pytest.raises(RuleError) as error:
        table_points({A: 10**16, B: 0, C: 0, D: -(10**16)})
    assert error.value.message == f"the score of {A!r} is out of range"
