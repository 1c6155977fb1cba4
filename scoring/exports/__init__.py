"""Exports for the director: standings and table results (CSV, XLSX; ``tables``), the EMA
ranking file (``ema``), and a full event archive (JSON; ``archive``) that ``import_event``
restores exactly. Cells and file formats are in ``files``."""

from __future__ import annotations

from scoring.exports.archive import (
    ARCHIVE_FORMAT,
    ARCHIVE_VERSION,
    CO_OFFENDERS,
    SECTIONS,
    SUPPORTED_VERSIONS,
    ArchiveError,
    archive_json,
    event_archive,
    import_event,
)
from scoring.exports.ema import EMA_HEADER, NAME_PARTICLES, ema_csv, ema_table, split_name
from scoring.exports.tables import (
    results_csv,
    results_table,
    results_xlsx,
    standings,
    standings_csv,
    standings_table,
    standings_xlsx,
)
from scoring.files import (
    CSV_TYPE,
    FORMULA_STARTS,
    JSON_TYPE,
    XLSX_TYPE,
    csv_cell,
    number,
    table_points,
    to_csv,
    to_xlsx,
)

__all__ = [
    "ARCHIVE_FORMAT",
    "ARCHIVE_VERSION",
    "CO_OFFENDERS",
    "CSV_TYPE",
    "EMA_HEADER",
    "FORMULA_STARTS",
    "JSON_TYPE",
    "NAME_PARTICLES",
    "SECTIONS",
    "SUPPORTED_VERSIONS",
    "XLSX_TYPE",
    "ArchiveError",
    "archive_json",
    "csv_cell",
    "ema_csv",
    "ema_table",
    "event_archive",
    "import_event",
    "number",
    "results_csv",
    "results_table",
    "results_xlsx",
    "split_name",
    "standings",
    "standings_csv",
    "standings_table",
    "standings_xlsx",
    "table_points",
    "to_csv",
    "to_xlsx",
]
