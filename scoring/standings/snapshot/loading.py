"""Loading: everything the standings depend on, in four queries (three on PostgreSQL), into
integer arrays (``load_grid``), the ledger read at the same time as the rest on PostgreSQL."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg
from django.db import InterfaceError, OperationalError, connection

from penalties.models import LedgerEntry
from rules import Grid, TableResult
from scoring.results.models import SeatScore
from scoring.results.models import TableResult as Result
from tournament.players.models import Player
from tournament.rounds.models import Round, Table

_reader: tuple[int, ThreadPoolExecutor] | None = None


def reader_thread() -> ThreadPoolExecutor:
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
    aside = reader_thread().submit(_read_aside, second, connection.queries_logged)
    result = first()
    other, queries = aside.result()
    connection.queries_log.extend(queries)
    return result, other


def int_rows(sql: str, params: list, columns: int) -> np.ndarray:
    """The rows of a query whose ``columns`` columns are non-null integers, as an int64 array
    of shape (rows, columns).

    On PostgreSQL the server packs the rows into one bytea of big-endian int8s: sending
    thousands of rows one by one, and making a Python object of every value, costs several
    times what computing them does. That bytea comes back in binary (see ``_fetch_binary``),
    not as hexadecimal text twice its size to decode."""
    return int_rows_of([(sql, params, columns)])[0]


def int_rows_of(reads: list[tuple[str, list, int]]) -> list[np.ndarray]:
    """``int_rows`` of each (sql, params, columns): on PostgreSQL in one statement, one round
    trip for them all."""
    if connection.vendor != "postgresql":
        found = []
        for sql, params, columns in reads:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
            # Twice as fast as ``np.array`` over the tuples, which guesses each one's shape.
            values = itertools.chain.from_iterable(rows)
            array = np.fromiter(values, dtype=np.int64, count=len(rows) * columns)
            found.append(array.reshape(-1, columns))
        return found
    parts, all_params = [], []
    for i, (sql, params, columns) in enumerate(reads):
        names = [f"c{c}" for c in range(columns)]
        packed = " || ".join(f"int8send(CAST({n} AS BIGINT))" for n in names)
        parts.append(
            f"(SELECT string_agg({packed}, ''::bytea), COUNT(*) "
            f"FROM ({sql}) AS q({', '.join(names)})) AS r{i}"
        )
        all_params.extend(params)
    row = _fetch_binary(f"SELECT * FROM {', '.join(parts)}", all_params)
    found = []
    for i, (_sql, _params, columns) in enumerate(reads):
        data, count = row[2 * i], row[2 * i + 1]
        rows = np.frombuffer(data or b"", dtype=">i8").astype(np.int64).reshape(-1, columns)
        if len(rows) != count:  # string_agg skips a row with a NULL
            raise ValueError("a row with a NULL where an integer is needed")
        found.append(rows)
    return found


def _fetch_binary(sql: str, params: list) -> tuple:
    """The one row of ``sql`` in binary format, on the connection's own psycopg connection
    (Django's cursors bind parameters on the client, and those cannot ask for binary
    results), with Django's error wrapping and query log as for any query."""
    connection.ensure_connection()
    start = time.monotonic()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, prepare=False, binary=True)
        row = cursor.fetchone()
    if connection.queries_logged:
        connection.queries_log.append(
            {"sql": f"{sql} -- {params!r}", "time": f"{time.monotonic() - start:.3f}"}
        )
    return row


# A ledger row as the standings count it: a transfer moves points between the player and the
# counterpart at the table; a deduction counts at the table or in the overall total. The third
# column holds a transfer's counterpart (an id, positive), or what a deduction is:
AT_TABLE, IN_TOTAL = -1, -2


