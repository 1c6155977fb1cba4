"""Standings over the database: load in bulk into arrays, rank with ``rules``, store compactly.

``load_grid`` reads everything the standings depend on in four queries whatever the event
size (players, counting seat scores, tables, the ledger's transfers and deductions) into integer
arrays, the ledger at the same time as the rest on PostgreSQL; ``compute`` ranks them
(``rules.rank_grid``) and packs the result.

Only players who played a counting table are ranked; registered players without one follow
them with no place (``place`` None, ``played`` 0), so that a zero never looks like a result.

The stored form (``StandingsSnapshot.packed``) is zlib over: a format byte (``COLUMNS_FORMAT``);
the byte length (4 bytes) of a JSON object of the rows' fields (one list per field, values in
twelfths where a Fraction is meant, and ``widths``); that JSON; then the round lines ``(round,
table, score, units, table points, penalty)`` column after column, each column little-endian
integers of its width in bytes. Format 3 adds what the player page needs, so that it never
replays the field: per row the tables played and the place after each round of ``rounds``
(0: no place yet). ``unpack`` turns it into the rows pages and the API read: Fractions as exact
strings (``"7/3"``) next to a display string; riichi values (penalties too) shown in thousands
of points.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from django.db import InterfaceError, OperationalError, connection

from penalties.models import LedgerEntry
from rules import Grid, TableResult, get_ruleset
from rules.standings import RIICHI, TABLE_POINTS
from tournament.models import Player, Table

from .models import SeatScore

TWELFTHS = 12
LINE_FIELDS = 6
ROUND_FIELDS = ("round", "table", "score", "units", "units_display", "table_points", "penalty")
# The first byte of a packed snapshot: lines column by column (see ``_pack``), or, from the
# release before, row by row as little-endian integers of that many bytes.
COLUMNS_FORMAT = 3
# Format 2 is format 3 without ``played``, ``rounds`` and ``history`` (read, never written).
OLD_COLUMNS_FORMATS = (2,)
ROWS_FORMATS = (4, 8)


# Loading ------------------------------------------------------------------------------------


_reader: tuple[int, ThreadPoolExecutor] | None = None


def _reader_thread() -> ThreadPoolExecutor:
    """One helper thread per process (made anew after a fork), with its own connection that
    it keeps: reconciles are frequent, and a connection costs more than the query."""
    global _reader
    if _reader is None or _reader[0] != os.getpid():
        _reader = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="standings-read"))
    return _reader[1]


def _read_aside(read: Callable[[], Any], logged: bool) -> tuple[Any, list]:
    """Runs in the helper thread: ``read`` on the thread's own connection, and the queries it
    made when the caller logs its queries. A connection lost since the last reconcile (a
    restarted server, a dropped link) is replaced and the read made once more."""
    connection.force_debug_cursor = logged
    for attempt in (1, 2):
        connection.queries_log.clear()
        try:
            return read(), list(connection.queries_log)
        except (OperationalError, InterfaceError):
            connection.close()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def close_reader() -> None:
    """Close the helper thread's connection (before its database goes away, in tests)."""
    if _reader is not None and _reader[0] == os.getpid():
        _reader[1].submit(lambda: connection.close()).result()


def _both(first: Callable[[], Any], second: Callable[[], Any]) -> tuple:
    """The two reads, at once on two connections where that is safe: on a database server,
    outside a transaction (whose reads must share its connection). The reads see the committed
    data of their own moment, as two statements on one connection would; a write committed in
    between has asked for another reconcile."""
    if connection.vendor == "sqlite" or connection.in_atomic_block:
        return first(), second()
    aside = _reader_thread().submit(_read_aside, second, connection.queries_logged)
    result = first()
    other, queries = aside.result()
    connection.queries_log.extend(queries)
    return result, other


