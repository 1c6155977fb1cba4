"""The foul catalogue (docs/rules/fouls.md#catalogue): codes, labels and details schemas.

Labels and descriptions are English, marked with ``gettext_noop`` for extraction; translate
them at the edge. ``validate_details`` turns what a form or the API sent into clean details
(every field present, defaults filled, player ids as seated) or raises ``RuleError``.

Modules: ``fields`` (field types, cleaning a value), ``checks`` (across fields), ``entries``
(the catalogue) and ``schema`` (JSON Schema).
"""

from .entries import CATALOGUE, CODES, get_foul, validate_details
from .fields import (
    BOOL,
    CHOICE,
    FIELD_TYPES,
    INT,
    MAX_MAGNITUDE,
    OBJECT_LIST,
    PLAYER,
    PLAYER_INT_MAP,
    PLAYER_LIST,
    Field,
    Foul,
)
from .schema import catalogue_json_schema, details_json_schema

__all__ = [
    "BOOL",
    "CATALOGUE",
    "CHOICE",
    "CODES",
    "FIELD_TYPES",
    "INT",
    "MAX_MAGNITUDE",
    "OBJECT_LIST",
    "PLAYER",
    "PLAYER_INT_MAP",
    "PLAYER_LIST",
    "Field",
    "Foul",
    "catalogue_json_schema",
    "details_json_schema",
    "get_foul",
    "validate_details",
]
