"""Exports for the director: standings and table results (CSV, XLSX; ``reading.tables``), the
EMA ranking file (``reading.ema``), the fees (``reading.fees``), a full event archive (JSON;
``reading.archive``) that ``import_event`` (``services``) restores exactly, and the same archive
with its persons replaced by pseudonyms, to share (``reading.anonymised``). Cells and file
formats are in ``files``."""

from __future__ import annotations

from scoring.exports.reading.anonymised import (
    anonymise,
    anonymised_archive,
    anonymised_archive_json,
    anonymised_slug,
)
from scoring.exports.reading.archive import (
    ARCHIVE_FORMAT,
    ARCHIVE_VERSION,
    CO_OFFENDERS,
    SECTIONS,
    SUPPORTED_VERSIONS,
    archive_json,
    archive_text,
    event_archive,
)
from scoring.exports.reading.ema import EMA_HEADER, NAME_PARTICLES, ema_csv, ema_table, split_name
from scoring.exports.reading.tables import (
    results_csv,
    results_table,
    results_xlsx,
    standings,
    standings_csv,
    standings_table,
    standings_xlsx,
)
from scoring.exports.services import ArchiveError, import_event, missing_users
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
    "anonymise",
    "anonymised_archive",
    "anonymised_archive_json",
    "anonymised_slug",
    "archive_json",
    "archive_text",
    "csv_cell",
    "ema_csv",
    "ema_table",
    "event_archive",
    "import_event",
    "missing_users",
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
