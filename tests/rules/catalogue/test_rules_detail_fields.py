"""``Ruleset.detail_fields``: the referee's form asks exactly the details a foul code needs under
the event's ruleset, and the declared mapping is honest.

Honesty, for every ruleset and code:

- a detail outside ``consequence_fields(code)`` (so every detail the form leaves out, and every
  detail asked only for the record) never changes the consequences, the details it reads
  keeping their cleaned values (hypothesis, 200 examples per ruleset, and exhaustively over a
  few values per detail);
- every detail in ``consequence_fields(code)`` changes the consequences for at least one input
  (an exhaustive search over a few values per detail).

``detail_fields`` is ``consequence_fields`` plus ``record_fields``: details asked only for the
record. Those are (1) every field of a code the ruleset leaves to the generic warning (the
referee records them; ``referee_decision`` escalates) and (2) the explicit ``RECORD_ONLY`` set
below, for codes the ruleset's own rule handles.
"""

import contextlib
import dataclasses
import itertools

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from rules import CATALOGUE, RULESETS, Report, RuleError, get_ruleset, validate_details
from rules.catalogue import BOOL, CHOICE, INT, OBJECT_LIST, PLAYER, PLAYER_INT_MAP, PLAYER_LIST
from tests.support.rules import EAST, NORTH, SEATS, SOUTH, WEST
from tests.support.strategies import OPTIONS, details_strategy, players, seatings
from tests.support.strategies import value_strategy as field_values

# Details asked only for the record although the ruleset's own rule handles the code.
RECORD_ONLY = {
    # Why the win is false (invalid hand, under the 8-point minimum, dead hand): told to players.
    ("mcr", "false_win", "reason"),
    # Which chombo it was (noten riichi, furiten ron, ...): the cost is the same.
    ("riichi_ema", "chombo", "kind"),
    ("riichi_wrc", "chombo", "kind"),
    # Required by the catalogue (validate_details needs them), so always asked.
    *((key, "wrong_claim", "claim") for key in ("mcr", "riichi_ema", "riichi_wrc", "classical")),
    ("french", "wrong_claim", "claim"),
    ("classical", "dangerous_discard", "winner"),
    ("french", "dangerous_discard", "winner"),
}

# The rule each ruleset applies itself (RULESETS[key].reads); the other codes get the generic
# warning (or, for referee_decision, the referee's sanction).
OWN_RULE = {
    "mcr": {"false_win", "premature_count", "wrong_claim", "long_hand", "short_hand"},
    "riichi_ema": {
        "chombo",
        "false_win",
        "long_hand",
        "short_hand",
        "wrong_claim",
        "wrong_wall_draw",
        "exposed_tiles",
    },
    "wsom": {
        "exposed_tiles",
        "false_win",
        "wrong_claim",
        "long_hand",
        "draw_out_of_turn",
        "short_hand",
        "discard_out_of_turn",
        "wrong_wall_draw",
    },
    "classical": {
        "false_win",
        "misnamed_discard",
        "long_hand",
        "short_hand",
        "wrong_claim",
        "draw_out_of_turn",
        "discard_out_of_turn",
        "dangerous_discard",
    },
    "french": {
        "false_win",
        "wrong_claim",
        "short_hand",
        "long_hand",
        "draw_out_of_turn",
        "discard_out_of_turn",
        "dangerous_discard",
    },
}
OWN_RULE["riichi_wrc"] = OWN_RULE["riichi_ema"]

CASES = [(key, code) for key, ruleset in sorted(RULESETS.items()) for code in ruleset.codes]


def names(fields):
    return tuple(f.name for f in fields)


def consequence_names(key, code):
    return set(names(RULESETS[key].consequence_fields(code)))


# ---------------------------------------------------------------------------- the mapping


