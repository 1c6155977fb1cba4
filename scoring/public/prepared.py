"""Querysets compiled to SQL once per process and database, then run with new parameters.

A small page (a player's seats, his reports) runs queries that return a few dozen rows: turning
the queryset into SQL costs several times what the database takes to answer. ``Prepared``
compiles its queryset once, with marker values where the arguments go, and afterwards only
executes the SQL. Rows come back as the database driver gives them (a JSON field is its text,
see ``json_value``), or with ``convert=True`` through the fields' converters, as the queryset
would give them (dates, booleans on SQLite).
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

    def __init__(
        self, build: Callable[..., QuerySet], using: str = "default", convert: bool = False
    ):
        self.build = build
        self.using = using
        self.convert = convert
        self.compiled: dict[tuple, tuple[str, list[tuple[bool, Any]], list]] = {}

    def _compile(self, count: int) -> tuple[str, list[tuple[bool, Any]], list]:
        connection = connections[self.using]
        key = (connection.vendor, connection.settings_dict.get("NAME"), count)
        found = self.compiled.get(key)
        if found is None:
            markers = [_MARKER - i for i in range(count)]
            # A marker may come back as text (a filter on a text column prepares it so).
            where: dict[int | str, int] = {m: i for i, m in enumerate(markers)}
            where.update({str(m): i for i, m in enumerate(markers)})
            compiler = self.build(*markers).query.get_compiler(self.using)
            sql, params = compiler.as_sql()
            converters = []
            if self.convert:
                found_converters = compiler.get_converters([s[0] for s in compiler.select])
                converters = sorted(found_converters.items())
            found = self.compiled[key] = (
                sql,
                [(True, where[p]) if _hashable(p) and p in where else (False, p) for p in params],
                converters,
            )
        return found

    def __call__(self, *args: Any) -> list[tuple]:
        sql, params, converters = self._compile(len(args))
        values = [args[p] if is_argument else p for is_argument, p in params]
        connection = connections[self.using]
        with connection.cursor() as cursor:
            cursor.execute(sql, values)
            rows = cursor.fetchall()
        if not converters:
            return rows
        converted = []
        for row in rows:
            row = list(row)
            for position, (functions, expression) in converters:
                value = row[position]
                for function in functions:
                    value = function(value, expression, connection)
                row[position] = value
            converted.append(tuple(row))
        return converted


def _hashable(value: Any) -> bool:
    return isinstance(value, (int, str))


def json_value(value: Any) -> Any:
    """A JSON field's value as read by ``Prepared`` (text on SQLite and PostgreSQL)."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value
