"""The foul catalogue (RULES.md section 3): codes, labels and details schemas.

Labels and descriptions are English, marked with ``gettext_noop`` for extraction; translate
them at the edge. ``validate_details`` turns what a form or the API sent into clean details
(every field present, defaults filled, player ids as seated) or raises ``RuleError``.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.consequences import KINDS, SCOPES
from rules.errors import RuleError
from rules.i18n import gettext_noop as _
from rules.seats import Player, Seats

BOOL = "bool"
INT = "int"
CHOICE = "choice"
PLAYER = "player"
PLAYER_LIST = "player_list"
OBJECT_LIST = "object_list"
PLAYER_INT_MAP = "player_int_map"
FIELD_TYPES = (BOOL, INT, CHOICE, PLAYER, PLAYER_LIST, OBJECT_LIST, PLAYER_INT_MAP)


@dataclass(frozen=True)
class Field:
    """One detail a referee gives. Optional fields without a default clean to ``None``;
    lists default to empty lists and maps to empty dicts."""

    name: str
    type: str
    label: str
    required: bool = False
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    item_fields: tuple["Field", ...] = ()
    min_items: int | None = None
    max_items: int | None = None

    def empty_value(self) -> Any:
        if self.type in (PLAYER_LIST, OBJECT_LIST):
            return []
        if self.type == PLAYER_INT_MAP:
            return {}
        return self.default


Check = Callable[[dict, Player | None, Seats], None]


@dataclass(frozen=True)
class Foul:
    code: str
    label: str
    description: str
    fields: tuple[Field, ...] = ()
    check: Check | None = field(default=None, compare=False, repr=False)

    def get_field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


# ---------------------------------------------------------------------------- value cleaning


def _clean_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(path, "must be true or false")
    return value


# No count, amount or score in Mahjong comes near this; it keeps every stored value well inside
# a 64-bit integer.
MAX_MAGNITUDE = 10**9


def _clean_int(f: Field, value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(path, "must be a whole number")
    if abs(value) > MAX_MAGNITUDE:
        raise RuleError(path, f"must be between -{MAX_MAGNITUDE} and {MAX_MAGNITUDE}")
    if f.minimum is not None and value < f.minimum:
        raise RuleError(path, f"must be at least {f.minimum}")
    if f.maximum is not None and value > f.maximum:
        raise RuleError(path, f"must be at most {f.maximum}")
    return value


def _clean_choice(f: Field, value: Any, path: str) -> str:
    if value not in f.choices:
        raise RuleError(path, f"must be one of {', '.join(f.choices)}")
    return value


def _clean_player(value: Any, path: str, seats: Seats) -> Player:
    """A seated player, given as his id or as the id's text (JSON object keys, form posts)."""
    if isinstance(value, bool) or value is None:
        raise RuleError(path, "must be a player seated at this table")
    if value in seats.players:
        return value
    by_text = {str(p): p for p in seats.players}
    if str(value) in by_text:
        return by_text[str(value)]
    raise RuleError(path, f"player {value!r} is not seated at this table")


def _check_count(f: Field, items: list, path: str) -> None:
    if f.min_items is not None and len(items) < f.min_items:
        raise RuleError(path, f"needs at least {f.min_items} item(s)")
    if f.max_items is not None and len(items) > f.max_items:
        raise RuleError(path, f"allows at most {f.max_items} item(s)")


def _clean_value(f: Field, value: Any, path: str, seats: Seats) -> Any:
    if f.type == BOOL:
        return _clean_bool(value, path)
    if f.type == INT:
        return _clean_int(f, value, path)
    if f.type == CHOICE:
        return _clean_choice(f, value, path)
    if f.type == PLAYER:
        return _clean_player(value, path, seats)
    if f.type == PLAYER_LIST:
        if not isinstance(value, list | tuple):
            raise RuleError(path, "must be a list of players")
        players = [_clean_player(v, f"{path}[{i}]", seats) for i, v in enumerate(value)]
        if len(set(players)) != len(players):
            raise RuleError(path, "names a player twice")
        _check_count(f, players, path)
        return players
    if f.type == PLAYER_INT_MAP:
        if not isinstance(value, Mapping):
            raise RuleError(path, "must map players to whole numbers")
        cleaned: dict = {}
        for key, number in value.items():
            player = _clean_player(key, path, seats)
            if player in cleaned:
                raise RuleError(path, "names a player twice")
            cleaned[player] = _clean_int(f, number, f"{path}.{key}")
        return cleaned
    if f.type == OBJECT_LIST:
        if not isinstance(value, list | tuple):
            raise RuleError(path, "must be a list")
        _check_count(f, list(value), path)
        return [
            _clean_fields(f.item_fields, item, f"{path}[{i}]", seats)
            for i, item in enumerate(value)
        ]
    raise AssertionError(f"unknown field type {f.type}")  # pragma: no cover


def _clean_fields(fields: tuple[Field, ...], data: Any, path: str, seats: Seats) -> dict:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise RuleError(path, "must be an object")
    known = {f.name for f in fields}
    for key in data:
        if key not in known:
            raise RuleError(f"{path}.{key}", "unknown field")
    cleaned = {}
    for f in fields:
        value = data.get(f.name)
        if value is None or value == "":
            if f.required:
                raise RuleError(f"{path}.{f.name}", "this field is required")
            cleaned[f.name] = f.empty_value()
        else:
            cleaned[f.name] = _clean_value(f, value, f"{path}.{f.name}", seats)
    return cleaned


# ------------------------------------------------------------------------- cross-field checks


