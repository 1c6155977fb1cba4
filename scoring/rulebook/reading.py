"""What the rulebook page says, built from the rulebook (``rules``) and the event's rows.

Every amount comes from pricing a case (``rules.rulebook``) with the event's options through
the calls the recording service makes (``ruleset.options(event.ruleset_options)``, then
``Ruleset.consequences`` and ``ledger_lines``); the sentence is the one the penalties page
shows for a recorded report (``rules.describe`` with gettext).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from penalties.describe import foul_label
from penalties.wording import foul_description
from rules import RuleError, Ruleset, Seats, consequence_of, describe, get_ruleset
from rules.ledger import LedgerLine
from rules.options import BOOL, CHOICE, INT_LIST, OPTIONAL_INT, Option
from rules.rulebook import Case, cases_for, price
from rules.standings import RIICHI, TABLE_POINTS
from tournament.events.forms import BOOL_LABELS, SCOPE_LABELS
from tournament.events.models import RULESET_CHOICES, Event
from tournament.formats.models import Stage

# Opaque ids for the example table; the page names players by their seat wind.
EXAMPLE_SEATS = Seats(1, 2, 3, 4)


@dataclass(frozen=True)
class OptionLine:
    name: str
    label: str
    value: str
    help: str
    set_by_event: bool


@dataclass(frozen=True)
class PricedCase:
    situation: str
    consequences: str
    lines: list[LedgerLine]

    @property
    def points(self) -> list[int]:
        """The amounts the ledger records for this case (transfers and deductions)."""
        return [abs(line.points) for line in self.lines if line.points]


@dataclass(frozen=True)
class FoulSection:
    code: str
    label: str
    description: str
    cases: list[PricedCase]


# Where each ruleset's rules come from (docs/rules/index.md#rulesets).
SOURCES = {
    "mcr": gettext_noop(
        "Chinese Official rules (Green Book 2006) as the EMA plays them (MERS tournament "
        "regulations)."
    ),
    "riichi_ema": gettext_noop("The EMA Riichi Competition Rules 2016."),
    "riichi_wrc": gettext_noop("The World Riichi Championship rules (2015 figures)."),
    "wsom": gettext_noop("The World Series of Mahjong rules, based on Zung Jung."),
    "classical": gettext_noop("Classical (Western) rules, the Czech edition of 2005."),
    "french": gettext_noop("Classical rules in the edition of the French clubs."),
}


def ruleset_name(key: str) -> str:
    return str(dict(RULESET_CHOICES).get(key, key))


def _value(spec: Option, value: Any) -> str:
    if spec.type == BOOL:
        return str(BOOL_LABELS[bool(value)])
    if spec.type == CHOICE:
        return str(SCOPE_LABELS.get(value, value))
    if spec.type == INT_LIST:
        return ", ".join(str(v) for v in value)
    if spec.type == OPTIONAL_INT and value is None:
        return _("no limit")
    return str(value)


def option_lines(ruleset: Ruleset, options: dict, overrides: dict) -> list[OptionLine]:
    lines = []
    for name, spec in ruleset.option_specs.items():
        help_text = _(spec.help) if spec.help else ""
        if spec.derived is not None and name not in overrides:
            base = ruleset.option_specs[spec.derived.base]
            fraction = spec.derived.fraction
            help_text = _("%(fraction)s of “%(base)s”, rounded down, at least 1.") % {
                "fraction": f"{fraction.numerator}/{fraction.denominator}",
                "base": _(base.label),
            }
        lines.append(
            OptionLine(
                name, _(spec.label), _value(spec, options[name]), help_text, name in overrides
            )
        )
    return lines


def _priced(case: Case, ruleset: Ruleset, options: dict) -> PricedCase:
    lines = price(case, ruleset, options, EXAMPLE_SEATS)
    consequences = [consequence_of(line) for line in lines]
    sentence = describe(consequences, EXAMPLE_SEATS, _, ngettext)
    return PricedCase(_(case.situation), sentence[:1].upper() + sentence[1:], lines)


def foul_sections(ruleset: Ruleset, options: dict) -> list[FoulSection]:
    by_code: dict[str, list[PricedCase]] = {}
    for case in cases_for(ruleset, options, EXAMPLE_SEATS):
        by_code.setdefault(case.code, []).append(_priced(case, ruleset, options))
    return [
        FoulSection(code, foul_label(code), foul_description(code, ruleset), by_code[code])
        for code in ruleset.codes
    ]


def tie_breaks(ruleset: Ruleset) -> list[str]:
    if ruleset.method == TABLE_POINTS:
        return [
            _("Table points (4, 2, 1 and 0 by the table score; tied players share them)."),
            _("Then the total score."),
            _("Players still equal share the place."),
        ]
    if ruleset.method == RIICHI:
        return [
            _("The total: final points minus the starting points, plus uma, minus penalties."),
            _("Players still equal share the place."),
        ]
    return [
        _("The total score."),
        _("Then table points (4, 2, 1 and 0 by the table score)."),
        _("Players still equal share the place."),
    ]


def hand_scoring(ruleset: Ruleset, options: dict) -> list[str]:
    """docs/rules/hands.md in a few sentences, with the event's options."""
    if ruleset.method == TABLE_POINTS:
        length = options.get("game_length", 16)
        return [
            _(
                "A win needs 8 fan without the flowers and seasons; a win under that is a "
                "false win."
            ),
            _(
                "Win by discard: the discarder pays 8 plus the total fan (flowers included), "
                "each other player pays 8. Self-drawn win: each of the three pays 8 plus the "
                "total fan."
            ),
            _("A drawn hand scores nothing. The dealer passes after every hand."),
            ngettext("A game is %(count)d hand.", "A game is %(count)d hands.", length)
            % {"count": length},
        ]
    if ruleset.method == RIICHI:
        uma = ", ".join(str(v) for v in options["uma"])
        return [
            _(
                "Base points are fu × 2^(2 + han); 5 han (or a larger base) is mangan (2000), "
                "6–7 han haneman (3000), 8–10 baiman (4000), 11 or more sanbaiman (6000), "
                "yakuman 8000."
            ),
            _(
                "Ron: the discarder pays 4 × base (6 × base to the dealer). Tsumo: the dealer "
                "pays 2 × base and the others 1 × base each; a dealer's tsumo costs each 2 × "
                "base. Every payment is rounded up to the next 100."
            ),
            _(
                "Each counter (honba) adds 300 to a ron and 100 per payer to a tsumo; a riichi "
                "costs a 1000-point deposit that the next winner takes."
            ),
            _(
                "Exhaustive draw: the noten players pay 3000 in all to the tenpai players. The "
                "dealer keeps the seat when tenpai or after a dealer win."
            ),
            _(
                "Starting points of each player: %(start)s; the table's conversion is the final "
                "points minus the start plus the uma (%(uma)s), without oka."
            )
            % {"start": options["start_points"], "uma": uma},
        ]
    lines = [
        _(
            "Each hand records the points each seat wins or pays, as counted at the table; the "
            "points of a hand add up to zero."
        ),
    ]
    length = options.get("game_length")
    if length:
        lines.append(
            ngettext("A game is %(count)d hand.", "A game is %(count)d hands.", length)
            % {"count": length}
        )
    return lines