@pytest.mark.parametrize(
    ("key", "code", "expected"),
    [
        ("classical", "false_win", ("others_exposed", "co_offenders")),
        ("french", "false_win", ("others_exposed", "co_offenders")),
        ("riichi_ema", "false_win", ("revealed", "co_offenders")),
        ("riichi_wrc", "false_win", ("revealed", "co_offenders")),
        (
            "wsom",
            "false_win",
            ("revealed", "revealed_count", "others_exposed_counts", "co_offenders"),
        ),
        ("mcr", "false_win", ("co_offenders", "reason")),
        ("mcr", "long_hand", ()),
        ("classical", "long_hand", ("hand_values",)),
        ("riichi_ema", "chombo", ("kind", "simultaneous_win")),
        (
            "french",
            "wrong_claim",
            ("claim", "corrected_in_time", "cancelled_before_reveal", "had_tiles", "hand_winner"),
        ),
        ("classical", "dangerous_discard", ("winner", "payments")),
        ("wsom", "misconduct", ("severity",)),
        ("mcr", "referee_decision", ("sanction", "amount", "scope", "receiver")),
    ],
)
def test_detail_fields_examples(key, code, expected):
    ruleset = get_ruleset(key)
    assert ruleset.detail_field_names(code) == expected
    assert names(ruleset.detail_fields(code)) == expected


@pytest.mark.parametrize(("key", "code"), CASES)
def test_detail_fields_are_catalogue_fields_in_order_with_every_required_one(key, code):
    ruleset = RULESETS[key]
    catalogue = CATALOGUE[code].fields
    shown = ruleset.detail_fields(code)
    assert list(shown) == [f for f in catalogue if f in shown]
    assert {f for f in catalogue if f.required} <= set(shown)
    read, record = set(ruleset.consequence_fields(code)), set(ruleset.record_fields(code))
    assert not read & record
    assert read | record == set(shown)


def test_own_rules_and_record_only_fields_are_as_documented():
    for key, ruleset in RULESETS.items():
        assert set(ruleset.reads) == OWN_RULE[key]
    record_only = {
        (key, code, f.name)
        for key, code in CASES
        if code in OWN_RULE[key]
        for f in RULESETS[key].record_fields(code)
    }
    assert record_only == RECORD_ONLY


@pytest.mark.parametrize(("key", "code"), CASES)
def test_generic_rule_codes_ask_every_field(key, code):
    if code in OWN_RULE[key]:
        return
    ruleset = RULESETS[key]
    assert ruleset.detail_fields(code) == CATALOGUE[code].fields
    if code == "referee_decision":
        assert ruleset.consequence_fields(code) == CATALOGUE[code].fields
    else:
        assert ruleset.consequence_fields(code) == ()


def test_a_code_outside_the_ruleset_is_refused():
    with pytest.raises(RuleError) as error:
        get_ruleset("mcr").detail_fields("chombo")
    assert error.value.field == "code"


def test_a_ruleset_that_declares_nothing_asks_every_field():
    ruleset = dataclasses.replace(get_ruleset("classical"), reads=None, record={})
    for code in ruleset.codes:
        assert ruleset.detail_fields(code) == CATALOGUE[code].fields
        assert ruleset.consequence_fields(code) == CATALOGUE[code].fields
        assert ruleset.record_fields(code) == ()


def test_a_mapping_naming_an_unknown_field_or_code_is_refused():
    base = get_ruleset("classical")
    with pytest.raises(ValueError):
        dataclasses.replace(base, reads={"false_win": ("revealed_cont",)})
    with pytest.raises(ValueError):
        dataclasses.replace(base, reads={"chombo": ()})
    with pytest.raises(ValueError):
        dataclasses.replace(base, reads={}, record={"false_win": ("reason",)})
    with pytest.raises(ValueError):
        dataclasses.replace(base, reads={"referee_decision": ()})


def test_details_left_out_of_the_form_are_still_accepted_and_defaulted():
    """What a form asking only classical's false_win details posts, and the API's full form."""
    posted = {"others_exposed": True, "co_offenders": [SOUTH]}
    assert set(posted) == set(get_ruleset("classical").detail_field_names("false_win"))
    cleaned = validate_details("false_win", posted, SEATS, offender=EAST)
    assert cleaned == {
        "revealed": False,
        "revealed_count": 0,
        "others_exposed": True,
        "others_exposed_counts": {},
        "co_offenders": [SOUTH],
        "reason": "invalid_hand",
    }
    full = {**posted, "revealed": True, "others_exposed_counts": {WEST: 3}, "reason": "dead_hand"}
    assert validate_details("false_win", full, SEATS, offender=EAST)["revealed_count"] == 14


# ------------------------------------------------------ honesty: other details change nothing

HIDDEN = [
    (key, code, f)
    for key, code in CASES
    for f in CATALOGUE[code].fields
    if f.name not in consequence_names(key, code)
]


