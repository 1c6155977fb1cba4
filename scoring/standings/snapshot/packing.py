"""The stored form of a snapshot (see the package's docstring), reading it back
(``unpack``, once per process and snapshot with ``decoded_rows``) and writing edited rows
(``pack_rows``)."""

from __future__ import annotations

import json
import zlib
from fractions import Fraction
from typing import Any

import numpy as np

from rules.standings import RIICHI, TABLE_POINTS

TWELFTHS = 12
LINE_FIELDS = 6
ROUND_FIELDS = ("round", "table", "score", "units", "units_display", "table_points", "penalty")
# The first byte of a packed snapshot: the rows' integer fields and the lines column by column
# (see ``pack``), or, from the releases before, the JSON head of every field with the lines
# column by column (3, and 2 without ``played``, ``rounds`` and ``history``), or row by row as
# little-endian integers of that many bytes (4, 8).
COLUMNS_FORMAT = 5
OLD_COLUMNS_FORMATS = (2, 3)
ROWS_FORMATS = (4, 8)

# Stored per row, as one JSON list per field; values in twelfths are whole numbers.
HEAD_FIELDS = ("place", "player", "name", "total", "table_points", "score", "penalties", "dropped")
# The head's integer fields, stored column by column after the JSON from format 5 (``history``:
# one column of rows x rounds, row after row); the others (names, dropped, rounds) in the JSON.
INTEGER_FIELDS = (
    "place",
    "player",
    "total",
    "table_points",
    "score",
    "penalties",
    "lines",
    "played",
    "history",
)


def narrowest_width(values: np.ndarray) -> np.ndarray:
    """``values`` as little-endian integers of the fewest bytes (1, 2, 4 or 8) that hold them."""
    for dtype in ("<i1", "<i2", "<i4"):
        limits = np.iinfo(dtype)
        if not len(values) or (values.min() >= limits.min and values.max() <= limits.max):
            return values.astype(dtype)
    return values.astype("<i8")


def pack(head: dict[str, Any], lines: np.ndarray) -> bytes:
    """Each integer column in the narrowest integer type that holds it (rounds, table numbers,
    places and per-round points mostly fit in one or two bytes): a third of the bytes of int32
    rows, which zlib compresses in half the time, and no JSON text of thousands of numbers.
    ``head``'s integer fields may be lists or arrays (``history``: rows x rounds)."""
    rows = len(head["name"])
    fields = [
        narrowest_width(np.asarray(head[f], dtype=np.int64).reshape(-1)) for f in INTEGER_FIELDS
    ]
    columns = [narrowest_width(lines[:, i]) for i in range(LINE_FIELDS)]
    text = json.dumps(
        {
            "name": list(head["name"]),
            "dropped": [bool(d) for d in head["dropped"]],
            "rounds": list(head["rounds"]),
            "rows": rows,
            "fields": [c.itemsize for c in fields],
            "widths": [c.itemsize for c in columns],
        },
        separators=(",", ":"),
    ).encode()
    body = b"".join(c.tobytes() for c in (*fields, *columns))
    prefix = bytes([COLUMNS_FORMAT]) + len(text).to_bytes(4, "little")
    return zlib.compress(prefix + text + body, 1)


def round_lines(data: bytes) -> tuple[dict[str, list], np.ndarray]:
    """The head (every field a list) and the lines (int64, one row per line) of a decompressed
    snapshot."""
    size = int.from_bytes(data[1:5], "little")
    head = json.loads(data[5 : 5 + size])
    offset = 5 + size
    if data[0] in ROWS_FORMATS:  # written by the release before COLUMNS_FORMAT
        rows = np.frombuffer(data, dtype=f"<i{data[0]}", offset=offset)
        return head, rows.reshape(-1, LINE_FIELDS).astype(np.int64)
    if data[0] == COLUMNS_FORMAT:
        rows, rounds = head.pop("rows"), len(head["rounds"])
        for field, width in zip(INTEGER_FIELDS, head.pop("fields"), strict=True):
            count = rows * rounds if field == "history" else rows
            values = np.frombuffer(data, dtype=f"<i{width}", count=count, offset=offset)
            offset += width * count
            head[field] = (values.reshape(rows, rounds) if field == "history" else values).tolist()
    elif data[0] not in OLD_COLUMNS_FORMATS:
        raise ValueError(f"unknown standings snapshot format {data[0]}")
    count, columns = sum(head["lines"]), []
    for width in head["widths"]:
        columns.append(np.frombuffer(data, dtype=f"<i{width}", count=count, offset=offset))
        offset += width * count
    return head, np.stack(columns, axis=1).astype(np.int64)


