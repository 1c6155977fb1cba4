"""Standings over the database: load in bulk into arrays, rank with ``rules``, store compactly.

``load_grid`` reads everything the standings depend on in four queries (three on PostgreSQL,
where the seat scores and the tables are one statement) whatever the event size (players,
counting seat scores, tables, the ledger's transfers and deductions) into integer arrays, the
ledger at the same time as the rest on PostgreSQL; ``compute`` ranks them
(``rules.rank_grid``) and packs the result.

Only players who played a counting table are ranked; registered players without one follow
them with no place (``place`` None, ``played`` 0), so that a zero never looks like a result.

The stored form (``StandingsSnapshot.packed``) is zlib over: a format byte (``COLUMNS_FORMAT``,
5); the byte length (4 bytes) of a JSON object (the rows' ``name``, ``dropped``, the ``rounds``
of the place history, the row count and the byte widths of the columns that follow); that
JSON; then the rows' integer fields (``INTEGER_FIELDS``: place, player, total, table points,
score, penalties, round lines, tables played, and the place after each round of ``rounds``, 0:
no place yet, row after row; values in twelfths where a Fraction is meant) and the round lines
``(round, table, score, units, table points, penalty)``, column after column, each column
little-endian integers of its width in bytes. Format 3, the release before, held every row
field in the JSON; it and format 2 (without tables played and place history) are still read.
``unpack`` turns it into the rows pages and the API read: Fractions as exact strings
(``"7/3"``) next to a display string; riichi values (penalties too) shown in thousands of
points.

Modules: ``loading`` (the four queries into arrays), ``computing`` (ranking, place history)
and ``packing`` (the stored form, reading it back).
"""

from scoring.standings.snapshot.computing import Computed, compute, compute_rows, place_history
from scoring.standings.snapshot.loading import (
    Loaded,
    close_reader,
    int_rows,
    load_grid,
    positions,
    reader_thread,
)
from scoring.standings.snapshot.packing import (
    DECODED,
    LINE_FIELDS,
    TWELFTHS,
    Formatter,
    decoded_rows,
    expand_rounds,
    narrowest_width,
    pack_rows,
    round_lines,
    unpack,
)

__all__ = [
    "LINE_FIELDS",
    "TWELFTHS",
    "DECODED",
    "Computed",
    "Formatter",
    "Loaded",
    "int_rows",
    "round_lines",
    "narrowest_width",
    "reader_thread",
    "close_reader",
    "compute",
    "compute_rows",
    "decoded_rows",
    "expand_rounds",
    "load_grid",
    "pack_rows",
    "place_history",
    "positions",
    "unpack",
]
