"""The rulebook's cases (``rules.rulebook``): every foul code of every ruleset has one, each is
a valid report there, and repeats are left out."""

import pytest

from rules import RULESETS, Seats
from rules.rulebook import CASES, cases_for, price

SEATS = Seats(1, 2, 3, 4)


@pytest.mark.parametrize("key", list(RULESETS))
def test_every_code_has_a_case_and_every_case_prices(key):
    ruleset = RULESETS[key]
    options = ruleset.options()
    kept = cases_for(ruleset, options, SEATS)
    assert {c.code for c in kept} == set(ruleset.codes)
    for case in CASES:
        if case.code in ruleset.codes:
            price(case, ruleset, options, SEATS)  # raises on an invalid report


def test_a_dealer_case_is_kept_only_where_the_seat_changes_the_price():
    east_false_win = "East declares a false win and exposes the hand; West has exposed 3 tiles."
    for key, kept in (("classical", True), ("french", True), ("mcr", False), ("wsom", False)):
        ruleset = RULESETS[key]
        situations = [c.situation for c in cases_for(ruleset, ruleset.options(), SEATS)]
        assert (east_false_win in situations) is kept, key


def test_cases_that_differ_only_in_details_the_rule_ignores_are_one():
    # mcr reads nothing of an exposed tile: one case (the warning), not five.
    mcr = RULESETS["mcr"]
    kept = cases_for(mcr, mcr.options(), SEATS)
    assert [c.code for c in kept].count("exposed_tiles") == 1
    wsom = RULESETS["wsom"]
    assert [c.code for c in cases_for(wsom, wsom.options(), SEATS)].count("exposed_tiles") == 5
