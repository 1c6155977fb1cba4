"""The shape every ruleset has."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import standings
from rules.catalogue import CODES
from rules.consequences import Consequence
from rules.errors import RuleError
from rules.options import Option, clean_options
from rules.report import Report
from rules.rulesets.common import referee_decision
from rules.seats import Player

PenaltyRule = Callable[[Report, dict], list[Consequence]]

# Codes every ruleset offers except the ones that belong to particular rule families.
SPECIAL_CODES = ("chombo", "dangerous_discard")
COMMON_CODES = tuple(code for code in CODES if code not in SPECIAL_CODES)


@dataclass(frozen=True)
class Ruleset:
    """A ruleset: what fouls cost, what a table result means, how players are ranked.

    ``method`` names the standings maths: ``"table_points"`` (mcr), ``"riichi"`` or
    ``"score"`` (wsom, classical, french); see ``rules.standings``.
    """

    key: str
    name: str
    version: str
    option_specs: Mapping[str, Option]
    codes: tuple[str, ...]
    method: str
    rule: PenaltyRule = field(repr=False)
    check_options: Callable[[dict], None] | None = field(default=None, repr=False)

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

    # ---------------------------------------------------------------------------- standings

    def _standings_params(self, options: Mapping[str, Any] | None) -> dict:
        opts = self.options(options)
        if self.method == standings.RIICHI:
            return {"start_points": opts["start_points"], "uma": tuple(opts["uma"])}
        return {}

    def validate_table_result(
        self, scores: Mapping[Player, int], options: Mapping[str, Any] | None = None
    ) -> None:
        standings.validate_table_result(self.method, scores, **self._standings_params(options))

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
