"""Director downloads: standings and results (CSV, XLSX), the EMA ranking file, the archive
and the anonymised archive.

Thin views over ``scoring.exports``; only the event's director may download."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from scoring import exports
from scoring.exports.reading import fees
from scoring.formats import reading as format_reading
from scoring.sheets import services as sheets
from tournament.access.pages import director_required
from tournament.events.models import Event


def _download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


def _export(
    build: Callable[[Event], bytes | str],
    content_type: str,
    suffix: str,
    *,
    prefix: Callable[[Event], str] = lambda event: event.slug,
) -> Callable[..., HttpResponse]:
    @require_safe
    @director_required
    def view(request: HttpRequest, event: Event) -> HttpResponse:
        content = build(event)
        if isinstance(content, str):
            content = content.encode("utf-8")
        return _download(content, content_type, f"{prefix(event)}-{suffix}")

    view.__name__ = view.__qualname__ = suffix.replace(".", "_").replace("-", "_")
    return view


standings_csv = _export(exports.standings_csv, exports.CSV_TYPE, "standings.csv")
standings_xlsx = _export(exports.standings_xlsx, exports.XLSX_TYPE, "standings.xlsx")
results_csv = _export(exports.results_csv, exports.CSV_TYPE, "results.csv")
results_xlsx = _export(exports.results_xlsx, exports.XLSX_TYPE, "results.xlsx")
ema_csv = _export(exports.ema_csv, exports.CSV_TYPE, "ema.csv")
archive_json = _export(exports.archive_json, exports.JSON_TYPE, "archive.json")
# A file to share: named by the event's anonymised short name, not by its own.
anonymised_archive_json = _export(
    exports.anonymised_archive_json,
    exports.JSON_TYPE,
    "archive.json",
    prefix=lambda event: exports.anonymised_slug(event.pk),
)
anonymised_archive_json.__name__ = anonymised_archive_json.__qualname__ = "anonymised_archive_json"
hands_csv = _export(sheets.hands_csv, exports.CSV_TYPE, "hands.csv")
hands_xlsx = _export(sheets.hands_xlsx, exports.XLSX_TYPE, "hands.xlsx")
teams_csv = _export(format_reading.teams_csv, exports.CSV_TYPE, "teams.csv")
teams_xlsx = _export(format_reading.teams_xlsx, exports.XLSX_TYPE, "teams.xlsx")
fees_people_csv = _export(fees.people_csv, exports.CSV_TYPE, "fees.csv")
fees_people_xlsx = _export(fees.people_xlsx, exports.XLSX_TYPE, "fees.xlsx")
fees_payments_csv = _export(fees.payments_csv, exports.CSV_TYPE, "payments.csv")
fees_payments_xlsx = _export(fees.payments_xlsx, exports.XLSX_TYPE, "payments.xlsx")