def _int_rows(sql: str, params: list, columns: int) -> np.ndarray:
    """The rows of a query whose ``columns`` columns are non-null integers, as an int64 array
    of shape (rows, columns).

    On PostgreSQL the server packs the rows into one bytea of big-endian int8s: sending
    thousands of rows one by one, and making a Python object of every value, costs several
    times what computing them does."""
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute(sql, params)
            found = cursor.fetchall()
            # Twice as fast as ``np.array`` over the tuples, which guesses each one's shape.
            values = itertools.chain.from_iterable(found)
            rows = np.fromiter(values, dtype=np.int64, count=len(found) * columns)
            return rows.reshape(-1, columns)
        names = [f"c{i}" for i in range(columns)]
        packed = " || ".join(f"int8send(CAST({n} AS BIGINT))" for n in names)
        cursor.execute(
            f"SELECT string_agg({packed}, ''::bytea), COUNT(*) "
            f"FROM ({sql}) AS q({', '.join(names)})",
            params,
        )
        data, count = cursor.fetchone()
        rows = np.frombuffer(data or b"", dtype=">i8").astype(np.int64).reshape(-1, columns)
        if len(rows) != count:  # string_agg skips a row with a NULL
            raise ValueError("a row with a NULL where an integer is needed")
        return rows


# A ledger row as the standings count it: a transfer moves points between the player and the
# counterpart at the table; a deduction counts at the table or in the overall total.
TRANSFER, AT_TABLE, IN_TOTAL = 0, 1, 2


def _ledger_sql() -> str:
    """The event's transfers and scoped deductions: player, counterpart (0 if none), table,
    what it is (``TRANSFER``, ``AT_TABLE`` or ``IN_TOTAL``), points."""
    ledger = LedgerEntry._meta.db_table
    transfer, deduct = LedgerEntry.Kind.TRANSFER.value, LedgerEntry.Kind.DEDUCT.value
    table, overall = LedgerEntry.Scope.TABLE.value, LedgerEntry.Scope.OVERALL.value
    return f"""
        SELECT player_id, COALESCE(counterpart_id, 0), table_id,
               CASE WHEN kind = '{transfer}' THEN {TRANSFER}
                    WHEN scope = '{table}' THEN {AT_TABLE} ELSE {IN_TOTAL} END,
               points
        FROM {ledger}
        WHERE event_id = %s AND (kind = '{transfer}'
                                 OR kind = '{deduct}' AND scope IN ('{table}', '{overall}'))
    """


@dataclass(frozen=True)
class Loaded:
    """An event's standings inputs: players (id, name, status, is_substitute, team id or
    None) in id order, the grid (players as indices into that list), each grid table's number,
    and the overall-scope deductions as rows (player id, round number of their table, points)
    for the format standings, which count them by stage; ``also``: see ``load_grid``."""

    players: list[tuple[int, str, str, bool, int | None]]
    grid: Grid
    table_numbers: np.ndarray
    overall_rounds: np.ndarray = dataclasses.field(
        default_factory=lambda: np.zeros((0, 3), dtype=np.int64)
    )
    also: Any = None

    def table_results(self) -> list[TableResult]:
        """The grid as ``rules.TableResult`` objects (player ids, penalties where not zero)."""
        ids = [p[0] for p in self.players]
        g = self.grid
        tables = []
        for t, (round_, number) in enumerate(
            zip(g.rounds.tolist(), self.table_numbers.tolist(), strict=True)
        ):
            seats = [ids[i] for i in g.players[t].tolist()]
            scores = dict(zip(seats, g.scores[t].tolist(), strict=True))
            balance = {p: v for p, v in zip(seats, g.penalties[t].tolist(), strict=True) if v}
            tables.append(TableResult(round_, number, scores, balance))
        return tables


