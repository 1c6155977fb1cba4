"""The details of each foul as JSON Schema (for the API's documentation and clients)."""

from typing import Any

from .entries import CATALOGUE, get_foul
from .fields import BOOL, CHOICE, INT, OBJECT_LIST, PLAYER, PLAYER_INT_MAP, PLAYER_LIST, Field


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
