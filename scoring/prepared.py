"""Querysets compiled to SQL once per process and database, then run with new parameters.

A small page (a player's seats, his reports) runs queries that return a few dozen rows: turning
the queryset into SQL costs several times what the database takes to answer. ``Prepared``
compiles its queryset once, with marker values where the arguments go, and afterwards only
executes the SQL. Rows come back as the database driver gives them (no field converters: a
JSON field is its text, see ``json_value``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import QuerySet

# Marker arguments: integers no primary key or parameter of these queries takes.
_MARKER = -987_654_321


class Prepared:
    """``Prepared(lambda a, b: Model.objects.filter(...).values_list(...))``; calling it with
    the arguments returns the rows (tuples). Every parameter of the compiled SQL is either one
    of the arguments or a constant of the queryset (a status, a kind), which stays."""

    def __init__(self, build: Callable[..., QuerySet], using: str = "default"):
        self.build = build
        self.using = using
        self.compiled: dict[tuple, tuple[str, list[tuple[bool, Any]]]] = {}

    def _compile(self, count: int) -> tuple[str, list[tuple[bool, Any]]]:
        connection = connections[self.using]
        key = (connection.vendor, connection.settings_dict.get("NAME"), count)
        found = self.compiled.get(key)
        if found is None:
            markers = [_MARKER - i for i in range(count)]
            sql, params = self.build(*markers).query.sql_with_params()
            found = self.compiled[key] = (
                sql,
                [(True, markers.index(p)) if p in markers else (False, p) for p in params],
            )
        return found

    def __call__(self, *args: Any) -> list[tuple]:
        sql, params = self._compile(len(args))
        values = [args[p] if is_argument else p for is_argument, p in params]
        with connections[self.using].cursor() as cursor:
            cursor.execute(sql, values)
            return cursor.fetchall()


def json_value(value: Any) -> Any:
    """A JSON field's value as read by ``Prepared`` (text on SQLite and PostgreSQL)."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value