def positions(ids: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The position of each of ``values`` in ``ids`` (sorted, distinct), -1 where absent.

    The ids of one event's rows are mostly consecutive, so a table over their span answers
    at one array read per value; sparse ids fall back to binary search."""
    if not len(ids):
        return np.full(len(values), -1, dtype=np.int64)
    low = int(ids[0])
    span = int(ids[-1]) - low + 1
    if span <= 4 * len(ids) + 64:
        table = np.full(span + 1, -1, dtype=np.int64)  # the extra last cell answers outsiders
        table[ids - low] = np.arange(len(ids))
        offsets = values - low
        return table[np.where((offsets >= 0) & (offsets < span), offsets, span)]
    found = np.searchsorted(ids, values).clip(max=len(ids) - 1)
    return np.where(ids[found] == values, found, -1)


def _indices(ids: np.ndarray, values: np.ndarray, what: str = "player") -> np.ndarray:
    """Positions of ``values`` in the sorted ``ids`` (every value must be there)."""
    found = positions(ids, values)
    if (found < 0).any():
        raise ValueError(f"a seat or ledger entry names a {what} of another event")
    return found


def load_grid(event_id: int, also: Callable[[], Any] | None = None) -> Loaded:
    """Everything the standings depend on, in four queries. ``also``: another read to make
    with them (while the ledger is read, where that happens at the same time), its result
    kept as ``Loaded.also``."""
    seats_sql, seats_params = (
        SeatScore.objects.filter(result__event_id=event_id, result__counts=True)
        .order_by()
        .values_list("result__table_id", "player_id", "score")
        .query.sql_with_params()
    )
    tables_sql, tables_params = (
        Table.objects.filter(round__event_id=event_id)
        .order_by()
        .values_list("pk", "round__number", "number")
        .query.sql_with_params()
    )

    def players_seats_tables() -> tuple[list, np.ndarray, np.ndarray, Any]:
        # Query: the event's players.
        players = list(
            Player.objects.filter(event_id=event_id)
            .order_by("pk")
            .values_list("pk", "name", "status", "is_substitute", "team_id")
        )
        # Queries: the seat scores of every counting result; the event's tables with their
        # round and table numbers.
        seats = _int_rows(seats_sql, list(seats_params), 3)
        tables = _int_rows(tables_sql, list(tables_params), 3)
        return players, seats, tables, also() if also is not None else None

    # Query (at the same time where it can be): the ledger's transfers and deductions.
    (players, seats, all_tables, other), ledger = _both(
        players_seats_tables, lambda: _int_rows(_ledger_sql(), [event_id], 5)
    )

    ids = np.array([p[0] for p in players], dtype=np.int64)
    seats = seats[np.argsort(seats[:, 0], kind="stable")]
    if len(seats) % 4 or (seats[:, 0].reshape(-1, 4) != seats[::4, :1]).any():
        raise ValueError(f"event {event_id}: a counting result without exactly four seats")
    seat_players = _indices(ids, seats[:, 1])
    table_ids = seats[::4, 0]
    all_tables = all_tables[np.argsort(all_tables[:, 0])]
    numbers = all_tables[_indices(all_tables[:, 0], table_ids, "table"), 1:]

    player, counterpart, table, what, points = ledger.T
    overall = np.zeros(len(ids), dtype=np.int64)
    in_total = what == IN_TOTAL
    np.add.at(overall, _indices(ids, player[in_total]), points[in_total])
    # Their rounds, from their tables (a ledger row's round is its table's; 0: not found).
    found = positions(all_tables[:, 0], table[in_total])
    in_round = np.zeros(len(found), dtype=np.int64)
    in_round[found >= 0] = all_tables[found[found >= 0], 1]
    overall_rounds = np.stack((player[in_total], in_round, points[in_total]), axis=1)
    # Table-scope moves onto the mover's seat at that table. A penalty of somebody not seated
    # in the counting result, or at a table without one, cannot change a table.
    transfer, at_table = what == TRANSFER, what == AT_TABLE
    mover = _indices(
        ids, np.concatenate((player[transfer], counterpart[transfer], player[at_table]))
    )
    moved = np.concatenate((-points[transfer], points[transfer], points[at_table]))
    where = np.concatenate((table[transfer], table[transfer], table[at_table]))
    penalties = np.zeros(len(seats), dtype=np.int64)
    at = positions(table_ids, where)
    played = at >= 0
    at, mover, moved = at[played], mover[played], moved[played]
    seated = seat_players.reshape(-1, 4)[at] == mover[:, None]
    hit = seated.any(axis=1)
    np.add.at(penalties, at[hit] * 4 + seated[hit].argmax(axis=1), moved[hit])
    grid = Grid(
        rounds=numbers[:, 0].copy(),
        players=seat_players.reshape(-1, 4),
        scores=seats[:, 2].reshape(-1, 4),
        penalties=penalties.reshape(-1, 4),
        overall=overall,
        ranked=np.array([not p[3] for p in players], dtype=bool),
    )
    return Loaded(
        players=players,
        grid=grid,
        table_numbers=numbers[:, 1].copy(),
        overall_rounds=overall_rounds,
        also=other,
    )


# Computing and packing ----------------------------------------------------------------------


# Stored per row, as one JSON list per field; values in twelfths are whole numbers.
HEAD_FIELDS = ("place", "player", "name", "total", "table_points", "score", "penalties", "dropped")


def _ranking_keys(method: str, units: np.ndarray, points: np.ndarray, score: np.ndarray):
    """The per-seat values a method ranks by, in ranking order (see ``rules.rank_grid``)."""
    if method == TABLE_POINTS:
        return (points, score * TWELFTHS)
    if method == RIICHI:
        return (units,)
    return (units, points)


def _places(keys: list[np.ndarray], members: np.ndarray) -> np.ndarray:
    """Places (1-based, equals share the better one) of ``members`` by ``keys`` (first key
    first, higher better), in ``members`` order."""
    columns = [k[members] for k in keys]
    order = np.lexsort(tuple(-c for c in reversed(columns)))
    first = np.ones(len(order), dtype=bool)
    if len(order) > 1:
        first[1:] = np.any([c[order][1:] != c[order][:-1] for c in columns], axis=0)
    places = np.empty(len(order), dtype=np.int64)
    places[order] = np.maximum.accumulate(np.where(first, np.arange(1, len(order) + 1), 0))
    return places


def place_history(
    method: str, grid: Grid, ranked_grid: Any, members: np.ndarray, final: np.ndarray
) -> tuple[list[int], np.ndarray]:
    """(round numbers, places (players x rounds)): where each player stood after each round
    with a counting result, 0 before his first table. Overall-scope penalties count from the
    last round on (the ledger rows carry their round, the grid only their total); the last
    round's places are the standings' own (``final``)."""
    n = len(grid.overall)
    seats = grid.players.reshape(-1)
    rounds, column = np.unique(np.repeat(grid.rounds, 4), return_inverse=True)
    history = np.zeros((n, len(rounds)), dtype=np.int64)
    if not len(rounds):
        return [], history
    where = (seats, column)
    sums = []
    for values in _ranking_keys(
        method, ranked_grid.seat_units, ranked_grid.seat_points, ranked_grid.seat_score
    ):
        per_round = np.zeros((n, len(rounds)), dtype=np.int64)
        np.add.at(per_round, where, values.reshape(-1))
        sums.append(per_round.cumsum(axis=1))
    tables = np.zeros((n, len(rounds)), dtype=np.int64)
    np.add.at(tables, where, 1)
    seen = tables.cumsum(axis=1) > 0
    for c in range(len(rounds) - 1):
        playing = np.flatnonzero(members & seen[:, c])
        history[playing, c] = _places([s[:, c] for s in sums], playing)
    history[:, -1] = final
    return rounds.tolist(), history


@dataclass(frozen=True)
class Computed:
    """A snapshot before packing: the method, the rows' fields (``_pack``'s head) and the round
    lines. The reconcile computes the format standings from it without reading ``packed``."""

    method: str
    head: dict[str, list]
    lines: np.ndarray

    def packed(self) -> bytes:
        return _pack(self.head, self.lines)


def compute(ruleset_key: str, options: dict | None, loaded: Loaded) -> tuple[str, bytes]:
    """The standings method and the packed snapshot of ``loaded``: ranked players who played,
    then registered players who did not (no place, zeros and their overall penalties)."""
    computed = compute_rows(ruleset_key, options, loaded)
    return computed.method, computed.packed()


def compute_rows(ruleset_key: str, options: dict | None, loaded: Loaded) -> Computed:
    """``compute`` before packing."""
    ruleset = get_ruleset(ruleset_key)
    ids = np.array([p[0] for p in loaded.players], dtype=np.int64)
    n = len(ids)
    g = loaded.grid
    played = np.bincount(g.players.reshape(-1), minlength=n)[:n]
    registered = np.array([not p[3] for p in loaded.players], dtype=bool).reshape(-1)
    members = registered & (played > 0)
    grid = Grid(g.rounds, g.players, g.scores, g.penalties, g.overall, ranked=members)
    ranked = ruleset.rank_grid(grid, options, names=ids.tolist())
    idle = np.flatnonzero(registered & (played == 0))
    order = np.concatenate((ranked.order, idle)).astype(np.int64)
    final = np.zeros(n, dtype=np.int64)
    final[ranked.order] = ranked.place
    rounds, history = place_history(ruleset.method, g, ranked, members, final)
    overall = g.overall.astype(np.int64)[idle]
    zeros = np.zeros(len(idle), dtype=np.int64)

    def joined(values: np.ndarray, rest: np.ndarray) -> list[int]:
        return np.concatenate((values, rest)).tolist()

    order_list = order.tolist()
    head = {
        "place": joined(ranked.place, zeros),
        "player": ids[order].tolist(),
        "name": [loaded.players[i][1] for i in order_list],
        "total": joined(ranked.total, overall * TWELFTHS),
        "table_points": joined(ranked.table_points, zeros),
        "score": joined(ranked.score, overall * TWELFTHS),
        "penalties": joined(ranked.penalties, overall),
        "dropped": [loaded.players[i][2] == Player.Status.DROPPED for i in order_list],
        "lines": joined(ranked.line_counts, zeros),
        "played": played[order].tolist(),
        "rounds": rounds,
        "history": history[order].tolist(),
    }
    seat = ranked.lines
    table = seat // 4
    lines = np.stack(
        (
            g.rounds[table],
            loaded.table_numbers[table],
            ranked.seat_score.reshape(-1)[seat],
            ranked.seat_units.reshape(-1)[seat],
            ranked.seat_points.reshape(-1)[seat],
            g.penalties.reshape(-1)[seat],
        ),
        axis=1,
    ).reshape(-1, LINE_FIELDS)
    return Computed(ruleset.method, head, lines)


def _narrowest(values: np.ndarray) -> np.ndarray:
    """``values`` as little-endian integers of the fewest bytes (1, 2, 4 or 8) that hold them."""
    for dtype in ("<i1", "<i2", "<i4"):
        limits = np.iinfo(dtype)
        if not len(values) or (values.min() >= limits.min and values.max() <= limits.max):
            return values.astype(dtype)
    return values.astype("<i8")


def _pack(head: dict[str, list], lines: np.ndarray) -> bytes:
    """Each line column in the narrowest integer type that holds it (rounds, table numbers
    and per-round points mostly fit in one or two bytes): a third of the bytes of int32 rows,
    which zlib compresses in half the time."""
    columns = [_narrowest(lines[:, i]) for i in range(LINE_FIELDS)]
    head = {**head, "widths": [c.itemsize for c in columns]}
    text = json.dumps(head, separators=(",", ":")).encode()
    body = b"".join(c.tobytes() for c in columns)
    prefix = bytes([COLUMNS_FORMAT]) + len(text).to_bytes(4, "little")
    return zlib.compress(prefix + text + body, 1)


def _lines(data: bytes) -> tuple[dict[str, list], np.ndarray]:
    """The head and the lines (int64, one row per line) of a decompressed snapshot."""
    size = int.from_bytes(data[1:5], "little")
    head = json.loads(data[5 : 5 + size])
    offset = 5 + size
    if data[0] in ROWS_FORMATS:  # written by the release before COLUMNS_FORMAT
        rows = np.frombuffer(data, dtype=f"<i{data[0]}", offset=offset)
        return head, rows.reshape(-1, LINE_FIELDS).astype(np.int64)
    if data[0] != COLUMNS_FORMAT and data[0] not in OLD_COLUMNS_FORMATS:
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
    head, grid = _lines(zlib.decompress(packed))
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
    return _pack(head, np.array(lines, dtype=np.int64).reshape(-1, LINE_FIELDS))


def expand_rounds(rounds: list[list]) -> list[dict[str, Any]]:
    return [dict(zip(ROUND_FIELDS, line, strict=True)) for line in rounds]


# Decoded once per process ---------------------------------------------------------------

Decoded = tuple[list[dict], dict[int, dict], int]
_DECODED: dict[tuple, Decoded] = {}
_DECODED_MAX = 8


def decoded_rows(event: Any, snapshot: Any) -> Decoded:
    """(rows, rows by player id, ranked players) of an event's ``StandingsSnapshot``, unpacked
    once per process and snapshot: a player page or an API page reads its rows from here, and
    costs no query for the packed rows nor a pass over the field while the snapshot stays the
    same."""
    computed = snapshot.computed_at.timestamp() if snapshot.computed_at else 0
    key = (event.pk, snapshot.revision, computed, snapshot.method)
    found = _DECODED.get(key)
    if found is None:
        rows = snapshot.rows
        by_player = {row["player"]: row for row in rows}
        ranked = sum(1 for row in rows if row["place"] is not None)
        if len(_DECODED) >= _DECODED_MAX:
            _DECODED.clear()
        found = _DECODED[key] = (rows, by_player, ranked)
    return found
