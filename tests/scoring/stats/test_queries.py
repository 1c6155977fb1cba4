"""Reading the statistics costs the same number of queries whatever the number of hands: the
reading (player, event, person), the pages, the API and the player's page; and a second
reading comes from the cache, moved by a new hand, a confirmation or a dispute."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from scoring.stats import reading
from tournament.events.models import Event
from tournament.persons import services as person_services
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db

E, S, W, N = 0, 1, 2, 3


@pytest.fixture
def hall(make_hall, settings):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    person_services.link_event_players(hall.event)
    return hall


def tables(hall) -> list[Table]:
    return list(Table.objects.select_related("round__event").filter(round__event=hall.event))


def play(hall, count: int) -> None:
    """``count`` more hands at each table: wins and draws in which the dealer stays."""
    for table in tables(hall):
        start = sheets.read_sheet(table).next_number
        for number in range(start, start + count):
            data = (
                {"kind": "win", "winner": E, "discarder": (number % 3) + 1, "han": 1, "fu": 30}
                if number % 2
                else {"kind": "draw", "tenpai": [E, number % 3 + 1]}
            )
            sheets.add_hand(
                table, data, author=Author(user=hall.head), number=number,
                idempotency_key=uuid.uuid4().hex,
            )  # fmt: skip


def queries(call) -> int:
    """Queries of ``call`` with nothing kept in the cache."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


def counts(hall, client) -> dict[str, int]:
    event = Event.objects.get(pk=hall.event.pk)
    slug, pk = event.slug, hall.south.pk
    person = type(hall.south).objects.get(pk=pk).person
    return {
        "player": queries(lambda: reading.player_statistics(event, pk)),
        "event": queries(lambda: reading.event_statistics(event)),
        "person": queries(lambda: reading.person_statistics(person)),
        "player page": queries(lambda: client.get(f"/e/{slug}/players/{pk}/stats/")),
        "event page": queries(lambda: client.get(f"/e/{slug}/stats/")),
        "person page": queries(lambda: client.get(f"/ranking/persons/{person.pk}/stats/")),
        "api": queries(lambda: client.get(f"/api/events/{slug}/players/{pk}/stats/")),
        "event api": queries(lambda: client.get(f"/api/events/{slug}/stats/")),
        "public player page": queries(lambda: client.get(f"/e/{slug}/players/{pk}/")),
    }


def test_queries_do_not_grow_with_the_hands(hall, client):
    play(hall, 2)
    client.get(f"/e/{hall.event.slug}/players/{hall.south.pk}/")  # what a process keeps once
    few = counts(hall, client)
    play(hall, 12)
    many = counts(hall, client)
    assert many == few
    # The reading: the seats, the hands with their sheets, the chombo reports (and the marker).
    assert few["player"] == 4 and few["event"] == 4
    # The person: their players with the events, the markers, then the same three.
    assert few["person"] == 5


def test_a_second_reading_comes_from_the_cache_until_the_sheets_move(hall):
    play(hall, 2)
    event = Event.objects.get(pk=hall.event.pk)
    cache.clear()
    first = reading.player_statistics(event, hall.south.pk)
    with CaptureQueriesContext(connection) as captured:
        again = reading.player_statistics(event, hall.south.pk)
    assert again == first and len(captured) == 1  # the marker only
    table = tables(hall)[0]
    sheets.dispute_hand(table, 2, author=Author(user=hall.head), version=1, reason="not so")
    disputed = reading.player_statistics(event, hall.south.pk)
    assert disputed.stats.hands == first.stats.hands - 1
