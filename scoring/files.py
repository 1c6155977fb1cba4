"""Cells and files of the exports: numbers as the standings show them, CSV (neutralised
against formula injection) and XLSX."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from openpyxl import Workbook

CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON_TYPE = "application/json; charset=utf-8"


def number(display: str) -> int | float:
    """A number as the standings show it ("4", "2.33", "-5.0"), as a number: written to a CSV
    file it reads as shown, and a spreadsheet gets a number, not text."""
    return float(display) if "." in display else int(display)


def shown_number(display: str) -> int | Decimal:
    """A number exactly as the pages and the API show it ("16.50" stays "16.50" in a CSV file,
    where ``number`` would write 16.5), still a number for a spreadsheet."""
    return Decimal(display) if "." in display else int(display)


def table_points(value: Fraction | str) -> str:
    """Table points (4/2/1/0, ties shared) as a number: "4", "2.33". Not the snapshot's display
    string, which a riichi event shows in thousands like its point totals."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


# A cell a spreadsheet would read as a formula (OWASP "CSV injection"): neutralised with a
# leading apostrophe. Numbers written as numbers (negative ones too) are left alone.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """``value`` safe for a CSV cell: text starting like a formula gets a leading ``'``,
    so that Excel, LibreOffice and Google Sheets show it as text and never evaluate it."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> bytes:
    """UTF-8 with a byte order mark, which Excel needs to read accents right; every text cell
    neutralised (``csv_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([csv_cell(str(h)) for h in header])
    writer.writerows([csv_cell(v) for v in row] for row in rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_xlsx(title: str, header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _sheet_title(title)
    sheet.append([str(h) for h in header])
    for row in rows:
        sheet.append(list(row))
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"  # a name like "=1+1" is text, never a formula
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _sheet_title(title: str) -> str:
    cleaned = "".join(" " if c in "[]:*?/\\" else c for c in str(title)).strip()
    return cleaned[:31] or "Sheet"
