"""The foul catalogue: codes, details validation, JSON schema."""

import jsonschema
import pytest

from rules import (
    CATALOGUE,
    CODES,
    KINDS,
    RULESETS,
    Report,
    RuleError,
    Seats,
    catalogue_json_schema,
    details_json_schema,
    validate_details,
)
from tests.support.rules import EAST, NORTH, SEATS, SOUTH, WEST

RULES_MD_CODES = {
    "false_win",
    "exposed_tiles",
    "wrong_wall_draw",
    "long_hand",
    "short_hand",
    "wrong_claim",
    "misnamed_discard",
    "dangerous_discard",
    "draw_out_of_turn",
    "discard_out_of_turn",
    "late_claim",
    "slow_play",
    "premature_count",
    "chombo",
    "misconduct",
    "referee_decision",
}


def test_catalogue_has_exactly_the_codes_of_rules_md():
    assert set(CODES) == RULES_MD_CODES
    for foul in CATALOGUE.values():
        assert foul.label and foul.description


def test_every_ruleset_offers_referee_decision_and_only_known_codes():
    for ruleset in RULESETS.values():
        assert "referee_decision" in ruleset.codes
        assert set(ruleset.codes) <= RULES_MD_CODES


def test_unknown_code():
    with pytest.raises(RuleError) as error:
        validate_details("smoking", {}, SEATS)
    assert error.value.field == "code"
    assert isinstance(error.value, ValueError)


def test_defaults_are_filled():
    assert validate_details("wrong_claim", {"claim": "pung"}, SEATS) == {
        "claim": "pung",
        "corrected_in_time": False,
        "tiles_revealed": 0,
        "cancelled_before_reveal": False,
        "had_tiles": True,
        "hand_winner": None,
    }


@pytest.mark.parametrize(
    ("code", "details", "field"),
    [
        ("wrong_claim", {}, "details.claim"),
        ("wrong_claim", {"claim": "kan"}, "details.claim"),
        ("exposed_tiles", {"source": "wall", "count": 15}, "details.count"),
        ("exposed_tiles", {"source": "wall", "count": 0}, "details.count"),
        ("exposed_tiles", {"source": "wall", "count": "2"}, "details.count"),
        ("exposed_tiles", {"source": "wall", "count": True}, "details.count"),
        ("draw_out_of_turn", {"tile_seen": "yes"}, "details.tile_seen"),
        ("draw_out_of_turn", {"colour": "red"}, "details.colour"),
        ("false_win", {"co_offenders": [99]}, "details.co_offenders[0]"),
        ("false_win", {"co_offenders": [WEST, WEST]}, "details.co_offenders"),
        ("false_win", {"co_offenders": [WEST, NORTH, EAST]}, "details.co_offenders"),
        (
            "false_win",
            {"others_exposed_counts": {WEST: 20}},
            f"details.others_exposed_counts.{WEST}",
        ),
        ("dangerous_discard", {"payments": {}}, "details.winner"),
        ("dangerous_discard", {"winner": 99}, "details.winner"),
        ("misnamed_discard", {"claims": []}, "details.claims"),
        ("misnamed_discard", {"claims": [{"player": WEST}]}, "details.claims[0].claim"),
        (
            "misnamed_discard",
            {"claims": [{"player": 9, "claim": "chow"}]},
            "details.claims[0].player",
        ),
        ("referee_decision", {"sanction": "deduct"}, "details.amount"),
        ("referee_decision", {"sanction": "warning", "scope": "table"}, "details.scope"),
        ("referee_decision", {"sanction": "penalty_tiles", "amount": 20}, "details.amount"),
        ("referee_decision", {"sanction": "fine", "amount": 20}, "details.sanction"),
        (
            "wrong_claim",
            {"claim": "pung", "cancelled_before_reveal": True, "tiles_revealed": 2},
            "details.tiles_revealed",
        ),
        ("long_hand", [1, 2], "details"),
    ],
)
def test_invalid_details_name_the_field(code, details, field):
    with pytest.raises(RuleError) as error:
        validate_details(code, details, SEATS)
    assert error.value.field == field


