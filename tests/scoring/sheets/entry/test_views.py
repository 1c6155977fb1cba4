"""Score sheet pages and API: the staff page, the players' page with a PIN, the director's
cards and PIN export, and the REST endpoints (409 with the stored hand, replays, players)."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.test import Client

from scoring.results.models import TableResult
from scoring.sheets.models import SheetHand
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


def enable(event):
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    event.refresh_from_db()


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    enable(hall.event)
    return hall


def sheet_url(hall, table=1):
    return f"/api/events/{hall.event.slug}/rounds/1/tables/{table}/sheet/"


def ron(winner, discarder, han=1, fu=30):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu}


def post_hand(client, hall, number, hand, key=None):
    return client.post(
        sheet_url(hall) + "hands/",
        {"number": number, "hand": hand, "idempotency_key": key or uuid.uuid4().hex},
        format="json",
    )


def test_api_adds_a_hand_replays_it_and_answers_409_with_the_stored_hand(riichi):
    client = riichi.client(riichi.head)
    response = post_hand(client, riichi, 1, ron(1, 2, 3, 30), key="a")
    assert response.status_code == 201, response.content
    assert response.json()["totals"] == [30000, 33900, 26100, 30000]
    assert post_hand(client, riichi, 1, ron(1, 2, 3, 30), key="a").status_code == 200
    conflict = post_hand(riichi.client(riichi.director), riichi, 1, ron(0, 2), key="b")
    assert conflict.status_code == 409
    assert conflict.json()["hand"]["hand"]["wins"][0]["han"] == 3
    assert SheetHand.objects.count() == 1
    bad = post_hand(client, riichi, 2, ron(1, 2, 0, 30))
    assert bad.status_code == 400 and "at least 1 han" in str(bad.json())
    sheet = client.get(sheet_url(riichi)).json()
    assert sheet["next_number"] == 2 and sheet["dealer"] == "S"


def test_api_correct_confirm_and_close(riichi):
    client = riichi.client(riichi.head)
    post_hand(client, riichi, 1, ron(1, 2))
    response = client.post(
        sheet_url(riichi) + "hands/1/correct/",
        {"hand": ron(1, 2, 2), "reason": "2 han", "based_on_version": 1,
         "idempotency_key": "c1"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 201
    assert response.json()["hands"][0]["version"] == 2
    stale = client.post(
        sheet_url(riichi) + "hands/1/correct/",
        {"hand": ron(1, 2, 3), "reason": "x", "based_on_version": 1, "idempotency_key": "c2"},
        format="json",
    )
    assert stale.status_code == 409
    closed = client.post(sheet_url(riichi) + "close/", {"reason": "time"}, format="json")
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert TableResult.objects.get().sheet_id is not None


def test_anonymous_may_read_a_public_sheet_but_not_write(riichi):
    anonymous = riichi.client(None)
    assert anonymous.get(sheet_url(riichi)).status_code == 200
    assert post_hand(anonymous, riichi, 1, ron(1, 2)).status_code in (401, 403)


def test_the_schema_lists_the_sheet_endpoints(riichi):
    schema = riichi.client(None).get("/api/schema/").content.decode()
    assert "/sheet/hands/{hand}/confirm/" in schema and "playerPin" in schema


def test_players_sign_in_with_a_pin_enter_and_confirm_on_the_page(riichi):
    south = player_client(riichi, riichi.south)
    page = south.get(f"/e/{riichi.event.slug}/play/")
    assert page.status_code == 200 and "Running totals" in page.content.decode()
    form = {
        "action": "add", "number": 1, "idempotency_key": "k1", "kind": "win", "winner": 1,
        "discarder": 2, "han": 3, "fu": 30,
    }  # fmt: skip
    assert south.post(f"/e/{riichi.event.slug}/play/", form).status_code == 302
    hand = SheetHand.objects.get()
    assert hand.entered_by_player_id == riichi.south.pk
    west = player_client(riichi, riichi.west)
    page = west.get(f"/e/{riichi.event.slug}/play/").content.decode()
    # The hand's payments show on its row; the running totals take it once confirmed.
    assert "+3900" in page and "33900" not in page and 'value="confirm"' in page
    response = west.post(
        f"/e/{riichi.event.slug}/play/", {"action": "confirm", "number": 1, "version": 1}
    )
    assert response.status_code == 302
    assert hand.confirmations.get().confirmed_by_player_id == riichi.west.pk
    assert "33900" in west.get(f"/e/{riichi.event.slug}/play/").content.decode()


def test_a_bad_hand_on_the_page_shows_the_message_and_writes_nothing(riichi):
    south = player_client(riichi, riichi.south)
    form = {
        "action": "add", "number": 1, "idempotency_key": "k1", "kind": "win", "winner": 1,
        "discarder": 1, "han": 3, "fu": 30,
    }  # fmt: skip
    response = south.post(f"/e/{riichi.event.slug}/play/", form)
    assert response.status_code == 400
    assert "cannot also be the discarder" in response.content.decode()
    assert not SheetHand.objects.exists()


def test_a_wrong_pin_is_refused_and_guessing_is_braked(riichi, settings):
    settings.PIN_FAILURES_PER_CLIENT = 2
    client = Client()
    url = f"/e/{riichi.event.slug}/play/"
    south = riichi.south.pk
    answer = client.post(url, {"player": south, "pin": "000000x"})
    assert answer.status_code == 400 and "not P" in answer.content.decode()
    assert client.post(url, {"player": south, "pin": "abc"}).status_code == 400
    assert client.post(url, {"player": south, "pin": "123456"}).status_code == 429
    assert client.post(url, {"pin": "123456"}).status_code == 400  # no name, nothing judged


def test_sign_in_names_the_player_at_their_table_first(riichi):
    """The sign-in asks for the table, shows its four names, then takes the PIN (issue 31,
    item 6); the card's link names the player at once."""
    client = Client()
    url = f"/e/{riichi.event.slug}/play/"
    first = client.get(url).content.decode()
    assert 'name="table"' in first and 'name="pin"' not in first
    names = client.get(url + "?table=1").content.decode()
    for player in (riichi.east, riichi.south, riichi.west, riichi.north):
        assert player.name in names
    assert 'name="pin"' in names
    assert "is not being played now" in client.get(url + "?table=9").content.decode()
    card = client.get(url + f"?player={riichi.south.pk}").content.decode()
    assert riichi.south.name in card and riichi.west.name not in card
    pins.ensure_pins(riichi.event)
    south = Player.objects.get(pk=riichi.south.pk)
    answer = client.post(url + "?table=1", {"player": south.pk, "pin": pins.pin_of(south)})
    assert answer.status_code == 302
    assert "Signed in as" in client.get(url).content.decode()


