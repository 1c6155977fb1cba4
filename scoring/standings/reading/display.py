"""The standings as people read them: exact values ("7/3") with display strings beside them.
Riichi values (penalties too) are shown in thousands of points; table points never are."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules.standings import RIICHI

ROUND_FIELDS = ("round", "table", "score", "units", "units_display", "table_points", "penalty")


def display(method: str, exact: str | Fraction | int, what: str = "total") -> str:
    """An exact value as the standings show it: riichi values in thousands with one decimal,
    others whole or with two decimals; table points are never in thousands."""
    value = Fraction(exact)
    if method == RIICHI and what != "table_points":
        return f"{float(value) / 1000:.1f}"
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def page_row(
    method: str, data: dict[str, Any], shown: Callable[[str, str], str] | None = None
) -> dict[str, Any]:
    """A stored row with its display strings: ``place`` (None: no table played yet),
    ``player``, ``name``, the exact ``total``, ``table_points``, ``score`` and each one's
    ``*_display``, ``penalties`` (and ``penalties_display``), ``dropped``, ``played``, ``rounds``
    (lists in ``ROUND_FIELDS`` order) and ``history``. ``shown``: ``display`` for ``method``,
    remembered (rows repeat few distinct values)."""
    shown = shown or (lambda value, what: display(method, value, what))
    return {
        "place": data["place"],
        "player": data["player"],
        "name": data["name"],
        "total": data["total"],
        "total_display": shown(data["total"], "total"),
        "table_points": data["table_points"],
        "table_points_display": shown(data["table_points"], "table_points"),
        "score": data["score"],
        "score_display": shown(data["score"], "score"),
        "penalties": data["penalties"],
        "penalties_display": shown(data["penalties"], "penalties"),
        "dropped": data["dropped"],
        "played": data["played"],
        "rounds": [
            [r, table, score, units, shown(units, "units"), points, penalty]
            for r, table, score, units, points, penalty in data["rounds"]
        ],
        "history": data["history"],
    }


def as_page_rows(method: str, stored: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``page_row`` of each stored row."""
    memo: dict[tuple, str] = {}

    def shown(value: Any, what: str) -> str:
        key = (value, what == "table_points")
        found = memo.get(key)
        if found is None:
            found = memo[key] = display(method, value, what)
        return found

    return [page_row(method, data, shown) for data in stored]


def expand_rounds(rounds: list[list]) -> list[dict[str, Any]]:
    return [dict(zip(ROUND_FIELDS, line, strict=True)) for line in rounds]