def test_player_fields_must_not_name_the_offender():
    with pytest.raises(RuleError) as error:
        Report("false_win", SOUTH, SEATS, {"co_offenders": [SOUTH]})
    assert error.value.field == "details.co_offenders"
    with pytest.raises(RuleError) as error:
        Report("misnamed_discard", SOUTH, SEATS, {"claims": [{"player": SOUTH, "claim": "chow"}]})
    assert error.value.field == "details.claims"


def test_players_given_as_text_are_cleaned_to_seated_ids():
    """JSON object keys are strings; form posts are strings."""
    cleaned = validate_details("long_hand", {"hand_values": {"1": 40, "3": 8}}, SEATS)
    assert cleaned["hand_values"] == {EAST: 40, WEST: 8}
    cleaned = validate_details("dangerous_discard", {"winner": "4"}, SEATS)
    assert cleaned["winner"] == NORTH


def test_offender_must_be_seated():
    with pytest.raises(RuleError) as error:
        Report("slow_play", 99, SEATS, {})
    assert error.value.field == "offender"


def test_report_co_offenders_come_from_details():
    report = Report("false_win", SOUTH, SEATS, {"co_offenders": [WEST]})
    assert report.co_offenders == (WEST,)
    assert report.offenders == (SOUTH, WEST)


def test_consistency_fixes():
    cleaned = validate_details("false_win", {"others_exposed_counts": {WEST: 3}}, SEATS)
    assert cleaned["others_exposed"] is True
    cleaned = validate_details("wrong_wall_draw", {"won_with_tile": True}, SEATS)
    assert cleaned["taken_into_hand"] is True


def test_referee_decision_sanctions_are_the_consequence_kinds():
    assert CATALOGUE["referee_decision"].get_field("sanction").choices == KINDS
    with pytest.raises(RuleError) as error:
        Report("referee_decision", SOUTH, SEATS, {"sanction": "dealer_passes"})
    assert error.value.field == "details.sanction"


def test_seats():
    seats = Seats.from_mapping({"E": 10, "S": 20, "W": 30, "N": 40})
    assert seats.east == 10
    assert seats.wind_of(30) == "W"
    assert seats.player_at("N") == 40
    assert seats.others(20) == (10, 30, 40)
    assert seats.name(20) == "South"
    assert seats.as_mapping() == {"E": 10, "S": 20, "W": 30, "N": 40}
    with pytest.raises(RuleError):
        Seats(1, 1, 2, 3)
    with pytest.raises(RuleError):
        Seats.from_mapping({"E": 1, "S": 2, "W": 3})
    with pytest.raises(RuleError):
        seats.wind_of(99)


EXAMPLES = {
    "false_win": {"revealed": True, "co_offenders": [3], "others_exposed_counts": {"3": 2}},
    "misnamed_discard": {"claims": [{"player": 3, "claim": "win", "proven": True}]},
    "referee_decision": {"sanction": "deduct", "amount": 10, "scope": "overall"},
    "long_hand": {"hand_values": {"1": 10}},
}


@pytest.mark.parametrize("code", sorted(RULES_MD_CODES))
def test_json_schema_is_valid_and_accepts_clean_details(code):
    schema = details_json_schema(code)
    jsonschema.Draft7Validator.check_schema(schema)
    example = EXAMPLES.get(code, {})
    if code == "exposed_tiles":
        example = {"source": "wall"}
    elif code == "wrong_claim":
        example = {"claim": "chow"}
    elif code == "dangerous_discard":
        example = {"winner": 4, "payments": {"1": 100}}
    jsonschema.validate(example, schema)
    validate_details(code, example, SEATS)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**example, "nonsense": 1}, schema)


def test_json_schema_shape():
    schema = catalogue_json_schema()["exposed_tiles"]
    assert schema["required"] == ["source"]
    assert schema["properties"]["count"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 14,
        "title": "Number of tiles",
        "default": 1,
    }
    assert schema["additionalProperties"] is False
