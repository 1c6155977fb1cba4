"""Rounds added several at once get their start times: the first start, then each round after
the one before, its length and the break; the player's page, the projector and the calendar
feed say when the next round starts (issue 43 item 10)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone
from icalendar import Calendar

from tests.support.players import player_client
from tournament.events.models import Event
from tournament.notify.reading import links
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.reading import schedule

pytestmark = pytest.mark.django_db
PRAGUE = ZoneInfo("Europe/Prague")


@pytest.fixture
def hall(make_hall):
    """A hall (round 1 live, no start time) whose players sign in on their phones, in Prague."""
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(
        keeps_score_sheets=True, players_enter_hands=True, time_zone="Europe/Prague"
    )
    hall.event.refresh_from_db()
    return hall


def add_four(hall, day) -> None:
    client = Client()
    client.force_login(hall.director)
    answer = client.post(
        f"/director/{hall.event.slug}/rounds/",
        {
            "number": "2",
            "count": "4",
            "starts_at": f"{day.isoformat()}T09:00",
            "length_minutes": "120",
            "break_minutes": "30",
        },
        follow=True,
    )
    assert answer.status_code == 200
    assert "Rounds 2 to 5 created; round 5 starts" in answer.content.decode()


def local_starts(hall) -> list[str]:
    return [
        timezone.localtime(r.starts_at, PRAGUE).strftime("%Y-%m-%d %H:%M")
        for r in hall.event.rounds.filter(number__gte=2).order_by("number")
    ]


def test_a_batch_of_rounds_gets_each_round_its_start(hall):
    day = timezone.localdate() + timedelta(days=3)
    add_four(hall, day)
    assert local_starts(hall) == [f"{day} {t}" for t in ("09:00", "11:30", "14:00", "16:30")]
    assert {r.length_minutes for r in hall.event.rounds.filter(number__gte=2)} == {120}


def test_a_batch_over_a_change_of_daylight_saving_keeps_the_elapsed_time(director, make_event):
    event = make_event("dst-night", players=0)
    first = datetime(2030, 10, 26, 23, 0, tzinfo=PRAGUE)  # summer time ends at 03:00 on the 27th
    rounds = round_services.create_rounds(
        event, count=3, starts_at=first, length_minutes=120, break_minutes=60
    )
    gaps = {b.starts_at - a.starts_at for a, b in zip(rounds, rounds[1:], strict=False)}
    assert gaps == {timedelta(hours=3)}


def test_a_bad_break_is_refused_and_nothing_is_created(make_event):
    event = make_event("bad-break", players=0)
    with pytest.raises(Exception, match="A break lasts from 0"):
        round_services.create_rounds(
            event, count=2, starts_at=timezone.now(), length_minutes=60, break_minutes=-5
        )
    assert not event.rounds.exists()


def test_the_player_the_projector_and_the_calendar_know_the_next_start(hall):
    day = timezone.localdate() + timedelta(days=3)
    add_four(hall, day)
    phone = player_client(hall, hall.south)
    page = phone.get(f"/e/{hall.event.slug}/play/").content.decode()
    assert "Round 2 starts on" in page and "09:00" in page
    feed = Client().get(f"/e/{hall.event.slug}/projector.json").json()
    assert feed["next"]["round"] == 2 and "Round 2 starts on" in feed["next"]["text"]
    assert "09:00" in feed["next"]["text"]
    # round 2 is played: the next start is round 3's
    round_two = hall.event.rounds.get(number=2)
    Round.objects.filter(pk=round_two.pk).update(status=Round.Status.CLOSED)
    feed = Client().get(f"/e/{hall.event.slug}/projector.json").json()
    assert feed["next"]["round"] == 3 and "11:30" in feed["next"]["text"]
    hall.south.refresh_from_db()  # signing in gave the player a PIN (a new generation)
    ics = Client().get(links.calendar_url(hall.south))
    assert ics.status_code == 200
    events = Calendar.from_ical(ics.content).walk("VEVENT")
    assert [e.decoded("dtstart").astimezone(PRAGUE).strftime("%H:%M") for e in events] == [
        "09:00",
        "11:30",
        "14:00",
        "16:30",
    ]


def test_the_next_start_is_worded_by_its_day(make_event):
    event = make_event("wording", players=0)
    first = datetime(2030, 6, 7, 9, 0, tzinfo=PRAGUE)
    round_ = round_services.create_round(event, starts_at=first)
    with timezone.override(PRAGUE):
        same_day = schedule.starts_text(round_, now=first - timedelta(hours=2))
        day_before = schedule.starts_text(round_, now=first - timedelta(days=1))
    assert same_day == "Round 1 starts at 09:00."
    assert day_before.startswith("Round 1 starts on ") and day_before.endswith(" at 09:00.")
