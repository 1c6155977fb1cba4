"""What the ranking reads of an event: its final places (as the EMA results file lists them)
and its days."""

from __future__ import annotations

from datetime import date

from scoring.exports.reading.tables import standings
from scoring.formats.reading import final_order
from tournament.events.models import Event
from tournament.rounds.models import Round


def final_places(event: Event) -> list[tuple[int, int]]:
    """(player id, place) of the event's final ranking: the standings' places, or the final
    ranking of an event with stages; players without a place (substitutes, players who never
    played a counting table) are not in it. The same list the EMA results file exports."""
    _method, rows = standings(event)
    final = final_order(event)
    if final is not None:
        ranked = {row["player"] for row in rows}
        return [(who, place) for place, who in final if who in ranked and place is not None]
    return [(row["player"], row["place"]) for row in rows if row["place"] is not None]


def event_days(event: Event) -> tuple[date | None, int]:
    """(last day, number of days with rounds): local dates of the rounds' starts in the
    event's time zone; without them, the event's first and last days."""
    zone = event.tzinfo
    days = set()
    for starts_at, live_since in Round.objects.filter(event=event).values_list(
        "starts_at", "live_since"
    ):
        moment = starts_at or live_since
        if moment is not None:
            days.add(moment.astimezone(zone).date())
    if days:
        return max(days), len(days)
    first, last = event.start_date, event.end_date or event.start_date
    if last is None:
        return None, 1
    first = first or last
    return last, min(3, (last - first).days + 1) if last >= first else 1
