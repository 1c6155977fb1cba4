"""``{{ event|event_days }}``: an event's days written one way on every page ("28 Dec 2024 –
29 Dec 2024" in English, "28. prosince 2024 – 29. prosince 2024" in Czech), the language's
``DATE_FORMAT``, so that the home page, the event's pages and the ranking never write one event's
dates two ways (issue 43, item 19)."""

from __future__ import annotations

from django import template

from tournament.events.reading.dates import event_days as days_of

register = template.Library()


@register.filter
def event_days(event: object) -> str:
    return days_of(getattr(event, "start_date", None), getattr(event, "end_date", None))
