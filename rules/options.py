"""Per-event options of a ruleset: amounts and scopes a director may override."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.consequences import SCOPES
from rules.errors import RuleError

INT = "int"
OPTIONAL_INT = "optional_int"
CHOICE = "choice"
INT_LIST = "int_list"
BOOL = "bool"


@dataclass(frozen=True)
class Option:
    name: str
    type: str
    default: Any
    label: str = ""
    minimum: int | None = None
    choices: tuple[str, ...] = ()
    length: int | None = None

    def clean(self, value: Any) -> Any:
        path = f"options.{self.name}"
        if self.type == OPTIONAL_INT and value is None:
            return None
        if self.type in (INT, OPTIONAL_INT):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(path, "must be a whole number")
            if self.minimum is not None and value < self.minimum:
                raise RuleError(path, f"must be at least {self.minimum}")
            return value
        if self.type == BOOL:
            if not isinstance(value, bool):
                raise RuleError(path, "must be true or false")
            return value
        if self.type == CHOICE:
            if value not in self.choices:
                raise RuleError(path, f"must be one of {', '.join(self.choices)}")
            return value
        if self.type == INT_LIST:
            if not isinstance(value, list | tuple) or any(
                isinstance(v, bool) or not isinstance(v, int) for v in value
            ):
                raise RuleError(path, "must be a list of whole numbers")
            if self.length is not None and len(value) != self.length:
                raise RuleError(path, f"must have exactly {self.length} numbers")
            return list(value)
        raise AssertionError(self.type)  # pragma: no cover

    def json_schema(self) -> dict:
        if self.type == INT:
            schema: dict[str, Any] = {"type": "integer"}
        elif self.type == OPTIONAL_INT:
            schema = {"type": "integer", "nullable": True}  # OpenAPI 3.0 spelling
        elif self.type == BOOL:
            schema = {"type": "boolean"}
        elif self.type == CHOICE:
            schema = {"type": "string", "enum": list(self.choices)}
        else:
            schema = {"type": "array", "items": {"type": "integer"}}
            if self.length is not None:
                schema["minItems"] = schema["maxItems"] = self.length
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        schema["default"] = self.default
        if self.label:
            schema["title"] = self.label
        return schema


def scope_option(default: str) -> Option:
    return Option(
        "point_penalty_scope",
        CHOICE,
        default,
        "Scope of a referee's point deduction",
        choices=SCOPES,
    )


# Score sheets of the rulesets whose hands are entered as points (RULES.md section 7).
SHEET_LENGTH = Option(
    "game_length", OPTIONAL_INT, None, "Score sheets: hands in a game (none: no limit)", minimum=1
)


def clean_options(specs: Mapping[str, Option], overrides: Mapping[str, Any] | None) -> dict:
    """Defaults merged with ``overrides``; unknown keys or wrong types raise ``RuleError``."""
    if overrides is not None and not isinstance(overrides, Mapping):
        raise RuleError("options", "must be an object")
    overrides = overrides or {}
    for key in overrides:
        if key not in specs:
            raise RuleError(f"options.{key}", "unknown option")
    options = {}
    for name, spec in specs.items():
        value = overrides.get(name, spec.default)
        options[name] = spec.clean(value)
    return options