class Formatter:
    """Exact and display strings of values counted in twelfths, memoised (standings repeat few
    distinct per-round values)."""

    def __init__(self, method: str):
        self.riichi = method == RIICHI
        self.cache: dict[int, tuple[str, str]] = {}

    def __call__(self, twelfths: int) -> tuple[str, str]:
        found = self.cache.get(twelfths)
        if found is None:
            value = Fraction(twelfths, TWELFTHS)
            if self.riichi:
                display = f"{float(value) / 1000:.1f}"
            elif value.denominator == 1:
                display = str(value.numerator)
            else:
                display = f"{float(value):.2f}"
            found = self.cache[twelfths] = (str(value), display)
        return found


def unpack(method: str, packed: bytes | memoryview | None) -> list[dict[str, Any]]:
    """The rows of a packed snapshot, each with its ``rounds``: lists in ``ROUND_FIELDS``
    order (see ``expand_rounds``), ``played`` (tables played), ``history`` ([round, place]
    after each round with a place) and ``place`` None for a player who never played."""
    if not packed:
        return []
    head, grid = round_lines(zlib.decompress(packed))
    lines = grid.tolist()
    fmt = Formatter(method)
    plain = Formatter(TABLE_POINTS)  # table points are never in thousands
    units_text = {u: fmt(u) for u in np.unique(grid[:, 3]).tolist()} if len(grid) else {}
    points_text = {t: plain(t)[0] for t in np.unique(grid[:, 4]).tolist()} if len(grid) else {}
    counts = head["lines"]
    played = head.get("played", counts)
    rounds = head.get("rounds", [])
    history = head.get("history") or [[] for _ in counts]
    rows = []
    start = 0
    for values in zip(*(head[f] for f in HEAD_FIELDS), counts, played, history, strict=True):
        row = dict(zip(HEAD_FIELDS, values[:-3], strict=True))
        for field, formatter in (("total", fmt), ("table_points", plain), ("score", fmt)):
            row[field], row[f"{field}_display"] = formatter(row[field])
        row["penalties_display"] = fmt(row["penalties"] * TWELFTHS)[1]
        end = start + values[-3]
        row["rounds"] = [
            [round_, table, score, *units_text[units], points_text[points], penalty]
            for round_, table, score, units, points, penalty in lines[start:end]
        ]
        row["played"] = values[-2]
        if not row["played"]:
            row["place"] = None
        row["history"] = [[r, p] for r, p in zip(rounds, values[-1], strict=True) if p]
        start = end
        rows.append(row)
    return rows


def pack_rows(rows: list[dict[str, Any]]) -> bytes:
    """The packed form of rows as ``unpack`` gives them (for tools and tests that edit a
    snapshot); display strings are recomputed when read."""

    def twelfths(exact: str) -> int:
        return int(Fraction(exact) * TWELFTHS)

    head: dict[str, list] = {f: [] for f in (*HEAD_FIELDS, "lines", "played", "history")}
    rounds = sorted({r for row in rows for r, _place in row.get("history", [])})
    head["rounds"] = rounds
    lines = []
    for row in rows:
        for field in HEAD_FIELDS:
            value = row[field]
            if field in ("total", "table_points", "score"):
                value = twelfths(value)
            head[field].append(0 if field == "place" and value is None else value)
        head["lines"].append(len(row["rounds"]))
        head["played"].append(row.get("played", len(row["rounds"])))
        places = dict(row.get("history", []))
        head["history"].append([places.get(r, 0) for r in rounds])
        for round_, table, score, units, _display, points, penalty in row["rounds"]:
            lines.append([round_, table, score, twelfths(units), twelfths(points), penalty])
    return pack(head, np.array(lines, dtype=np.int64).reshape(-1, LINE_FIELDS))


def expand_rounds(rounds: list[list]) -> list[dict[str, Any]]:
    return [dict(zip(ROUND_FIELDS, line, strict=True)) for line in rounds]


# Decoded once per process ---------------------------------------------------------------

Decoded = tuple[list[dict], dict[int, dict], int]
DECODED: dict[tuple, Decoded] = {}
_DECODED_MAX = 8


def decoded_rows(event: Any, snapshot: Any) -> Decoded:
    """(rows, rows by player id, ranked players) of an event's ``StandingsSnapshot``, unpacked
    once per process and snapshot: a player page or an API page reads its rows from here, and
    costs no query for the packed rows nor a pass over the field while the snapshot stays the
    same."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (event.pk, snapshot.revision, computed, snapshot.method)
    found = DECODED.get(key)
    if found is None:
        rows = snapshot.rows
        by_player = {row["player"]: row for row in rows}
        ranked = sum(1 for row in rows if row["place"] is not None)
        if len(DECODED) >= _DECODED_MAX:
            DECODED.clear()
        found = DECODED[key] = (rows, by_player, ranked)
    return found
