"""Classical rules, French club edition (seed 001): docs/rules/fouls.md#french. The limit is
1000; East pays and receives double."""

from fractions import Fraction

from rules.consequences import Consequence, DeadHand, Transfer
from rules.hands import POINT_HANDS
from rules.i18n import gettext_noop as _
from rules.options import INT, SHEET_LENGTH, Option, derived_amount, scope_option
from rules.report import Report
from rules.rulesets.base import COMMON_CODES, Ruleset
from rules.rulesets.common import dangerous_discard, warning

OPTIONS = {
    o.name: o
    for o in (
        Option(
            "limit",
            INT,
            1000,
            _("The limit"),
            minimum=4,
            help=_(
                "A false mah-jong costs half of it: 1/2 of the limit to or from East, 1/4 "
                "between the other players (rounded down)."
            ),
        ),
        Option(
            "wrong_claim_amount",
            INT,
            100,
            _("Pung or kong announced without the tiles: paid to the hand's winner"),
            minimum=1,
        ),
        scope_option("table"),
        SHEET_LENGTH,
    )
}


def false_win(report: Report, options: dict) -> list[Consequence]:
    """Half the limit: East pays limit/2 to each player; another offender pays limit/2 to
    East and limit/4 to each of the other two. Absolved if nobody showed his hand. The half
    and the quarter are derived amounts (``rules.options``: rounded down, at least 1)."""
    if not report.details["others_exposed"]:
        return []
    half = derived_amount(options["limit"], Fraction(1, 2))
    quarter = derived_amount(options["limit"], Fraction(1, 4))
    seats, offenders = report.seats, report.offenders
    transfers: list[Consequence] = []
    for offender in offenders:
        for other in seats.others(*offenders):
            doubled = offender == seats.east or other == seats.east
            transfers.append(Transfer(offender, other, half if doubled else quarter))
    return transfers


def wrong_claim(report: Report, options: dict) -> list[Consequence]:
    d = report.details
    result: list[Consequence] = []
    winner = d["hand_winner"]
    if not d["had_tiles"] and winner is not None and winner != report.offender:
        result.append(Transfer(report.offender, winner, options["wrong_claim_amount"]))
    if not (d["corrected_in_time"] or d["cancelled_before_reveal"]):
        result.append(DeadHand(report.offender))
    return result


def rule(report: Report, options: dict) -> list[Consequence]:
    code, d = report.code, report.details
    dead = [DeadHand(report.offender)]
    if code == "false_win":
        return false_win(report, options)
    if code == "wrong_claim":
        return wrong_claim(report, options)
    if code in ("short_hand", "long_hand"):
        return dead
    if code == "draw_out_of_turn":
        return dead if d["tile_seen"] else []
    if code == "discard_out_of_turn":
        return dead if d["claimed_by_someone"] else []
    if code == "dangerous_discard":
        return dangerous_discard(report)
    return warning(report)


# Details ``rule`` reads per code it handles itself (Ruleset.detail_fields); other codes get the
# generic warning and ask every field for the record. Required fields it does not read (the
# wrong claim's ``claim``, the dangerous discard's ``winner``) are asked for the record.
READS = {
    "false_win": ("others_exposed", "co_offenders"),
    "wrong_claim": ("corrected_in_time", "cancelled_before_reveal", "had_tiles", "hand_winner"),
    "short_hand": (),
    "long_hand": (),
    "draw_out_of_turn": ("tile_seen",),
    "discard_out_of_turn": ("claimed_by_someone",),
    "dangerous_discard": ("payments",),
}

RULESET = Ruleset(
    key="french",
    name="Classical rules, French club edition",
    version="french-club.1",
    option_specs=OPTIONS,
    codes=(*COMMON_CODES, "dangerous_discard"),
    method="score",
    rule=rule,
    reads=READS,
    hand_rules=POINT_HANDS,
)
