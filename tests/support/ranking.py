"""Building past ranking events through the EMA-file import, the way a new server starts."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

from django.utils import timezone

from scoring.exports.reading.ema import EMA_HEADER
from scoring.files import to_csv
from scoring.ranking import services
from scoring.ranking.services import importing
from scoring.results import services as result_services
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round

PEOPLE = {
    "A": ("Anna", "Alpha", "NL", "10000001"),
    "B": ("Bram", "Beta", "NL", "10000002"),
    "C": ("Cees", "Gamma", "DE", "10000003"),
    "D": ("Dirk", "Delta", "DE", "10000004"),
    "E": ("Eva", "Epsilon", "CZ", "10000005"),
}


def ema_file(rows: list[tuple[int, str]]) -> bytes:
    """(place, person letter) lines as the EMA results file the product exports."""
    body = []
    for place, who in rows:
        first, last, country, number = PEOPLE[who]
        body.append([place, number, last, first, country, 0, 0])
    return to_csv(EMA_HEADER, body)


def past_event(name: str, days_ago: int, rows, by, *, ruleset="mcr", today=None) -> Event:
    last = (today or timezone.localdate()) - timedelta(days=days_ago)
    return importing.import_ema(
        ema_file(rows), name=name, ruleset=ruleset, first_day=last, last_day=last, by=by
    )


def eight_events(by) -> dict[str, Event]:
    """Five persons over eight events: ties (E1, E6), ages 1, 2/3, 1/3 and 0, an override."""
    events = {
        "E1": past_event("E1", 10, [(1, "A"), (2, "B"), (2, "C"), (4, "D"), (5, "E")], by),
        "E2": past_event("E2", 100, [(1, "B"), (2, "A"), (3, "E")], by),
        "E3": past_event("E3", 400, [(1, "C"), (2, "D")], by),
        "E4": past_event("E4", 800, [(1, "A"), (2, "C"), (3, "D")], by),
        "E5": past_event("E5", 1200, [(1, "E"), (2, "B")], by),
        "E6": past_event("E6", 50, [(1, "D"), (2, "E"), (2, "A"), (4, "B")], by),
        "E7": past_event("E7", 5, [(1, "C"), (2, "E")], by),
        "E8": past_event("E8", 200, [(1, "B"), (2, "D"), (3, "A"), (4, "E"), (5, "C")], by),
    }
    services.override_weight(events["E6"], "2", "League final, counted double", by=by)
    return events


# Worked by hand (see the test's docstring): letter -> (ranking, part A, part B, place)
EXPECTED = {
    "C": (Fraction(35375, 48), Fraction(7375, 12), Fraction(6875, 8), 1),
    "D": (Fraction(675), Fraction(600), Fraction(750), 2),
    "A": (Fraction(1325, 2), Fraction(625), Fraction(700), 3),
    "B": (Fraction(2625, 4), Fraction(875, 2), Fraction(875), 4),
    "E": (Fraction(3125, 12), Fraction(625, 3), Fraction(625, 2), 5),
}


def day(days_ago: int) -> date:
    return timezone.localdate() - timedelta(days=days_ago)


DAY = date(2026, 5, 2)


def play_and_publish(hall, director) -> Event:
    """An MCR event of 8 players, 1 round played, with 2 EMA numbers, published."""
    event = hall.event
    event.start_date = event.end_date = DAY
    event.save()
    Player.objects.filter(pk=hall.east.pk).update(ema_number="20000001")
    Player.objects.filter(pk=hall.south.pk).update(ema_number="20000002")
    round1 = event.rounds.get(number=1)
    table1, table2 = round1.tables.order_by("number")
    result_services.enter_result(table1, hall.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    result_services.enter_result(table2, hall.head, {"E": 8, "S": 8, "W": 8, "N": -24})
    round_services.update_round(round1, status=Round.Status.CLOSED)
    services.mark(event, is_ranking=True, needs_qualification=True)
    services.publish(event, by=director)
    return event
