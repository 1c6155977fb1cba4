"""Chinese Official / MCR in EMA (MERS) practice (seed 003, Green Book 2006):
docs/rules/fouls.md#mcr."""

from rules.consequences import Consequence, DeadHand, Deduct, Warning
from rules.hands import MCR
from rules.i18n import gettext_noop as _
from rules.options import BOOL, INT, Option, scope_option
from rules.report import Report
from rules.rulesets.base import COMMON_CODES, Ruleset
from rules.rulesets.common import pay_each, warning

MIN_WIN_POINTS = 8

OPTIONS = {
    o.name: o
    for o in (
        Option("false_win_amount", INT, 10, _("False win: paid to each other player"), minimum=1),
        Option(
            "premature_count_amount",
            INT,
            10,
            _("Premature count: deducted from the offender"),
            minimum=1,
        ),
        scope_option("table"),
        Option("game_length", INT, 16, _("Score sheets: hands in a game"), minimum=1),
        Option(
            "tiles_on_sheet", BOOL, False, _("Score sheets: hands may be entered by their tiles")
        ),
    )
}


def meets_minimum(hand_points: int, bonus_points: int = 0) -> bool:
    """A win needs 8 points not counting flowers/seasons; under that it is a false win."""
    return hand_points - bonus_points >= MIN_WIN_POINTS


def rule(report: Report, options: dict) -> list[Consequence]:
    code, d = report.code, report.details
    offender, seats = report.offender, report.seats
    if code == "false_win":
        result: list[Consequence] = []
        for player in report.offenders:
            result += pay_each(player, seats.others(player), options["false_win_amount"])
        return result + [DeadHand(player) for player in report.offenders]
    if code == "premature_count":
        return [Deduct(offender, options["premature_count_amount"], "table")]
    if code == "wrong_claim":
        return (
            [] if d["corrected_in_time"] or d["cancelled_before_reveal"] else [DeadHand(offender)]
        )
    if code in ("long_hand", "short_hand"):
        return [DeadHand(offender)]
    if code == "late_claim":
        return [Warning(offender, "late_claim")]
    return warning(report)


# Details ``rule`` reads per code it handles itself (Ruleset.detail_fields); other codes get the
# generic warning (late_claim's warning is that one) and ask every field for the record.
READS = {
    "false_win": ("co_offenders",),
    "premature_count": (),
    "wrong_claim": ("corrected_in_time", "cancelled_before_reveal"),
    "long_hand": (),
    "short_hand": (),
}
# Asked for the record only: why the win is false (e.g. under the 8-point minimum).
RECORD = {"false_win": ("reason",)}

RULESET = Ruleset(
    key="mcr",
    name="Chinese Official (MCR)",
    version="mcr-2006.1",
    option_specs=OPTIONS,
    codes=COMMON_CODES,
    method="table_points",
    rule=rule,
    reads=READS,
    record=RECORD,
    hand_rules=MCR,
)
