"""The floor referee's table page (issue 43, item 18): the table's open call, its disputes and
its fouls are on it, and taking the call from it brings the referee back to it, where the call
is gone (it used to leave the referee on the score sheet)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from scoring.sheets import services as sheets
from scoring.sheets.models import RefereeCallTaken
from scoring.sheets.services import Author
from tournament.events.models import Event
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def busy_table(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    table = Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=1
    )
    sheets.add_hand(
        table, {"kind": "draw"}, author=Author(player=hall.south), number=1,
        idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip
    sheets.dispute_hand(table, 1, author=Author(player=hall.east), version=1, reason="no draw")
    call, _ = sheets.call_referee(table, author=Author(player=hall.west))
    assert hall.foul(hall.floor, "chombo", hall.south, {"kind": "noten_riichi"}).status_code == 201
    return hall, call


def test_the_table_page_shows_the_call_the_dispute_and_the_fouls(busy_table):
    hall, _call = busy_table
    client = Client()
    client.force_login(hall.floor)
    page = client.get(f"/referee/{hall.event.slug}/r1/t1/").content.decode()
    assert 'data-floor-item="call"' in page and "calls the referee" in page
    assert 'data-floor-item="dispute"' in page and "no draw" in page
    assert "Recorded at this table" in page and "Chombo" in page


@pytest.mark.parametrize("back", ["r1/t1/", ""])
def test_taking_the_call_comes_back_to_the_referees_page(busy_table, back):
    hall, call = busy_table
    client = Client()
    client.force_login(hall.floor)
    here = f"/referee/{hall.event.slug}/{back}"
    page = client.get(here).content.decode()
    assert f'name="next" value="{here}"' in page
    taken = client.post(
        f"/sheets/{hall.event.slug}/r1/t1/", {"action": "take", "call": call.pk, "next": here}
    )
    assert taken.status_code == 302 and taken["Location"] == here
    assert RefereeCallTaken.objects.filter(call=call).exists()
    again = client.get(here).content.decode()
    assert 'data-floor-item="call"' not in again and "You took the call." in again


def test_a_foreign_next_is_ignored(busy_table):
    hall, call = busy_table
    client = Client()
    client.force_login(hall.floor)
    url = f"/sheets/{hall.event.slug}/r1/t1/"
    taken = client.post(url, {"action": "take", "call": call.pk, "next": "https://evil.example/"})
    assert taken.status_code == 302 and taken["Location"] == url
