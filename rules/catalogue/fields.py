"""What a foul's details are made of (``Field``, ``Foul``) and how a value sent by a form
or the API is cleaned against its field."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RuleError
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
            clean_fields(f.item_fields, item, f"{path}[{i}]", seats) for i, item in enumerate(value)
        ]
    raise AssertionError(f"unknown field type {f.type}")  # pragma: no cover


def clean_fields(fields: tuple[Field, ...], data: Any, path: str, seats: Seats) -> dict:
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
