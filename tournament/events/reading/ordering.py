"""The order events are listed in: the latest first day first (events without one yet before
them, as PostgreSQL orders ``-start_date``), events of the same day by name in the active
language's order. Sorted in Python: the home page's query groups by event (for its player
counts), and Django leaves ``Meta.ordering`` out of such queries."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from tournament.collation import by_name
from tournament.events.models import Event


def latest_first(events: Iterable[Event]) -> list[Event]:
    return sorted(
        by_name(events),
        key=lambda event: (
            event.start_date is not None,
            -(event.start_date or date.min).toordinal(),
        ),
    )
