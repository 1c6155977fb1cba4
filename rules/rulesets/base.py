"""The shape every ruleset has."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import standings
from rules.catalogue import CODES, Field, get_foul
from rules.consequences import Consequence
from rules.errors import RuleError
from rules.hands import Hand, HandRules, Sheet, play_sheet
from rules.hands.riichi import RIICHI_STICK
from rules.options import Option, clean_options
from rules.report import Report
from rules.rulesets.common import referee_decision
from rules.seats import Player

PenaltyRule = Callable[[Report, dict], list[Consequence]]
FieldNames = Mapping[str, tuple[str, ...]]

# Codes every ruleset offers except the ones that belong to particular rule families.
SPECIAL_CODES = ("chombo", "dangerous_discard")
COMMON_CODES = tuple(code for code in CODES if code not in SPECIAL_CODES)


@dataclass(frozen=True)
class Ruleset:
    """A ruleset: what fouls cost, what a table result means, how players are ranked.

    ``method`` names the standings maths: ``"table_points"`` (mcr), ``"riichi"`` or
    ``"score"`` (wsom, classical, french); see ``rules.standings``.

    ``reads`` declares, per code the ruleset's ``rule`` handles itself, the detail fields that
    rule reads (an empty tuple: none, e.g. "always a dead hand"). A code it does not list gets a
    generic rule: ``referee_decision`` (reads all its fields) or the recorded warning of
    ``common.warning`` (reads none; every field is then asked for the record). ``record``
    names, per code, fields asked only for the record (shown to players and directors, never
    changing the consequences). ``reads=None`` (a ruleset that declares nothing): every field
    of every code counts as read. See ``detail_fields``.
    """

    key: str
    name: str
    version: str
    option_specs: Mapping[str, Option]
    codes: tuple[str, ...]
    method: str
    rule: PenaltyRule = field(repr=False)
    check_options: Callable[[dict], None] | None = field(default=None, repr=False)
    reads: FieldNames | None = field(default=None, repr=False, compare=False)
    record: FieldNames = field(default_factory=dict, repr=False, compare=False)
    hand_rules: HandRules | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        for mapping in (self.reads or {}, self.record):
            for code, names in mapping.items():
                if code == "referee_decision":
                    raise ValueError(f"{self.key}: referee_decision reads every field")
                if code not in self.codes:
                    raise ValueError(f"{self.key}: {code!r} is not one of its codes")
                known = {f.name for f in get_foul(code).fields}
                unknown = set(names) - known
                if unknown:
                    raise ValueError(f"{self.key}: {code} has no field {sorted(unknown)}")
        for code in self.record:
            if self.reads is None or code not in self.reads:
                raise ValueError(f"{self.key}: record for {code!r}, a code it does not read")

    @property
    def default_options(self) -> dict:
        return self.options()

    def options(self, overrides: Mapping[str, Any] | None = None) -> dict:
        """The event's options: defaults with ``overrides`` applied and checked."""
        options = clean_options(self.option_specs, overrides)
        if self.check_options is not None:
            self.check_options(options)
        return options

    def options_json_schema(self) -> dict:
        return {
            "type": "object",
            "properties": {name: spec.json_schema() for name, spec in self.option_specs.items()},
            "additionalProperties": False,
        }

    def consequences(
        self, report: Report, options: Mapping[str, Any] | None = None
    ) -> list[Consequence]:
        """What ``report`` costs under this ruleset with the event's ``options``."""
        if report.code not in self.codes:
            raise RuleError("code", f"{report.code!r} is not a foul of the {self.name} rules")
        opts = self.options(options)
        if report.code == "referee_decision":
            return referee_decision(report, opts)
        return self.rule(report, opts)

    # -------------------------------------------------------------------------- detail fields

    def _fields(self, code: str) -> tuple[Field, ...]:
        if code not in self.codes:
            raise RuleError("code", f"{code!r} is not a foul of the {self.name} rules")
        return get_foul(code).fields

    def consequence_fields(self, code: str) -> tuple[Field, ...]:
        """The details of ``code`` this ruleset's penalty rule reads, in catalogue order.

        Changing any other detail never changes what a report costs (with the details read
        unchanged: ``validate_details`` may derive one detail from another, e.g. a
        ``revealed_count`` implies ``revealed``)."""
        fields = self._fields(code)
        if self.reads is None or code == "referee_decision":
            return fields
        names = self.reads.get(code, ())
        return tuple(f for f in fields if f.name in names)

    def record_fields(self, code: str) -> tuple[Field, ...]:
        """The details of ``code`` asked only for the record, in catalogue order: the ones the
        ruleset declares, every field of a code under the generic warning, and any required
        field the rule does not read (``validate_details`` needs it). They never change the
        consequences."""
        fields = self._fields(code)
        if self.reads is None or code == "referee_decision":
            return ()
        if code not in self.reads:
            return fields
        read, extra = set(self.reads[code]), set(self.record.get(code, ()))
        return tuple(f for f in fields if f.name not in read and (f.name in extra or f.required))

    def detail_fields(self, code: str) -> tuple[Field, ...]:
        """The details the referee's form asks for ``code`` under this ruleset, in catalogue
        order: the ones its penalty rule reads plus the ones asked for the record.

        Details left out are still accepted by ``validate_details``, which fills their
        defaults; every required field of the code is always among these."""
        shown = {f.name for f in (*self.consequence_fields(code), *self.record_fields(code))}
        return tuple(f for f in self._fields(code) if f.name in shown)

    def detail_field_names(self, code: str) -> tuple[str, ...]:
        return tuple(f.name for f in self.detail_fields(code))

    # ---------------------------------------------------------------------------- standings

    def _standings_params(self, options: Mapping[str, Any] | None) -> dict:
        opts = self.options(options)
        if self.method == standings.RIICHI:
            return {"start_points": opts["start_points"], "uma": tuple(opts["uma"])}
        return {}

    def validate_table_result(
        self, scores: Mapping[Player, int], options: Mapping[str, Any] | None = None
    ) -> None:
        """The sum check of docs/rules/standings.md#table-result. Riichi events whose leftover
        sticks leave the game (``leftover_deposits = lost``) may end short of the starting total
        by whole sticks."""
        params = self._standings_params(options)
        if (
            self.method == standings.RIICHI
            and self.options(options).get("leftover_deposits") == "lost"
        ):
            params["sticks"] = RIICHI_STICK
        standings.validate_table_result(self.method, scores, **params)

    def table_result_problem(
        self, scores: Mapping[Player, int], options: Mapping[str, Any] | None = None
    ) -> str | None:
        try:
            self.validate_table_result(scores, options)
        except RuleError as error:
            return error.message
        return None

    def table_standings(
        self,
        scores: Mapping[Player, int],
        table_penalties: Mapping[Player, int] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> dict[Player, standings.TableStanding]:
        return standings.table_standings(
            self.method, scores, table_penalties, **self._standings_params(options)
        )

    def standings(
        self,
        tables: Iterable[standings.TableResult],
        players: Iterable[standings.PlayerEntry] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[standings.StandingRow]:
        return standings.compute_standings(
            self.method, tables, players, **self._standings_params(options)
        )

    # ---------------------------------------------------------------------------- score sheets

    def play_sheet(
        self, hands: Iterable[Hand | Mapping[str, Any]], options: Mapping[str, Any] | None = None
    ) -> Sheet:
        """The score sheet after ``hands`` (docs/rules/hands.md), with the event's options."""
        if self.hand_rules is None:
            raise RuleError("ruleset", f"the {self.name} rules keep no score sheets")
        return play_sheet(self.hand_rules, self.options(options), hands)