@dataclass(frozen=True)
class StageLine:
    stage: Stage
    rounds: str
    cut: str
    carry: str
    rest: str


def _rounds(stage: Stage) -> str:
    if stage.first_round == stage.last_round:
        return _("Round %(number)d") % {"number": stage.first_round}
    return _("Rounds %(first)d–%(last)d") % {"first": stage.first_round, "last": stage.last_round}


def stage_lines(event: Event) -> list[StageLine]:
    lines = []
    for stage in event.stages.order_by("number"):
        if stage.cut_size:
            cut = ngettext(
                "The best %(count)d player of the previous stage plays it.",
                "The best %(count)d players of the previous stage play it.",
                stage.cut_size,
            ) % {"count": stage.cut_size}
        else:
            cut = _("Everybody plays it.")
        carry = stage.get_carry_display()
        if stage.carry == Stage.Carry.SEED and stage.seed_points:
            carry = f"{carry}: {', '.join(str(p) for p in stage.seed_points)}"
        lines.append(
            StageLine(stage, _rounds(stage), cut, str(carry), str(stage.get_rest_display()))
        )
    return lines


def rulebook(event: Event) -> dict[str, Any]:
    """Everything the page shows, in the active language."""
    ruleset = get_ruleset(event.ruleset)
    overrides = dict(event.ruleset_options or {})
    try:
        options = ruleset.options(overrides)
    except RuleError as error:
        # Options stored under an older version of the rules that no longer reads them: say
        # so rather than price fouls with amounts the event did not choose.
        options, problem = None, error.translated(_, ngettext)
    else:
        problem = ""
    teams = list(event.teams.order_by("name").values_list("name", flat=True))
    return {
        "ruleset": ruleset,
        "ruleset_name": ruleset_name(ruleset.key),
        "ruleset_source": _(SOURCES[ruleset.key]),
        "problem": problem,
        "options": option_lines(ruleset, options, overrides) if options else [],
        "fouls": foul_sections(ruleset, options) if options else [],
        "tie_breaks": tie_breaks(ruleset),
        "hand_scoring": hand_scoring(ruleset, options) if options else [],
        "stages": stage_lines(event),
        "rounds": event.rounds.count(),
        "teams": teams,
    }
