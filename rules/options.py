"""Per-event options of a ruleset: amounts and scopes a director may override.

Labels, help texts and error messages are English, marked with ``gettext_noop`` for
extraction; the edge translates them (errors through ``RuleError.template`` and ``params``).

**Derived amounts.** Some amounts are fractions of an amount the director sets (classical:
1/2, 1/3 and 1/6 of the false mah-jong amount; french: 1/2 and 1/4 of the limit). Any whole
base amount is accepted; a derived amount is the fraction of the base **rounded down** to a
whole number, and never less than 1 (``derived_amount``). Rounding down keeps every payment at
or below its exact share, so several offenders never pay (and nobody receives) more in total
than a single offender's amount (for base amounts of 6 or more; below that the minimum of 1
wins). Where the ruleset lets the director set a derived amount
itself (classical), the value set is used as it is.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.consequences import SCOPES
from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.i18n import ngettext_noop as ngettext

INT = "int"
OPTIONAL_INT = "optional_int"
CHOICE = "choice"
INT_LIST = "int_list"
BOOL = "bool"

ROUNDING_RULE = _(
    "Derived amounts are the fraction of the base amount rounded down to a whole number, and "
    "at least 1."
)


def derived_amount(base: int, fraction: Fraction) -> int:
    """``fraction`` of ``base`` rounded down, at least 1 (see the module docstring)."""
    return max(1, (base * fraction.numerator) // fraction.denominator)


@dataclass(frozen=True)
class Derivation:
    """An amount that is ``fraction`` of the option ``base`` unless the event sets it."""

    base: str
    fraction: Fraction


@dataclass(frozen=True)
class Option:
    name: str
    type: str
    default: Any
    label: str = ""
    minimum: int | None = None
    choices: tuple[str, ...] = ()
    length: int | None = None
    help: str = ""
    derived: Derivation | None = None

    def clean(self, value: Any) -> Any:
        path = f"options.{self.name}"
        if self.type == OPTIONAL_INT and value is None:
            return None
        if self.type in (INT, OPTIONAL_INT):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(path, _("must be a whole number"))
            if self.minimum is not None and value < self.minimum:
                raise RuleError(path, _("must be at least %(minimum)s"), {"minimum": self.minimum})
            return value
        if self.type == BOOL:
            if not isinstance(value, bool):
                raise RuleError(path, _("must be true or false"))
            return value
        if self.type == CHOICE:
            if value not in self.choices:
                raise RuleError(
                    path, _("must be one of %(choices)s"), {"choices": ", ".join(self.choices)}
                )
            return value
        if self.type == INT_LIST:
            if not isinstance(value, list | tuple) or any(
                isinstance(v, bool) or not isinstance(v, int) for v in value
            ):
                raise RuleError(path, _("must be a list of whole numbers"))
            if self.length is not None and len(value) != self.length:
                raise RuleError(
                    path,
                    ngettext(
                        "must have exactly %(length)s number",
                        "must have exactly %(length)s numbers",
                        "length",
                    ),
                    {"length": self.length},
                )
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
        description = " ".join(
            part
            for part in (
                self.help,
                self.derived
                and f"Unset: {self.derived.fraction} of {self.derived.base}, rounded down, "
                "at least 1.",
            )
            if part
        )
        if description:
            schema["description"] = description
        return schema


def scope_option(default: str) -> Option:
    return Option(
        "point_penalty_scope",
        CHOICE,
        default,
        _("Scope of a referee's point deduction"),
        choices=SCOPES,
        help=_(
            "table: the deduction changes the player's table score (and so the placing at the "
            "table); overall: it is taken from the standings total after the table's "
            "conversion."
        ),
    )


# Score sheets of the rulesets whose hands are entered as points (docs/rules/hands.md#points).
SHEET_LENGTH = Option(
    "game_length",
    OPTIONAL_INT,
    None,
    _("Score sheets: hands in a game (none: no limit)"),
    minimum=1,
)


def clean_options(specs: Mapping[str, Option], overrides: Mapping[str, Any] | None) -> dict:
    """Defaults merged with ``overrides``; unknown keys or wrong types raise ``RuleError``.
    Derived amounts the overrides leave unset are filled from their base."""
    if overrides is not None and not isinstance(overrides, Mapping):
        raise RuleError("options", _("must be an object"))
    overrides = overrides or {}
    for key in overrides:
        if key not in specs:
            raise RuleError(
                f"options.{key}",
                _("unknown option %(option)s; the options are: %(options)s"),
                {"option": str(key)[:60], "options": ", ".join(specs)},
            )
    options = {}
    for name, spec in specs.items():
        value = overrides.get(name, spec.default)
        options[name] = spec.clean(value)
    for name, spec in specs.items():
        if spec.derived is not None and options[name] is None:
            options[name] = derived_amount(options[spec.derived.base], spec.derived.fraction)
    return options
