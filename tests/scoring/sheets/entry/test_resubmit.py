"""Back and resubmit never duplicate a hand: a form built for hand N carries N, and hand N
already stored is shown instead of a copy (whatever the form's idempotency key); a hand
identical to the previous one needs "yes, the same again"; the sheet pages are never cached."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError

from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.rounds.models import Table


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def play_url(hall):
    return f"/e/{hall.event.slug}/play/"


def hand_form(number, key=None, **values):
    form = {
        "action": "add", "number": number, "idempotency_key": key or uuid.uuid4().hex,
        "kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30,
    }  # fmt: skip
    return form | values


def table_one(hall):
    return Table.objects.select_related("round__event").get(round__event=hall.event, number=1)


def test_a_form_for_a_stored_hand_shows_it_and_stores_no_copy(riichi):
    """The form of hand 1 sent again with a new key (a reload, Back to a page rebuilt) and
    other values: one row, and the page says which hand is on the sheet."""
    south = player_client(riichi, riichi.south)
    assert south.post(play_url(riichi), hand_form(1, "first")).status_code == 302
    again = south.post(play_url(riichi), hand_form(1, "second", han=4), follow=True)
    assert again.redirect_chain[0][1] == 302
    assert SheetHand.objects.count() == 1
    page = again.content.decode()
    assert "Hand 1 is already recorded: Win: " in page
    assert "3 han 30 fu" in page and "Nothing new was stored." in page
    assert f"{riichi.south.name} (3 han 30 fu)" in page


def test_a_double_tap_stores_one_hand_and_says_it_is_recorded(riichi):
    south = player_client(riichi, riichi.south)
    form = hand_form(1, "tap")
    assert south.post(play_url(riichi), form).status_code == 302
    second = south.post(play_url(riichi), form, follow=True)
    assert SheetHand.objects.count() == 1
    assert "Hand 1 is already recorded" in second.content.decode()


def test_the_staff_page_shows_the_stored_hand_too(riichi, client):
    client.force_login(riichi.head)
    url = f"/sheets/{riichi.event.slug}/r1/t1/"
    draw = {"action": "add", "number": 1, "kind": "draw", "tenpai": [1]}
    assert client.post(url, draw | {"idempotency_key": "a"}).status_code == 302
    again = client.post(url, draw | {"idempotency_key": "b", "tenpai": [2]}, follow=True)
    assert SheetHand.objects.count() == 1
    assert "Hand 1 is already recorded: Draw; tenpai: " in again.content.decode()


def test_a_hand_identical_to_the_previous_one_needs_yes_the_same_again(riichi):
    """The walkthrough: hand 1 recorded, Back, the browser refills hand 1's values into the
    form of hand 2. Without the confirmation nothing is stored; with it, hand 2 is."""
    south = player_client(riichi, riichi.south)
    assert south.post(play_url(riichi), hand_form(1)).status_code == 302
    refilled = hand_form(2, "refilled")
    response = south.post(play_url(riichi), refilled)
    assert response.status_code == 400
    page = response.content.decode()
    assert "This hand is the same as hand 1." in page
    assert 'type="checkbox" name="same_again"' in page and "Yes, the same again" in page
    assert SheetHand.objects.count() == 1
    confirmed = south.post(play_url(riichi), refilled | {"same_again": "on"})
    assert confirmed.status_code == 302
    assert list(SheetHand.objects.order_by("number").values_list("number", flat=True)) == [1, 2]


def test_the_same_again_box_is_not_offered_before_it_is_needed(riichi):
    south = player_client(riichi, riichi.south)
    page = south.get(play_url(riichi)).content.decode()
    assert 'type="hidden" name="same_again"' in page
    assert 'type="checkbox" name="same_again"' not in page


def test_a_different_hand_needs_no_confirmation(riichi):
    south = player_client(riichi, riichi.south)
    assert south.post(play_url(riichi), hand_form(1)).status_code == 302
    assert south.post(play_url(riichi), hand_form(2, han=2)).status_code == 302
    assert SheetHand.objects.count() == 2


def test_the_service_owns_the_rules(riichi):
    table = table_one(riichi)
    author = sheets.Author(user=riichi.head)
    hand = {"kind": "draw", "tenpai": [0]}
    sheets.add_hand(table, hand, author=author, number=1, idempotency_key="s1")
    with pytest.raises(sheets.HandConflict) as conflict:
        sheets.add_hand(table, {"kind": "draw"}, author=author, number=1, idempotency_key="s2")
    assert conflict.value.hand.number == 1 and conflict.value.hand.data == hand
    with pytest.raises(ValidationError) as refused:
        sheets.add_hand(table, hand, author=author, number=2, idempotency_key="s3")
    assert "same_again" in refused.value.message_dict
    assert SheetHand.objects.count() == 1
    stored, created = sheets.add_hand(
        table, hand, author=author, number=2, idempotency_key="s3", same_again=True
    )
    assert created and stored.number == 2


def test_the_api_takes_a_repeated_hand_by_its_number(riichi):
    """Issue 43, item 31: a client names the hand's number and sends a fresh key: that is
    explicit enough, no ``same_again`` needed. A resend of a recorded number stays a 409."""
    client = riichi.client(riichi.head)
    url = f"/api/events/{riichi.event.slug}/rounds/1/tables/1/sheet/hands/"
    draw = {"kind": "draw", "tenpai": [0]}
    first = client.post(url, {"number": 1, "hand": draw, "idempotency_key": "a1"}, format="json")
    assert first.status_code == 201, first.content
    other_key = client.post(
        url, {"number": 1, "hand": draw, "idempotency_key": "a2"}, format="json"
    )
    assert other_key.status_code == 409
    assert other_key.json()["hand"]["hand"] == draw
    again = client.post(url, {"number": 2, "hand": draw, "idempotency_key": "a3"}, format="json")
    assert again.status_code == 201, again.content
    assert [h["hand"] for h in again.json()["hands"]] == [draw, draw]
    replay = client.post(url, {"number": 2, "hand": draw, "idempotency_key": "a3"}, format="json")
    assert replay.status_code == 200
    # The flag of earlier clients is still taken.
    body = {"number": 3, "hand": draw, "idempotency_key": "a4", "same_again": True}
    assert client.post(url, body, format="json").status_code == 201
    assert SheetHand.objects.count() == 3


def test_the_schema_documents_same_again(riichi):
    schema = riichi.client(riichi.head).get("/api/schema/?format=json").json()
    fields = schema["components"]["schemas"]["HandInRequest"]["properties"]
    assert fields["same_again"]["type"] == "boolean"


@pytest.mark.parametrize("who", ["player", "staff"])
def test_the_sheet_pages_are_never_cached(riichi, client, who):
    if who == "player":
        browser, url = player_client(riichi, riichi.south), play_url(riichi)
    else:
        client.force_login(riichi.head)
        browser, url = client, f"/sheets/{riichi.event.slug}/r1/t1/"
    page = browser.get(url)
    assert page.status_code == 200
    assert "no-store" in page["Cache-Control"]
    refused = browser.post(url, hand_form(1, kind="win", winner="", han=""))
    assert refused.status_code == 400 and "no-store" in refused["Cache-Control"]
