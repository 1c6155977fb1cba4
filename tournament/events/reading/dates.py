"""How pages and messages write a day and an event's days: the language's ``DATE_FORMAT``
("29 Dec 2024", "29. prosince 2024"), never ISO ("2024-12-29"), which only files and addresses
keep."""

from __future__ import annotations

from datetime import date

from django.utils.formats import date_format


def day(value: date) -> str:
    """One day as pages write it in the active language."""
    return date_format(value, "DATE_FORMAT")


def event_days(start: date | None, end: date | None) -> str:
    """The first day, and the last one after a dash when it differs; "" without either."""
    first = start or end
    if first is None:
        return ""
    if end is None or start is None or end == start:
        return day(first)
    return f"{day(start)} – {day(end)}"
