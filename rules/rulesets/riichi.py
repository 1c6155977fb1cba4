"""What riichi_ema (RCR 2016) and riichi_wrc (WRC 2015) share: docs/rules/fouls.md#riichi."""

from rules.consequences import OVERALL, Consequence, DeadHand, Deduct, Redeal, Warning
from rules.errors import RuleError
from rules.hands.riichi import DEALER_STOP, LIABILITY, MULTIPLE_RON
from rules.i18n import gettext_noop as _
from rules.options import BOOL, CHOICE, INT, INT_LIST, OPTIONAL_INT, Option, scope_option
from rules.report import Report
from rules.rulesets.base import COMMON_CODES
from rules.rulesets.common import warning

EXPOSED_CHOMBO_OVER = 5  # more than 5 own tiles exposed is a chombo (RCR 2012 list)
CODES = (*COMMON_CODES, "chombo")

# Details the rule of ``make_rule`` reads per code it handles itself (Ruleset.detail_fields);
# other codes get the generic warning and ask every field for the record. A wrong claim's
# required ``claim`` is asked for the record.
READS = {
    "chombo": ("simultaneous_win",),
    "false_win": ("revealed", "co_offenders"),
    "long_hand": (),
    "short_hand": (),
    "wrong_claim": ("cancelled_before_reveal", "corrected_in_time"),
    "wrong_wall_draw": ("taken_into_hand",),
    "exposed_tiles": ("source", "count"),
}
# Asked for the record only: which chombo it was.
RECORD = {"chombo": ("kind",)}


def options(chombo_points: int) -> dict[str, Option]:
    """The riichi options in the order the settings form shows them: the standings', the
    score sheets', what the online platforms play, and the tiles'."""
    return {
        o.name: o
        for o in (
            *standing_options(chombo_points),
            *sheet_options(),
            *platform_options(),
            *tile_options(),
        )
    }


def standing_options(chombo_points: int) -> tuple[Option, ...]:
    """The chombo's price, the starting points, the uma and the scope of fouls."""
    return (
        Option(
            "chombo_points",
            INT,
            chombo_points,
            _("Chombo: deducted after uma, in raw points"),
            minimum=1,
            help=_("Raw points: 20000 is 20.0 points in the standings."),
        ),
        Option(
            "start_points",
            INT,
            30000,
            _("Starting points of each player"),
            minimum=0,
            help=_("A table's final scores must add up to four times this."),
        ),
        Option(
            "uma",
            INT_LIST,
            (15000, 5000, -5000, -15000),
            _("Uma for places 1 to 4, raw points"),
            length=4,
            help=_("Four whole numbers adding up to 0 (no oka)."),
        ),
        scope_option(OVERALL),
    )


def sheet_options() -> tuple[Option, ...]:
    """How the score sheets count (docs/rules/hands.md#riichi-options)."""
    return (
        Option("counted_yakuman", BOOL, False, _("Score sheets: 13 han or more is a yakuman")),
        Option("multiple_yakuman", BOOL, False, _("Score sheets: several yakuman in one hand")),
        Option("kiriage", BOOL, False, _("Score sheets: 4 han 30 fu and 3 han 60 fu are mangan")),
        Option(
            "leftover_deposits",
            CHOICE,
            "first_place",
            _("Score sheets: riichi sticks left at the end"),
            choices=("first_place", "lost"),
        ),
        Option(
            "multiple_ron",
            CHOICE,
            "all",
            _("Score sheets: several winners on one discard"),
            choices=MULTIPLE_RON,
        ),
        Option(
            "game_length",
            CHOICE,
            "hanchan",
            _("Score sheets: length of a game"),
            choices=("hanchan", "tonpuusen"),
        ),
    )


def platform_options() -> tuple[Option, ...]:
    """What the online platforms play (docs/rules/hands.md#platforms)."""
    return (
        Option(
            "abortive_draws",
            BOOL,
            False,
            _(
                "Score sheets: abortive draws (nine terminals, four winds, four riichi, "
                "four kans, triple ron)"
            ),
        ),
        Option("nagashi_mangan", BOOL, False, _("Score sheets: nagashi mangan")),
        Option(
            "liability",
            CHOICE,
            "none",
            _("Score sheets: liability payments (pao) for a yakuman"),
            choices=LIABILITY,
        ),
        Option("bust_end", BOOL, False, _("Score sheets: the game ends below zero")),
        Option(
            "goal_points",
            OPTIONAL_INT,
            None,
            _("Score sheets: points somebody needs for the game to end after its last hand"),
            minimum=1,
            help=_(
                "While nobody has them, the game goes on into the next wind's round, at most "
                "to its end. Empty: the game ends after its last hand."
            ),
        ),
        Option(
            "dealer_stop",
            CHOICE,
            "none",
            _("Score sheets: a dealer placed first in the last hand ends the game"),
            choices=DEALER_STOP,
        ),
    )


def tile_options() -> tuple[Option, ...]:
    """Hands read from their tiles (rules/tiles)."""
    return (
        Option(
            "tiles_on_sheet",
            BOOL,
            False,
            _("Score sheets: hands may be entered by their tiles"),
        ),
        Option("open_tanyao", BOOL, True, _("Tiles: all simples (tanyao) counts in an open hand")),
        Option("red_fives", BOOL, False, _("Tiles: the set has red fives, each one dora")),
    )


def check_options(options: dict) -> None:
    if sum(options["uma"]) != 0:
        raise RuleError("options.uma", _("must add up to 0 (no oka)"))


def chombo(report: Report, options: dict, *, redeal: bool = True) -> list[Consequence]:
    """A chombo costs the offender(s) the chombo amount overall, paid to nobody."""
    result: list[Consequence] = [
        Deduct(player, options["chombo_points"], OVERALL) for player in report.offenders
    ]
    if redeal:
        result.append(Redeal(report.offender))
    return result


def make_rule(voided_by_simultaneous_win: bool):
    def rule(report: Report, options: dict) -> list[Consequence]:
        code, d = report.code, report.details
        dead = [DeadHand(report.offender)]
        if code == "chombo":
            if d["simultaneous_win"]:
                # WRC voids it; EMA keeps the deduction but the other win stands: no redeal.
                return [] if voided_by_simultaneous_win else chombo(report, options, redeal=False)
            return chombo(report, options)
        if code == "false_win":
            if d["revealed"]:
                return chombo(report, options)
            return [DeadHand(p) for p in report.offenders]
        if code in ("long_hand", "short_hand"):
            return dead
        if code == "wrong_claim":
            return [] if d["cancelled_before_reveal"] or d["corrected_in_time"] else dead
        if code == "wrong_wall_draw":
            return dead if d["taken_into_hand"] else warning(report)
        if code == "exposed_tiles":
            if d["source"] in ("opponent_hand", "dead_wall"):
                return dead
            if d["source"] == "own_hand" and d["count"] > EXPOSED_CHOMBO_OVER:
                return chombo(report, options)
            return [Warning(report.offender, code)]
        return warning(report)

    return rule
