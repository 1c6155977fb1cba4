"""A player's calendar feed (.ics): the event's rounds with their start times in the event's
time zone and, once seated, the table and wind."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils.translation import gettext as _
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Wind


def feed(player: Player) -> bytes:
    event = player.event
    tz = event.tzinfo
    seats = {
        s.round_id: s for s in Seat.objects.filter(player=player).select_related("table").order_by()
    }
    calendar = Calendar()
    calendar.add("prodid", "-//Mahjong tournaments//notify//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", event.name)
    calendar.add("x-wr-timezone", event.time_zone)
    winds = dict(Wind.choices)
    for round_ in Round.objects.filter(event=event, starts_at__isnull=False).order_by("number"):
        start = round_.starts_at.astimezone(tz)
        entry = CalendarEvent()
        entry.add("uid", f"round-{round_.pk}-player-{player.pk}@{settings.NOTIFY_EMAIL_DOMAIN}")
        entry.add("dtstamp", start)
        entry.add("dtstart", start)
        entry.add("dtend", start + timedelta(minutes=round_.length_minutes))
        seat = seats.get(round_.pk)
        if seat is not None:
            summary = _("Round %(round)d: table %(table)d, %(wind)s") % {
                "round": round_.number,
                "table": seat.table.number,
                "wind": winds.get(seat.wind, seat.wind),
            }
        else:
            summary = _("Round %(round)d") % {"round": round_.number}
        entry.add("summary", f"{summary} – {event.name}")
        if event.venue:
            entry.add("location", event.venue)
        calendar.add_component(entry)
    return calendar.to_ical()
