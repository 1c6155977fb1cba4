"""Properties over random reports, tables and options (hypothesis)."""

from collections import Counter
from fractions import Fraction

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from rules import (
    CATALOGUE,
    CONSEQUENCE_TYPES,
    RULESETS,
    Report,
    RuleError,
    TableResult,
    balances,
    compute_standings,
    describe,
    ledger_lines,
    reverse_all,
    riichi_points,
    table_points,
)
from tests.support.strategies import OPTIONS, PLAYERS, details_strategy, players, seatings


@st.composite
def judged_reports(draw):
    key = draw(st.sampled_from(sorted(RULESETS)))
    ruleset = RULESETS[key]
    code = draw(st.sampled_from(ruleset.codes))
    seats = draw(seatings)
    offender = draw(players)
    details = draw(details_strategy(CATALOGUE[code].fields))
    options = draw(OPTIONS[key])
    try:
        report = Report(code, offender, seats, details)
    except RuleError:
        reject()
    return key, report, ruleset.consequences(report, options)


@settings(max_examples=600, deadline=None)
@given(judged_reports())
def test_table_scope_transfers_net_to_zero_per_table(judged):
    _key, report, consequences = judged
    assert all(isinstance(c, CONSEQUENCE_TYPES) for c in consequences)
    lines = ledger_lines(consequences)
    transfer_net = Counter()
    for line in lines:
        assert isinstance(line.points, int)
        assert line.player in report.seats
        if line.kind == "transfer":
            assert line.points > 0 and line.scope == "table"
            assert line.counterpart in report.seats and line.counterpart != line.player
            transfer_net[line.player] -= line.points
            transfer_net[line.counterpart] += line.points
        elif line.kind == "deduct":
            assert line.points < 0
        else:
            assert line.points == 0
    assert sum(transfer_net.values()) == 0
    deducted = sum(line.points for line in lines if line.kind == "deduct" and line.scope == "table")
    assert sum(b["table"] for b in balances(lines).values()) == deducted


@settings(max_examples=600, deadline=None)
@given(judged_reports())
def test_reversing_all_lines_returns_every_balance_to_zero(judged):
    _key, report, consequences = judged
    lines = ledger_lines(consequences)
    void = reverse_all(lines)
    assert all(line.reversal for line in void)
    assert all(b == {"table": 0, "overall": 0} for b in balances(lines + void).values())
    assert {line.kind for line in lines} - {line.kind for line in void} <= {
        "hand_ends",
        "redeal",
        "dealer_passes",
    }
    assert describe(consequences, report.seats)


scores = st.integers(-500, 500)


@given(st.lists(scores, min_size=4, max_size=4))
def test_mcr_table_points_of_any_table_sum_to_exactly_seven(values):
    points = table_points(dict(zip(PLAYERS, values, strict=True)))
    assert sum(points.values()) == 7
    assert all(isinstance(p, Fraction) for p in points.values())
    for a in PLAYERS:
        for b in PLAYERS:
            if values[PLAYERS.index(a)] > values[PLAYERS.index(b)]:
                assert points[a] > points[b]
            if values[PLAYERS.index(a)] == values[PLAYERS.index(b)]:
                assert points[a] == points[b]


@given(st.lists(st.integers(-20, 80).map(lambda n: n * 1000), min_size=3, max_size=3))
def test_riichi_table_units_sum_to_zero(first_three):
    raw = [*first_three, 120000 - sum(first_three)]
    units = riichi_points(dict(zip(PLAYERS, raw, strict=True)))
    assert sum(units.values()) == 0


@settings(max_examples=50, deadline=None)
@given(
    st.sampled_from(["table_points", "riichi", "score"]),
    st.lists(st.lists(scores, min_size=4, max_size=4), min_size=1, max_size=5),
)
def test_places_follow_the_ranking_and_ties_share(method, rounds):
    tables = [
        TableResult(number, 1, dict(zip(PLAYERS, values, strict=True)))
        for number, values in enumerate(rounds)
    ]
    rows = compute_standings(method, tables, start_points=0)
    assert [row.place for row in rows] == sorted(row.place for row in rows)
    assert rows[0].place == 1
    for index, row in enumerate(rows):
        assert row.place <= index + 1
    if method == "table_points":
        assert sum(row.table_points for row in rows) == 7 * len(rounds)
