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
    Seats,
    TableResult,
    balances,
    compute_standings,
    describe,
    ledger_lines,
    reverse_all,
    riichi_points,
    table_points,
)
from rules.catalogue import (
    BOOL,
    CHOICE,
    INT,
    OBJECT_LIST,
    PLAYER,
    PLAYER_INT_MAP,
    PLAYER_LIST,
)

PLAYERS = (11, 22, 33, 44)
players = st.sampled_from(PLAYERS)
seatings = st.permutations(PLAYERS).map(lambda order: Seats(*order))


def value_strategy(f):
    if f.type == BOOL:
        return st.booleans()
    if f.type == INT:
        return st.integers(f.minimum if f.minimum is not None else -50, f.maximum or 50000)
    if f.type == CHOICE:
        return st.sampled_from(f.choices)
    if f.type == PLAYER:
        return players
    if f.type == PLAYER_LIST:
        return st.lists(players, unique=True, max_size=f.max_items or 3)
    if f.type == PLAYER_INT_MAP:
        return st.dictionaries(players, st.integers(f.minimum or 0, f.maximum or 5000), max_size=3)
    if f.type == OBJECT_LIST:
        return st.lists(
            details_strategy(f.item_fields), min_size=f.min_items or 0, max_size=f.max_items or 3
        )
    raise AssertionError(f.type)


def details_strategy(fields):
    required = {f.name: value_strategy(f) for f in fields if f.required}
    optional = {f.name: value_strategy(f) for f in fields if not f.required}
    return st.fixed_dictionaries(required, optional=optional)


OPTIONS = {
    "mcr": st.fixed_dictionaries(
        {},
        optional={
            "false_win_amount": st.integers(1, 100),
            "point_penalty_scope": st.sampled_from(["table", "overall"]),
        },
    ),
    "riichi_ema": st.fixed_dictionaries({}, optional={"chombo_points": st.integers(1, 40000)}),
    "riichi_wrc": st.fixed_dictionaries({}, optional={"chombo_points": st.integers(1, 40000)}),
    "wsom": st.just({}),
    "classical": st.fixed_dictionaries(
        {}, optional={"false_win_amount": st.integers(1, 500).map(lambda n: 6 * n)}
    ),
    "french": st.fixed_dictionaries(
        {}, optional={"limit": st.integers(1, 1000).map(lambda n: 4 * n)}
    ),
}


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