def _ledger_sql() -> str:
    """The event's transfers and scoped deductions: player, table, counterpart or what the
    deduction is (``AT_TABLE`` or ``IN_TOTAL``), points. Four columns, not five: the ledger is
    the longest of the reads."""
    ledger = LedgerEntry._meta.db_table
    transfer, deduct = LedgerEntry.Kind.TRANSFER.value, LedgerEntry.Kind.DEDUCT.value
    table, overall = LedgerEntry.Scope.TABLE.value, LedgerEntry.Scope.OVERALL.value
    return f"""
        SELECT player_id, table_id,
               CASE WHEN kind = '{transfer}' THEN counterpart_id
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


@functools.cache
def _reads_sql() -> dict[str, str]:
    """The statements of ``load_grid`` but the ledger's, written once per process: building
    them with the ORM at every reconcile, and making its rows of the players, cost more than
    the queries' own work. Each takes the event id."""
    player, table, round_ = Player._meta, Table._meta, Round._meta
    seat, result = SeatScore._meta, Result._meta

    def col(meta: Any, field: str) -> str:
        return f'"{meta.db_table}"."{meta.get_field(field).column}"'

    players = ", ".join(col(player, f) for f in ("id", "name", "status", "is_substitute", "team"))
    return {
        "players": f'SELECT {players} FROM "{player.db_table}" '
        f"WHERE {col(player, 'event')} = %s ORDER BY {col(player, 'id')}",
        # The seat scores of every counting result: table, player, score.
        "seats": f"SELECT {col(result, 'table')}, {col(seat, 'player')}, {col(seat, 'score')} "
        f'FROM "{seat.db_table}" JOIN "{result.db_table}" '
        f"ON {col(result, 'id')} = {col(seat, 'result')} "
        f"WHERE {col(result, 'event')} = %s AND {col(result, 'counts')}",
        # The event's tables: id, round number, table number.
        "tables": f"SELECT {col(table, 'id')}, {col(round_, 'number')}, {col(table, 'number')} "
        f'FROM "{table.db_table}" JOIN "{round_.db_table}" '
        f"ON {col(round_, 'id')} = {col(table, 'round')} "
        f"WHERE {col(round_, 'event')} = %s",
    }


def load_grid(event_id: int, also: Callable[[], Any] | None = None) -> Loaded:
    """Everything the standings depend on, in four queries (three on PostgreSQL). ``also``:
    another read to make with them (while the ledger is read, where that happens at the same
    time), its result kept as ``Loaded.also``."""
    sql = _reads_sql()

    def players_seats_tables() -> tuple[list, np.ndarray, np.ndarray, Any]:
        # Query: the event's players.
        with connection.cursor() as cursor:
            cursor.execute(sql["players"], [event_id])
            players = cursor.fetchall()
        if connection.vendor != "postgresql":  # SQLite's booleans come back as 0 and 1
            players = [(*p[:3], bool(p[3]), p[4]) for p in players]
        # Query (two on SQLite): the seat scores of every counting result; the event's tables
        # with their round and table numbers.
        seats, tables = int_rows_of([(sql["seats"], [event_id], 3), (sql["tables"], [event_id], 3)])
        return players, seats, tables, also() if also is not None else None

    # Query (at the same time where it can be): the ledger's transfers and deductions.
    (players, seats, all_tables, other), ledger = _both(
        players_seats_tables, lambda: int_rows(_ledger_sql(), [event_id], 4)
    )

    ids = np.array([p[0] for p in players], dtype=np.int64)
    seats = seats[np.argsort(seats[:, 0], kind="stable")]
    if len(seats) % 4 or (seats[:, 0].reshape(-1, 4) != seats[::4, :1]).any():
        raise ValueError(f"event {event_id}: a counting result without exactly four seats")
    seat_players = _indices(ids, seats[:, 1])
    table_ids = seats[::4, 0]
    all_tables = all_tables[np.argsort(all_tables[:, 0])]
    numbers = all_tables[_indices(all_tables[:, 0], table_ids, "table"), 1:]

    player, table, counterpart, points = ledger.T
    overall = np.zeros(len(ids), dtype=np.int64)
    in_total = counterpart == IN_TOTAL
    np.add.at(overall, _indices(ids, player[in_total]), points[in_total])
    # Their rounds, from their tables (a ledger row's round is its table's; 0: not found).
    found = positions(all_tables[:, 0], table[in_total])
    in_round = np.zeros(len(found), dtype=np.int64)
    in_round[found >= 0] = all_tables[found[found >= 0], 1]
    overall_rounds = np.stack((player[in_total], in_round, points[in_total]), axis=1)
    # Table-scope moves onto the mover's seat at that table. A penalty of somebody not seated
    # in the counting result, or at a table without one, cannot change a table.
    transfer, at_table = counterpart > 0, counterpart == AT_TABLE
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
