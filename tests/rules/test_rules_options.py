"""Per-event options: defaults, overrides, errors."""

import jsonschema
import pytest

from rules import RULESETS, Report, RuleError, get_ruleset
from tests.support.rules import SEATS, SOUTH


def test_registry_keys_names_versions():
    assert list(RULESETS) == ["mcr", "riichi_ema", "riichi_wrc", "wsom", "classical", "french"]
    for key, ruleset in RULESETS.items():
        assert ruleset.key == key
        assert ruleset.name
        assert ruleset.version.startswith(key + "-")
    assert get_ruleset("classical").version == "classical-2005.1"
    with pytest.raises(RuleError) as error:
        get_ruleset("go")
    assert error.value.field == "ruleset"


def test_default_options():
    assert get_ruleset("riichi_wrc").default_options == {
        "chombo_points": 20000,
        "start_points": 30000,
        "uma": [15000, 5000, -5000, -15000],
        "point_penalty_scope": "overall",
        "counted_yakuman": False,
        "multiple_yakuman": False,
        "kiriage": False,
        "leftover_deposits": "first_place",
        "multiple_ron": "all",
        "game_length": "hanchan",
        "abortive_draws": False,
        "nagashi_mangan": False,
        "liability": "none",
        "bust_end": False,
        "goal_points": None,
        "dealer_stop": "none",
        "tiles_on_sheet": False,
        "open_tanyao": True,
        "red_fives": False,
    }
    assert get_ruleset("mcr").default_options["tiles_on_sheet"] is False
    assert get_ruleset("mcr").default_options["game_length"] == 16
    assert get_ruleset("classical").default_options["game_length"] is None
    assert get_ruleset("mcr").default_options["point_penalty_scope"] == "table"
    assert get_ruleset("wsom").default_options["point_penalty_scope"] == "overall"


@pytest.mark.parametrize(
    ("key", "overrides", "field"),
    [
        ("mcr", {"colour": 1}, "options.colour"),
        ("mcr", {"false_win_amount": "10"}, "options.false_win_amount"),
        ("mcr", {"false_win_amount": 0}, "options.false_win_amount"),
        ("mcr", {"point_penalty_scope": "world"}, "options.point_penalty_scope"),
        ("riichi_ema", {"uma": [1, 2, 3]}, "options.uma"),
        ("riichi_ema", {"uma": [1.5, 0, 0, -1.5]}, "options.uma"),
        ("riichi_ema", {"chombo_points": True}, "options.chombo_points"),
        ("french", [1], "options"),
    ],
)
def test_bad_options(key, overrides, field):
    with pytest.raises(RuleError) as error:
        get_ruleset(key).options(overrides)
    assert error.value.field == field


def test_bad_options_are_refused_when_judging_too():
    report = Report("false_win", SOUTH, SEATS, {})
    with pytest.raises(RuleError):
        get_ruleset("mcr").consequences(report, {"nonsense": 1})


@pytest.mark.parametrize("key", list(RULESETS))
def test_options_json_schema_accepts_the_defaults(key):
    ruleset = get_ruleset(key)
    schema = ruleset.options_json_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.validate({k: v for k, v in ruleset.default_options.items() if v is not None}, schema)


def test_errors_carry_a_template_and_its_values_for_translation():
    with pytest.raises(RuleError) as error:
        get_ruleset("mcr").options({"false_win_amount": 0})
    assert error.value.template == "must be at least %(minimum)s"
    assert error.value.params == {"minimum": 1}
    assert error.value.message == "must be at least 1"


def test_an_unknown_option_is_named_with_the_valid_ones():
    with pytest.raises(RuleError) as error:
        get_ruleset("mcr").options({"colour": 1})
    assert error.value.message == (
        "unknown option colour; the options are: false_win_amount, premature_count_amount, "
        "point_penalty_scope, game_length, tiles_on_sheet"
    )


@pytest.mark.parametrize("key", list(RULESETS))
def test_every_option_has_a_label(key):
    for spec in get_ruleset(key).option_specs.values():
        assert spec.label
