"""The staff page "Correct the seats": reached from the referee's table page, it asks first
(naming what will happen), acts once confirmed, stores a double tap once, asks again when the
table changed meanwhile, and explains a closed round."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from scoring.reseat.models import SeatCorrection
from scoring.results import services as result_services
from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True)
    hall.event.refresh_from_db()
    hall.table = Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=1
    )
    win = {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    sheets.add_hand(hall.table, win, author=Author(user=hall.head), number=1, idempotency_key="1")
    hall.page = f"/referee/{hall.event.slug}/r1/t1/seats/"
    hall.table_page = f"/referee/{hall.event.slug}/r1/t1/"
    return hall


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def swap_form(hall, key=None) -> dict:
    return {
        "action": "swap",
        "swap-first": hall.east.pk,
        "swap-second": hall.south.pk,
        "swap-reason": "They sat in each other's seats",
        "swap-idempotency_key": key or uuid.uuid4().hex,
    }


def confirm_token(page: str) -> str:
    return re.search(r'name="confirm" value="([0-9a-f]+)"', page).group(1)


def east(hall) -> int:
    return Seat.objects.get(table=hall.table, wind="E").player_id


def test_reached_from_the_table_page_by_who_may_correct(hall):
    for user in (hall.director, hall.head):
        page = logged_in(user).get(hall.table_page).content.decode()
        assert f'href="{hall.page}"' in page
    floor = logged_in(hall.floor)
    assert hall.page not in floor.get(hall.table_page).content.decode()
    refused = floor.get(hall.page)
    assert refused.status_code == 403
    assert "Only the director or the head referee" in refused.content.decode()


def test_asks_first_then_corrects(hall):
    client = logged_in(hall.director)
    form = swap_form(hall)
    asked = client.post(hall.page, form)
    assert asked.status_code == 409
    page = asked.content.decode()
    assert "Correct the seats of table 1: East: P1-0 → P1-1; South: P1-1 → P1-0?" in page
    assert "1 hand gets a new version" in page
    totals = "Sheet totals: P1-0 30 000 → 30 000; P1-1 33 900 → 35 800; P1-2 26 100 → 24 200;"
    assert totals in page.replace("\xa0", " ")
    assert "P1-1, P1-0, P1-2 and P1-3 are told." in page
    assert not SeatCorrection.objects.exists() and east(hall) == hall.east.pk
    done = client.post(hall.page, {**form, "confirm": confirm_token(page)})
    assert done.status_code == 302 and done["Location"] == hall.table_page
    assert east(hall) == hall.south.pk
    assert SeatCorrection.objects.get().reason == "They sat in each other's seats"
    landing = client.get(hall.table_page).content.decode()
    assert "Seats corrected: East: P1-0 → P1-1; South: P1-1 → P1-0." in landing
    # The same confirmed form again (a double tap, Back and resend): stored once.
    again = client.post(hall.page, {**form, "confirm": confirm_token(page)})
    assert again.status_code == 302
    assert SeatCorrection.objects.count() == 1 and east(hall) == hall.south.pk
    assert "already recorded" in client.get(hall.table_page).content.decode()
    listed = client.get(hall.page).content.decode()
    assert "East: P1-0 → P1-1; South: P1-1 → P1-0" in listed


def test_a_table_that_changed_meanwhile_is_asked_again(hall):
    client = logged_in(hall.director)
    form = swap_form(hall)
    token = confirm_token(client.post(hall.page, form).content.decode())
    sheets.add_hand(
        hall.table, {"kind": "draw"}, author=Author(user=hall.head), number=2, idempotency_key="2"
    )
    asked = client.post(hall.page, {**form, "confirm": token})
    assert asked.status_code == 409 and "2 hands get a new version" in asked.content.decode()
    assert not SeatCorrection.objects.exists()


def test_wrong_choices_are_explained(hall):
    client = logged_in(hall.director)
    form = {**swap_form(hall), "swap-second": hall.east.pk}
    answer = client.post(hall.page, form)
    assert answer.status_code == 400
    assert "Choose two different players." in answer.content.decode()
    winds = {
        "action": "seats",
        "seats-wind_E": hall.east.pk,
        "seats-wind_S": hall.south.pk,
        "seats-wind_W": hall.west.pk,
        "seats-wind_N": hall.north.pk,
        "seats-reason": "no change",
        "seats-idempotency_key": "k",
    }
    answer = client.post(hall.page, winds)
    assert answer.status_code == 400
    assert "These are the seats already recorded." in answer.content.decode()
    assert not SeatCorrection.objects.exists()


def test_a_closed_round_says_how_to_go_on(hall):
    result_services.enter_result(
        hall.table, hall.director, {"E": 30000, "S": 30000, "W": 30000, "N": 30000}
    )
    round_services.update_round(Round.objects.get(pk=hall.table.round_id), status="closed")
    client = logged_in(hall.director)
    page = client.get(hall.page).content.decode()
    assert "Round 1 is closed: its seats cannot be corrected." in page
    assert f'href="/director/{hall.event.slug}/rounds/"' in page
    assert client.post(hall.page, swap_form(hall)).status_code == 409
    assert not SeatCorrection.objects.exists() and east(hall) == hall.east.pk
    assert logged_in(hall.head).get(hall.page).status_code == 403