def test_the_brake_reads_the_client_address_behind_trusted_proxies(riichi, settings):
    """Five phones behind one proxy each mistype once: a sixth with the right PIN gets in
    (issue 31, item 5)."""
    settings.TRUSTED_PROXIES = 1
    settings.PIN_FAILURES_PER_CLIENT = 5
    pins.ensure_pins(riichi.event)
    url = f"/e/{riichi.event.slug}/play/"
    south = Player.objects.get(pk=riichi.south.pk)
    wrong = f"{(int(pins.pin_of(south)) + 1) % 10**6:06d}"
    for phone in range(5):
        client = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{phone}")
        assert client.post(url, {"player": south.pk, "pin": wrong}).status_code == 400
    sixth = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.99")
    answer = sixth.post(url, {"player": south.pk, "pin": pins.pin_of(south)})
    assert answer.status_code == 302


def test_a_player_session_writes_through_the_api_with_csrf(riichi):
    south = player_client(riichi, riichi.south)
    south.get(f"/e/{riichi.event.slug}/play/")
    body = {"number": 1, "hand": ron(1, 2), "idempotency_key": "p1"}
    url = sheet_url(riichi) + "hands/"
    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.cookies = south.cookies
    assert csrf_client.post(url, body, content_type="application/json").status_code == 403
    token = csrf_client.get(f"/e/{riichi.event.slug}/play/").cookies.get("csrftoken")
    token = token.value if token else csrf_client.cookies["csrftoken"].value
    response = csrf_client.post(url, body, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201, response.content
    assert SheetHand.objects.get().entered_by_player_id == riichi.south.pk


def test_a_reissued_pin_ends_the_old_session(riichi, client):
    south = player_client(riichi, riichi.south)
    pins.reissue_pin(Player.objects.get(pk=riichi.south.pk))
    page = south.get(f"/e/{riichi.event.slug}/play/").content.decode()
    assert 'name="table"' in page and "Signed in as" not in page


def test_director_cards_and_pins_csv(riichi, client):
    client.force_login(riichi.director)
    cards = client.get(f"/director/{riichi.event.slug}/player-cards/")
    assert cards.status_code == 200
    south = Player.objects.get(pk=riichi.south.pk)
    assert pins.pin_of(south) in cards.content.decode()
    csv = client.get(f"/director/{riichi.event.slug}/pins.csv").content.decode()
    assert f"{south.name},,{pins.pin_of(south)},1" in csv
    old = pins.pin_of(south)
    assert client.post(f"/director/{riichi.event.slug}/players/{south.pk}/pin/").status_code == 302
    south.refresh_from_db()
    assert pins.pin_of(south) != old
    client.force_login(riichi.head)
    assert client.get(f"/director/{riichi.event.slug}/pins.csv").status_code == 403


def test_staff_sheet_page(riichi, client):
    client.force_login(riichi.head)
    url = f"/sheets/{riichi.event.slug}/r1/t1/"
    assert client.get(url).status_code == 200
    form = {"action": "add", "number": 1, "idempotency_key": "s1", "kind": "draw", "tenpai": [1, 2]}
    assert client.post(url, form).status_code == 302
    page = client.get(url).content.decode()
    assert "31500" in page and "28500" in page
    client.force_login(riichi.other_floor)
    assert client.get(url).status_code == 403


def test_player_writes_are_throttled_per_player_not_per_address(riichi):
    from types import SimpleNamespace

    from django.contrib.auth.models import AnonymousUser

    from config.throttles import WriteThrottle

    throttle = WriteThrottle()
    south, west = (Player.objects.get(pk=p.pk) for p in (riichi.south, riichi.west))

    def key(player):
        request = SimpleNamespace(
            method="POST", user=AnonymousUser(), auth=player, META={"REMOTE_ADDR": "10.0.0.1"}
        )
        return throttle.get_cache_key(request, None)

    assert key(south) != key(west) and f"player-{south.pk}" in key(south)


def test_the_pins_workbook_keeps_leading_zeros(riichi, client):
    """Issue 31, item 21: a spreadsheet opening pins.csv turns 047371 into 47371; the workbook
    holds every PIN as text."""
    import io

    from openpyxl import load_workbook

    client.force_login(riichi.director)
    answer = client.get(f"/director/{riichi.event.slug}/pins.xlsx")
    assert answer.status_code == 200 and answer["Cache-Control"] == "no-store"
    sheet = load_workbook(io.BytesIO(answer.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][3] == "PIN"
    by_id = {row[0]: row[3] for row in rows[1:]}
    for player in Player.objects.filter(event=riichi.event):
        assert by_id[player.pk] == pins.pin_of(player)
        assert isinstance(by_id[player.pk], str) and len(by_id[player.pk]) == 6


def test_an_mcr_win_says_which_points_are_bonus_tiles():
    """Issue 31, item 22: "(10 fan + 2)" did not say what the 2 was."""
    from scoring.sheets.entry.reading.wording import describe

    names = ["Ann", "Bo", "Cy", "Di"]
    win = {"kind": "win", "wins": [{"winner": 1, "fan": 10, "bonus": 2}], "discarder": 0}
    assert describe(win, names) == "Win: Bo (10 fan + 2 bonus tiles), on Ann's discard"
    one = {"kind": "win", "wins": [{"winner": 1, "fan": 8, "bonus": 1}], "discarder": None}
    assert describe(one, names) == "Win: Bo (8 fan + 1 bonus tile), self-drawn"


def test_a_hand_correction_starts_from_the_stored_hand_and_says_corrected(riichi):
    """Issue 31, item 14."""
    client = Client()
    client.force_login(riichi.head)
    post_hand(riichi.client(riichi.head), riichi, 1, ron(1, 2, 3, 30))
    url = f"/sheets/{riichi.event.slug}/r1/t1/"
    page = client.get(url + "?correct=1").content.decode()
    assert 'name="han" value="3"' in page or 'value="3" name="han"' in page
    assert '<option value="1" selected>' in page  # the winner, South
    form = {
        "action": "correct", "number": 1, "idempotency_key": "c1", "kind": "win",
        "winner": 1, "discarder": 2, "han": 4, "fu": 30, "reason": "Misread",
        "based_on_version": 1,
    }  # fmt: skip
    answer = client.post(url, form, follow=True)
    assert "Hand 1 corrected." in answer.content.decode()
    assert SheetHand.objects.filter(number=1).count() == 2


def test_a_floor_referee_is_offered_only_what_they_may_do(riichi):
    """Issue 31, item 12: a floor referee of the table who may not enter its results sees no
    hand form (it would answer 400), and is told why; confirming stays."""
    south = player_client(riichi, riichi.south)
    form = {
        "action": "add", "number": 1, "idempotency_key": "k1", "kind": "win", "winner": 1,
        "discarder": 2, "han": 3, "fu": 30,
    }  # fmt: skip
    south.post(f"/e/{riichi.event.slug}/play/", form)
    client = Client()
    client.force_login(riichi.floor)
    page = client.get(f"/sheets/{riichi.event.slug}/r1/t1/").content.decode()
    assert "Record the hand" not in page and "Close and write the result" not in page
    assert "You may confirm the players' hands at this table." in page
    assert 'value="confirm"' in page
    head = Client()
    head.force_login(riichi.head)
    assert "Record the hand" in head.get(f"/sheets/{riichi.event.slug}/r1/t1/").content.decode()


def test_the_public_pages_lead_players_to_the_play_page(riichi, settings):
    """A player finds where to enter hands from the event's public page, typing no URL: its
    "My page" leads there (issue 32), and elsewhere once players no longer enter hands."""
    settings.PUBLIC_PAGE_SECONDS = 0  # no page kept between the two reads
    client = Client()
    page = client.get(f"/e/{riichi.event.slug}/").content.decode()
    assert f'href="/e/{riichi.event.slug}/me/"' in page
    me = client.get(f"/e/{riichi.event.slug}/me/")
    assert me["Location"] == f"/e/{riichi.event.slug}/play/"
    from tournament.events import services as event_services

    event = Event.objects.get(pk=riichi.event.pk)
    event.players_enter_hands = False
    event_services.save_event(event)  # as the settings page does
    page = client.get(f"/e/{riichi.event.slug}/").content.decode()
    assert f'href="/e/{riichi.event.slug}/me/"' in page
    assert client.get(f"/e/{riichi.event.slug}/me/")["Location"] != f"/e/{event.slug}/play/"


def test_guesses_from_the_players_address_do_not_lock_their_own_phone_out(riichi, settings):
    """Issue 43, item 23: six wrong PINs for South from another phone on the hall's address
    lock that address's strangers out of South's PIN, not South's own phone, which signed in
    there before (and signed out since); again after the window, as often as tried."""
    settings.PIN_FAILURES_PER_CLIENT = 5
    pins.ensure_pins(riichi.event)
    url = f"/e/{riichi.event.slug}/play/"
    south = Player.objects.get(pk=riichi.south.pk)
    wrong = f"{(int(pins.pin_of(south)) + 1) % 10**6:06d}"
    phone = Client(REMOTE_ADDR="198.51.100.7")
    assert phone.post(url, {"player": south.pk, "pin": pins.pin_of(south)}).status_code == 302
    phone.post(url, {"action": "sign-out"})
    for _round in range(2):
        stranger = Client(REMOTE_ADDR="198.51.100.7")
        answers = [stranger.post(url, {"player": south.pk, "pin": wrong}) for _ in range(6)]
        assert [a.status_code for a in answers] == [400] * 5 + [429]
        assert (
            stranger.post(url, {"player": south.pk, "pin": pins.pin_of(south)}).status_code == 429
        )
        assert phone.post(url, {"player": south.pk, "pin": pins.pin_of(south)}).status_code == 302
        phone.post(url, {"action": "sign-out"})
        cache.clear()  # the window passes


def test_a_reissued_pin_ends_the_phones_exemption(riichi, settings):
    """The phone that knew the old PIN is a stranger to the new one: a card seen by somebody
    else is reissued, and that somebody's phone is braked like any other."""
    settings.PIN_FAILURES_PER_CLIENT = 2
    pins.ensure_pins(riichi.event)
    url = f"/e/{riichi.event.slug}/play/"
    south = Player.objects.get(pk=riichi.south.pk)
    phone = Client(REMOTE_ADDR="198.51.100.8")
    assert phone.post(url, {"player": south.pk, "pin": pins.pin_of(south)}).status_code == 302
    pins.reissue_pin(south)
    south.refresh_from_db()
    wrong = f"{(int(pins.pin_of(south)) + 1) % 10**6:06d}"
    answers = [phone.post(url, {"player": south.pk, "pin": wrong}) for _ in range(3)]
    assert [a.status_code for a in answers] == [400, 400, 429]
