"""Hypothesis strategies for reports, seatings and ruleset options, shared by the rules'
property tests and the ledger's."""

from __future__ import annotations

from hypothesis import strategies as st

from rules import (
    Seats,
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
