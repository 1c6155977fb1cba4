"""World Series of Mahjong, Zung Jung based (seed 002, Finnish): docs/rules/fouls.md#wsom."""

from rules.consequences import Consequence, DeadHand, PenaltyTiles, Warning
from rules.hands import POINT_HANDS
from rules.i18n import gettext_noop as _
from rules.options import INT, SHEET_LENGTH, Option, scope_option
from rules.report import Report
from rules.rulesets.base import COMMON_CODES, Ruleset
from rules.rulesets.common import warning

OPTIONS = {
    o.name: o
    for o in (
        Option(
            "withdrawn_win_tiles",
            INT,
            3,
            _("Win call withdrawn before revealing: penalty tiles"),
            minimum=1,
        ),
        Option(
            "cancelled_claim_tiles",
            INT,
            2,
            _("Claim cancelled before exposing: penalty tiles"),
            minimum=1,
        ),
        scope_option("overall"),
        SHEET_LENGTH,
    )
}

LONG = {"no_win": True, "no_claim": True, "no_kong": True}


def false_win(report: Report, options: dict) -> list[Consequence]:
    """Revealed tiles (the offender's and those others revealed meanwhile) become live
    penalty tiles and play continues; a call withdrawn before revealing costs 3 tiles."""
    d = report.details
    result: list[Consequence] = []
    if d["revealed"]:
        result.append(PenaltyTiles(report.offender, d["revealed_count"]))
    else:
        result.append(PenaltyTiles(report.offender, options["withdrawn_win_tiles"]))
    exposed = d["others_exposed_counts"]
    for player in report.co_offenders:
        result.append(PenaltyTiles(player, exposed.get(player, options["withdrawn_win_tiles"])))
    for player, count in exposed.items():
        if player not in report.co_offenders:
            result.append(PenaltyTiles(player, count))
    return result


def wrong_claim(report: Report, options: dict) -> list[Consequence]:
    d = report.details
    if d["cancelled_before_reveal"]:
        return [PenaltyTiles(report.offender, options["cancelled_claim_tiles"])]
    if d["corrected_in_time"]:
        count = d["tiles_revealed"]
        return [PenaltyTiles(report.offender, count)] if count else []
    if d["claim"] == "kong":
        # A wrong kong found after the replacement draw also loses claims and kongs.
        return [DeadHand(report.offender, **LONG)]
    return [DeadHand(report.offender)]


def exposed_tiles(report: Report) -> list[Consequence]:
    d = report.details
    if d["source"] == "own_hand":
        count = d["count"] - 1 if d["during_deal"] else d["count"]
        return [PenaltyTiles(report.offender, count)] if count else []
    if d["source"] == "wall" and d["next_tile"]:
        return []
    return [Warning(report.offender, report.code)]


def rule(report: Report, options: dict) -> list[Consequence]:
    code, d = report.code, report.details
    offender = report.offender
    if code == "exposed_tiles":
        return exposed_tiles(report)
    if code == "false_win":
        return false_win(report, options)
    if code == "wrong_claim":
        return wrong_claim(report, options)
    if code == "long_hand" or code == "draw_out_of_turn":
        return [DeadHand(offender, **LONG)]
    if code == "short_hand" or code == "discard_out_of_turn":
        return [DeadHand(offender)]
    if code == "wrong_wall_draw":
        # He keeps the tile; a win with it may be penalised unless others share the blame.
        return warning(report) if d["won_with_tile"] and not d["others_at_fault"] else []
    return warning(report)


# Details ``rule`` reads per code it handles itself (Ruleset.detail_fields); other codes get the
# generic warning and ask every field for the record.
READS = {
    "exposed_tiles": ("source", "count", "during_deal", "next_tile"),
    "false_win": ("revealed", "revealed_count", "others_exposed_counts", "co_offenders"),
    "wrong_claim": ("claim", "corrected_in_time", "tiles_revealed", "cancelled_before_reveal"),
    "long_hand": (),
    "draw_out_of_turn": (),
    "short_hand": (),
    "discard_out_of_turn": (),
    "wrong_wall_draw": ("won_with_tile", "others_at_fault"),
}

RULESET = Ruleset(
    key="wsom",
    name="World Series of Mahjong",
    version="wsom-1.0",
    option_specs=OPTIONS,
    codes=COMMON_CODES,
    method="score",
    rule=rule,
    reads=READS,
    hand_rules=POINT_HANDS,
)
