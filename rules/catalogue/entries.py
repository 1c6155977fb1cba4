"""The catalogue itself (docs/rules/fouls.md#catalogue): every foul's code, label,
description, details and checks; ``get_foul`` and ``validate_details`` read it."""

from collections.abc import Mapping

from rules.consequences import KINDS, SCOPES
from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.seats import Player, Seats

from .checks import (
    check_dangerous_discard,
    check_false_win,
    check_long_hand,
    check_misnamed_discard,
    check_referee_decision,
    check_wrong_claim,
    check_wrong_wall_draw,
)
from .fields import (
    BOOL,
    CHOICE,
    INT,
    OBJECT_LIST,
    PLAYER,
    PLAYER_INT_MAP,
    PLAYER_LIST,
    Field,
    Foul,
    clean_fields,
)

_CLAIM = ("chow", "pung", "kong")

CATALOGUE: dict[str, Foul] = {
    foul.code: foul
    for foul in (
        Foul(
            "false_win",
            _("False win"),
            _("False win / false mah-jong declaration."),
            (
                Field("revealed", BOOL, _("Offender exposed the hand"), default=False),
                Field(
                    "revealed_count",
                    INT,
                    _("Tiles the offender exposed (0 with exposed: whole hand, 14)"),
                    default=0,
                    minimum=0,
                    maximum=14,
                ),
                Field(
                    "others_exposed",
                    BOOL,
                    _("Another player exposed tiles before the error was found"),
                    default=False,
                ),
                Field(
                    "others_exposed_counts",
                    PLAYER_INT_MAP,
                    _("Tiles each other player exposed"),
                    minimum=1,
                    maximum=14,
                ),
                Field(
                    "co_offenders",
                    PLAYER_LIST,
                    _("Other players who falsely declared on the same discard"),
                    max_items=2,
                ),
                Field(
                    "reason",
                    CHOICE,
                    _("Why the win is false"),
                    default="invalid_hand",
                    choices=("invalid_hand", "under_minimum", "dead_hand"),
                ),
            ),
            check_false_win,
        ),
        Foul(
            "exposed_tiles",
            _("Exposed tiles"),
            _("Tiles exposed by mistake."),
            (
                Field(
                    "source",
                    CHOICE,
                    _("Where the tiles came from"),
                    required=True,
                    choices=("own_hand", "wall", "opponent_hand", "dead_wall"),
                ),
                Field("count", INT, _("Number of tiles"), default=1, minimum=1, maximum=14),
                Field("during_deal", BOOL, _("While sorting the opening hand"), default=False),
                Field(
                    "next_tile",
                    BOOL,
                    _("The exposed wall tile was the next one to draw"),
                    default=False,
                ),
            ),
        ),
        Foul(
            "wrong_wall_draw",
            _("Wrong wall draw"),
            _("Drew from the wrong place in the wall."),
            (
                Field("taken_into_hand", BOOL, _("Tile taken into the hand"), default=False),
                Field("won_with_tile", BOOL, _("Won with that tile"), default=False),
                Field(
                    "others_at_fault",
                    BOOL,
                    _("Other players share the blame (e.g. careless wall)"),
                    default=False,
                ),
            ),
            check_wrong_wall_draw,
        ),
        Foul(
            "long_hand",
            _("Long hand"),
            _("Too many tiles."),
            (
                Field("count", INT, _("Tiles too many"), default=1, minimum=1, maximum=14),
                Field(
                    "hand_values",
                    PLAYER_INT_MAP,
                    _("Value of each other player's hand at settlement"),
                    minimum=0,
                ),
            ),
            check_long_hand,
        ),
        Foul(
            "short_hand",
            _("Short hand"),
            _("Too few tiles (including a forgotten replacement tile)."),
            (Field("count", INT, _("Tiles missing"), default=1, minimum=1, maximum=13),),
        ),
        Foul(
            "wrong_claim",
            _("Wrong claim"),
            _("Chow, pung or kong claim that is wrong or empty."),
            (
                Field("claim", CHOICE, _("Claim"), required=True, choices=_CLAIM),
                Field("corrected_in_time", BOOL, _("Corrected in time"), default=False),
                Field(
                    "tiles_revealed",
                    INT,
                    _("Tiles wrongly exposed"),
                    default=0,
                    minimum=0,
                    maximum=4,
                ),
                Field(
                    "cancelled_before_reveal",
                    BOOL,
                    _("Cancelled before any tile was revealed"),
                    default=False,
                ),
                Field("had_tiles", BOOL, _("The claimer had the tiles for it"), default=True),
                Field("hand_winner", PLAYER, _("Winner of the hand (when known)")),
            ),
            check_wrong_claim,
        ),
        Foul(
            "misnamed_discard",
            _("Misnamed discard"),
            _("Discard named as another tile; claims made on the named tile."),
            (
                Field(
                    "claims",
                    OBJECT_LIST,
                    _("Claims on the named tile"),
                    required=True,
                    min_items=1,
                    max_items=3,
                    item_fields=(
                        Field("player", PLAYER, _("Claimer"), required=True),
                        Field(
                            "claim",
                            CHOICE,
                            _("Claim"),
                            required=True,
                            choices=(*_CLAIM, "win"),
                        ),
                        Field(
                            "proven",
                            BOOL,
                            _("The claimer showed the tiles completing it"),
                            default=False,
                        ),
                    ),
                ),
                Field(
                    "others_exposed",
                    BOOL,
                    _("Someone exposed tiles before a false win claim was withdrawn"),
                    default=False,
                ),
            ),
            check_misnamed_discard,
        ),
        Foul(
            "dangerous_discard",
            _("Dangerous discard"),
            _("A forbidden tile fed a limit-intent hand."),
            (
                Field("winner", PLAYER, _("Winner"), required=True),
                Field(
                    "payments",
                    PLAYER_INT_MAP,
                    _("What each of the two other players paid for that win"),
                    minimum=0,
                ),
                Field(
                    "pattern",
                    CHOICE,
                    _("What the winner had exposed"),
                    choices=(
                        "three_chows_one_suit",
                        "pungs_two_suits",
                        "pungs_three_winds",
                        "three_terminal_pungs",
                    ),
                ),
            ),
            check_dangerous_discard,
        ),
        Foul(
            "draw_out_of_turn",
            _("Draw out of turn"),
            _("Drew when not on turn."),
            (Field("tile_seen", BOOL, _("Saw or felt the tile"), default=False),),
        ),
        Foul(
            "discard_out_of_turn",
            _("Discard out of turn"),
            _("Discarded out of turn or before drawing."),
            (Field("claimed_by_someone", BOOL, _("The discard was claimed"), default=False),),
        ),
        Foul(
            "late_claim",
            _("Late claim"),
            _("Claim after the time limit (MCR: 3 seconds)."),
            (Field("seconds", INT, _("Seconds taken"), minimum=0, maximum=3600),),
        ),
        Foul(
            "slow_play",
            _("Slow play"),
            _("Delay (MCR: 10 seconds to discard)."),
            (Field("seconds", INT, _("Seconds taken"), minimum=0, maximum=3600),),
        ),
        Foul(
            "premature_count",
            _("Premature count"),
            _("Counted before taking the winning tile."),
        ),
        Foul(
            "chombo",
            _("Chombo"),
            _("Riichi major foul: noten riichi, furiten ron, illegal kong after riichi."),
            (
                Field(
                    "kind",
                    CHOICE,
                    _("Kind"),
                    default="other",
                    choices=("noten_riichi", "furiten_ron", "illegal_kong_after_riichi", "other"),
                ),
                Field(
                    "simultaneous_win",
                    BOOL,
                    _("Another player won at the same time"),
                    default=False,
                ),
            ),
        ),
        Foul(
            "misconduct",
            _("Misconduct"),
            _("Unsportsmanlike conduct, collusion, information passing."),
            (
                Field(
                    "severity",
                    CHOICE,
                    _("Severity"),
                    default="minor",
                    choices=("minor", "major", "severe"),
                ),
            ),
        ),
        Foul(
            "referee_decision",
            _("Referee's decision"),
            _("Anything else: the referee sets the sanction."),
            (
                Field("sanction", CHOICE, _("Sanction"), required=True, choices=KINDS),
                Field(
                    "amount",
                    INT,
                    _("Points (or number of penalty tiles)"),
                    default=0,
                    minimum=0,
                ),
                Field("scope", CHOICE, _("Scope of a deduction"), choices=SCOPES),
                Field("receiver", PLAYER, _("Receiver of a transfer (empty: each opponent)")),
            ),
            check_referee_decision,
        ),
    )
}

CODES = tuple(CATALOGUE)


def get_foul(code: str) -> Foul:
    try:
        return CATALOGUE[code]
    except (KeyError, TypeError):
        raise RuleError("code", f"unknown foul code {code!r}") from None


def validate_details(
    code: str, details: Mapping | None, seats: Seats, offender: Player | None = None
) -> dict:
    """Clean ``details`` for foul ``code`` at a table seated as ``seats``.

    Returns a new dict with every field of the schema (defaults filled, players as seated).
    With ``offender`` given, also checks that fields naming other players do not name him.
    Raises ``RuleError`` whose ``field`` is ``"code"`` or ``"details.<name>"``.
    """
    foul = get_foul(code)
    cleaned = clean_fields(foul.fields, details, "details", seats)
    if foul.check is not None:
        foul.check(cleaned, offender, seats)
    return cleaned