@st.composite
def varied_reports(draw, key):
    """A report and the same report with one detail the ruleset does not read changed (or left
    out, as a form that does not ask it would). The details it reads keep their cleaned values:
    ``validate_details`` may derive one detail from another (revealed_count implies revealed)."""
    code, f = draw(st.sampled_from([(c, f) for k, c, f in HIDDEN if k == key]))
    seats, offender = draw(seatings), draw(players)
    details = draw(details_strategy(CATALOGUE[code].fields))
    other = draw(st.none() | field_values(f))
    options = draw(OPTIONS[key])
    try:
        report = Report(code, offender, seats, details)
        varied = Report(code, offender, seats, {**report.details, f.name: other})
    except RuleError:
        reject()
    if any(report.details[n] != varied.details[n] for n in consequence_names(key, code)):
        reject()
    return report, varied, options


@pytest.mark.parametrize("key", sorted(RULESETS))
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_details_a_ruleset_does_not_read_never_change_the_consequences(key, data):
    report, varied, options = data.draw(varied_reports(key))
    ruleset = RULESETS[key]
    assert ruleset.consequences(varied, options) == ruleset.consequences(report, options)


# ------------------------------------------- honesty: every detail read can change something

CLAIMS = [
    *(
        [{"player": WEST, "claim": c, "proven": p}]
        for c in ("chow", "pung", "kong", "win")
        for p in (False, True)
    ),
    [
        {"player": WEST, "claim": "win", "proven": False},
        {"player": NORTH, "claim": "pung", "proven": True},
    ],
]


def candidates(f):
    """A few values of ``f`` (``None``: left out)."""
    if f.type == BOOL:
        return [False, True]
    if f.type == INT:
        low = f.minimum if f.minimum is not None else 0
        high = f.maximum if f.maximum is not None else 200
        return sorted({v for v in (low, low + 1, low + 2, 3, 5, high) if low <= v <= high})
    if f.type == CHOICE:
        return [*f.choices, *([None] if not f.required and f.default is None else [])]
    if f.type == PLAYER:
        return [None, *SEATS.players]
    if f.type == PLAYER_LIST:
        return [[], [WEST], [WEST, NORTH]]
    if f.type == PLAYER_INT_MAP:
        return [{}, {WEST: 1}, {WEST: 2, NORTH: 5}]
    if f.type == OBJECT_LIST:
        return CLAIMS
    raise AssertionError(f.type)


def variations(code, name):
    """Per offender and combination of candidate values of the other details: the valid reports
    with each candidate value of ``name``."""
    fields = CATALOGUE[code].fields
    others = [f for f in fields if f.name != name]
    values = candidates(CATALOGUE[code].get_field(name))
    for offender in (EAST, SOUTH):
        for combination in itertools.product(*(candidates(f) for f in others)):
            base = {f.name: v for f, v in zip(others, combination, strict=True)}
            reports = []
            for value in values:
                with contextlib.suppress(RuleError):
                    reports.append(Report(code, offender, SEATS, {**base, name: value}))
            yield reports


def can_change_consequences(key, code, name):
    ruleset = RULESETS[key]
    return any(
        len({tuple(ruleset.consequences(r)) for r in reports}) > 1
        for reports in variations(code, name)
    )


def changes_consequences_with_what_is_read_held(key, code, name):
    """Some reports differing only in ``name`` (the details the ruleset reads keeping their
    cleaned values) that cost differently."""
    ruleset, read = RULESETS[key], sorted(consequence_names(key, code))
    for reports in variations(code, name):
        costs = {}
        for report in reports:
            held = repr([report.details[n] for n in read])
            costs.setdefault(held, set()).add(tuple(ruleset.consequences(report)))
        if any(len(seen) > 1 for seen in costs.values()):
            return True
    return False


READ = [(key, code, name) for key, code in CASES for name in sorted(consequence_names(key, code))]


@pytest.mark.parametrize(("key", "code", "name"), READ)
def test_every_detail_a_ruleset_reads_can_change_the_consequences(key, code, name):
    assert can_change_consequences(key, code, name)


@pytest.mark.parametrize(("key", "code", "name"), [(k, c, f.name) for k, c, f in HIDDEN])
def test_details_a_ruleset_does_not_read_change_nothing_over_a_few_values(key, code, name):
    """The exhaustive companion of the hypothesis property, over the candidate values."""
    assert not changes_consequences_with_what_is_read_held(key, code, name)