def _not_offender(details: dict, name: str, offender: Player | None) -> None:
    """Field ``name`` (a player, a player list or a player map) must not name the offender."""
    value = details[name]
    if offender is None or value is None:
        return
    named = value if isinstance(value, list | dict) else [value]
    if offender in named:
        raise RuleError(f"details.{name}", "must not name the offender")


def _check_false_win(details: dict, offender: Player | None, seats: Seats) -> None:
    _not_offender(details, "co_offenders", offender)
    _not_offender(details, "others_exposed_counts", offender)
    if details["revealed_count"] and not details["revealed"]:
        details["revealed"] = True
    if details["revealed"] and not details["revealed_count"]:
        details["revealed_count"] = 14
    if any(details["others_exposed_counts"].values()):
        details["others_exposed"] = True


def _check_wrong_wall_draw(details: dict, offender: Player | None, seats: Seats) -> None:
    if details["won_with_tile"]:
        details["taken_into_hand"] = True


def _check_long_hand(details: dict, offender: Player | None, seats: Seats) -> None:
    _not_offender(details, "hand_values", offender)


def _check_wrong_claim(details: dict, offender: Player | None, seats: Seats) -> None:
    if details["cancelled_before_reveal"] and details["tiles_revealed"]:
        raise RuleError(
            "details.tiles_revealed", "must be 0 when the claim was cancelled before revealing"
        )


def _check_misnamed_discard(details: dict, offender: Player | None, seats: Seats) -> None:
    claimers = [claim["player"] for claim in details["claims"]]
    if offender is not None and offender in claimers:
        raise RuleError("details.claims", "the discarder cannot claim his own discard")
    if len(set(claimers)) != len(claimers):
        raise RuleError("details.claims", "names a player twice")


def _check_dangerous_discard(details: dict, offender: Player | None, seats: Seats) -> None:
    _not_offender(details, "winner", offender)
    payments = details["payments"]
    if details["winner"] in payments:
        raise RuleError("details.payments", "the winner made no payment for his own win")
    _not_offender(details, "payments", offender)


def _check_referee_decision(details: dict, offender: Player | None, seats: Seats) -> None:
    sanction = details["sanction"]
    amount = details["amount"]
    if sanction in ("transfer", "deduct") and amount < 1:
        raise RuleError("details.amount", "a point sanction needs an amount of at least 1")
    if sanction == "penalty_tiles" and not 1 <= amount <= 14:
        raise RuleError("details.amount", "the number of penalty tiles must be 1 to 14")
    if sanction != "deduct" and details["scope"] is not None:
        raise RuleError("details.scope", "only a deduction has a scope")
    if sanction != "transfer" and details["receiver"] is not None:
        raise RuleError("details.receiver", "only a transfer has a receiver")
    _not_offender(details, "receiver", offender)
    if sanction == "dealer_passes" and offender is not None and offender != seats.east:
        raise RuleError("details.sanction", "only East can lose the East seat")


# -------------------------------------------------------------------------------- catalogue

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
            _check_false_win,
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
            _check_wrong_wall_draw,
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
            _check_long_hand,
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
            _check_wrong_claim,
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
            _check_misnamed_discard,
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
            _check_dangerous_discard,
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
            _check_referee_decision,
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
    cleaned = _clean_fields(foul.fields, details, "details", seats)
    if foul.check is not None:
        foul.check(cleaned, offender, seats)
    return cleaned


# ----------------------------------------------------------------------------- JSON schema


def _field_schema(f: Field) -> dict:
    schema: dict[str, Any]
    if f.type == BOOL:
        schema = {"type": "boolean"}
    elif f.type == INT:
        schema = {"type": "integer"}
        if f.minimum is not None:
            schema["minimum"] = f.minimum
        if f.maximum is not None:
            schema["maximum"] = f.maximum
    elif f.type == CHOICE:
        schema = {"type": "string", "enum": list(f.choices)}
    elif f.type == PLAYER:
        schema = {"type": "integer", "description": "player id, seated at the table"}
    elif f.type == PLAYER_LIST:
        schema = {"type": "array", "items": {"type": "integer"}, "uniqueItems": True}
    elif f.type == PLAYER_INT_MAP:
        values: dict[str, Any] = {"type": "integer"}
        if f.minimum is not None:
            values["minimum"] = f.minimum
        if f.maximum is not None:
            values["maximum"] = f.maximum
        schema = {
            "type": "object",
            "description": "keys are the ids (as text) of players seated at the table",
            "additionalProperties": values,
        }
    elif f.type == OBJECT_LIST:
        schema = {"type": "array", "items": _object_schema(f.item_fields)}
    else:  # pragma: no cover
        raise AssertionError(f.type)
    if f.type in (PLAYER_LIST, OBJECT_LIST):
        if f.min_items is not None:
            schema["minItems"] = f.min_items
        if f.max_items is not None:
            schema["maxItems"] = f.max_items
    schema["title"] = f.label
    if f.default is not None:
        schema["default"] = f.default
    elif not f.required and f.type in (INT, CHOICE, PLAYER):
        schema["nullable"] = True  # OpenAPI 3.0: null or absent means "not given"
    return schema


def _object_schema(fields: tuple[Field, ...]) -> dict:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {f.name: _field_schema(f) for f in fields},
        "additionalProperties": False,
    }
    required = [f.name for f in fields if f.required]
    if required:
        schema["required"] = required
    return schema


def details_json_schema(code: str) -> dict:
    """The details schema of ``code`` as a JSON-Schema object (for OpenAPI docs)."""
    foul = get_foul(code)
    schema = _object_schema(foul.fields)
    schema["title"] = foul.label
    schema["description"] = foul.description
    return schema


def catalogue_json_schema() -> dict:
    """Every code's details schema, keyed by code."""
    return {code: details_json_schema(code) for code in CATALOGUE}
