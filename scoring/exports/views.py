"""Director downloads: standings and results (CSV, XLSX), the EMA ranking file, the archive.

Thin views over ``scoring.exports``; only the event's director may download."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from scoring import exports
from scoring.formats import tables as format_tables
from scoring.sheets import services as sheets
from tournament.access.pages import director_required
from tournament.events.models import Event


def _download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


def _export(
    build: Callable[[Event], bytes | str], content_type: str, suffix: str
) -> Callable[..., HttpResponse]:
    @require_safe
    @director_required
    def view(request: HttpRequest, event: Event) -> HttpResponse:
        content = build(event)
        if isinstance(content, str):
            content = content.encode("utf-8")
        return _download(content, content_type, f"{event.slug}-{suffix}")

    view.__name__ = view.__qualname__ = suffix.replace(".", "_").replace("-", "_")
    return view


standings_csv = _export(exports.standings_csv, exports.CSV_TYPE, "standings.csv")
standings_xlsx = _export(exports.standings_xlsx, exports.XLSX_TYPE, "standings.xlsx")
results_csv = _export(exports.results_csv, exports.CSV_TYPE, "results.csv")
results_xlsx = _export(exports.results_xlsx, exports.XLSX_TYPE, "results.xlsx")
ema_csv = _export(exports.ema_csv, exports.CSV_TYPE, "ema.csv")
archive_json = _export(exports.archive_json, exports.JSON_TYPE, "archive.json")
hands_csv = _export(sheets.hands_csv, exports.CSV_TYPE, "hands.csv")
hands_xlsx = _export(sheets.hands_xlsx, exports.XLSX_TYPE, "hands.xlsx")
teams_csv = _export(format_tables.teams_csv, exports.CSV_TYPE, "teams.csv")
teams_xlsx = _export(format_tables.teams_xlsx, exports.XLSX_TYPE, "teams.xlsx")
