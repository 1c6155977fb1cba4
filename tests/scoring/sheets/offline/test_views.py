"""Issue 32, item 6: installable and light. The web app manifests and their icons, the player's
service worker, the sign-out that clears what the phone kept, and the play page's polls
answered with ETag and 304 at a constant number of queries."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.sheets import services as sheets
from tests.support.players import player_client
from tournament.events.models import Event

POLL = {"HTTP_X_REQUESTED_WITH": "sheet"}


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def play_url(hall):
    return f"/e/{hall.event.slug}/play/"


def png_size(path: str) -> tuple[int, int]:
    head = Path(path).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def check_manifest(answer, start_url):
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["start_url"] == manifest["id"] == start_url
    assert manifest["display"] == "standalone" and manifest["scope"] == "/"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/img/")
        found = finders.find(icon["src"].removeprefix("/static/"))
        assert found, icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(found)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "maskable"), ("512x512", "maskable"), ("192x192", "any")} <= sizes
    assert ("512x512", "any") in sizes
    return manifest


@pytest.mark.django_db
def test_the_site_manifest_is_valid_and_its_icons_have_the_sizes_it_declares(client):
    manifest = check_manifest(client.get("/manifest.webmanifest"), "/")
    assert manifest["name"] == "Mahjong tournaments"


@pytest.mark.django_db
def test_every_page_links_the_manifest_the_touch_icon_and_a_theme_colour(client, riichi):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page and 'name="theme-color"' in page
    assert finders.find("img/apple-touch-icon.png")
    assert png_size(finders.find("img/apple-touch-icon.png")) == (180, 180)
    # The play page's own manifest opens the play page once installed.
    sign_in = client.get(play_url(riichi)).content.decode()
    assert f'<link rel="manifest" href="{play_url(riichi)}manifest.webmanifest">' in sign_in
    manifest = check_manifest(
        client.get(f"{play_url(riichi)}manifest.webmanifest"), play_url(riichi)
    )
    assert riichi.event.name in manifest["name"]
    player = player_client(riichi, riichi.south).get(play_url(riichi)).content.decode()
    assert f'href="{play_url(riichi)}manifest.webmanifest"' in player


@pytest.mark.django_db
def test_an_event_without_player_entry_has_no_play_manifest(client, make_hall):
    hall = make_hall("riichi_ema")
    assert client.get(f"/e/{hall.event.slug}/play/manifest.webmanifest").status_code == 404


@pytest.mark.django_db
def test_the_player_service_worker_is_scoped_to_the_play_page(client, riichi):
    answer = client.get(f"{play_url(riichi)}sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/javascript")
    assert answer["Cache-Control"] == "no-cache"
    assert "Service-Worker-Allowed" not in answer  # its scope is its folder: the play page
    body = answer.content.decode()
    assert f'var SCOPE = "{play_url(riichi)}";' in body
    assert f'var PREFIX = "mahjong-play-{riichi.event.slug}-";' in body
    assert client.get("/e/no-such-event/play/sw.js").status_code == 404


@pytest.mark.django_db
def test_the_signed_in_page_names_its_cache_per_player_and_session(riichi):
    south = player_client(riichi, riichi.south)
    page = south.get(play_url(riichi))
    # Private to this browser and never kept by its HTTP cache (Back shows the sheet as it is
    # now); the service worker keeps its own copy.
    control = {part.strip() for part in page["Cache-Control"].split(",")}
    assert page.status_code == 200 and {"private", "no-cache", "no-store"} <= control
    south_id = page["X-Player-Cache"]
    assert len(south_id) == 20
    html = page.content.decode()
    assert "data-offline-banner hidden" in html and "Offline – last updated" in html
    assert f'data-play-sw="{play_url(riichi)}sw.js"' in html and "js/play.js" in html
    assert south.get(play_url(riichi))["X-Player-Cache"] == south_id  # stable in the session
    west = player_client(riichi, riichi.west).get(play_url(riichi))
    assert west["X-Player-Cache"] != south_id
    again = player_client(riichi, riichi.south).get(play_url(riichi))
    assert again["X-Player-Cache"] != south_id  # a new sign-in, a new cache
    # The sign-in page names no cache: the worker forgets every player's copy on seeing it.
    from django.test import Client

    assert "X-Player-Cache" not in Client().get(play_url(riichi))


@pytest.mark.django_db
def test_signing_out_clears_the_site_data_the_phone_kept(riichi):
    south = player_client(riichi, riichi.south)
    html = south.get(play_url(riichi)).content.decode()
    assert "data-player-sign-out" in html
    answer = south.post(play_url(riichi), {"action": "sign-out"})
    assert answer.status_code == 302
    assert answer["Clear-Site-Data"] == '"cache", "storage"'
    assert "X-Player-Cache" not in south.get(play_url(riichi))


@pytest.mark.django_db
def test_signing_out_through_the_api_clears_the_site_data_too(riichi):
    south = player_client(riichi, riichi.south)
    south.get(play_url(riichi))
    token = south.cookies["csrftoken"].value
    answer = south.delete(f"/api/events/{riichi.event.slug}/play/sign-in/", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 204
    assert answer["Clear-Site-Data"] == '"cache", "storage"'
    assert "X-Player-Cache" not in south.get(play_url(riichi))


@pytest.mark.django_db
def test_a_poll_of_an_unchanged_sheet_is_a_304_and_a_new_hand_moves_the_etag(riichi):
    south = player_client(riichi, riichi.south)
    first = south.get(play_url(riichi), **POLL)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('"play') and str(riichi.south.pk) in etag
    same = south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etag, **POLL)
    assert same.status_code == 304 and same["ETag"] == etag and not same.content
    # A full page load is never a 304: it may carry a message to show once.
    assert south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etag).status_code == 200
    add = {
        "action": "add", "number": 1, "idempotency_key": "k1", "kind": "win", "winner": 1,
        "discarder": 2, "han": 3, "fu": 30,
    }  # fmt: skip
    assert south.post(play_url(riichi), add).status_code == 302
    moved = south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etag, **POLL)
    assert moved.status_code == 200 and moved["ETag"] != etag
    etag = moved["ETag"]
    west = player_client(riichi, riichi.west)
    assert (
        west.post(play_url(riichi), {"action": "confirm", "number": 1, "version": 1}).status_code
        == 302
    )
    confirmed = south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etag, **POLL)
    assert confirmed.status_code == 200 and confirmed["ETag"] != etag
    # Another player's poll never matches this player's tag.
    assert (
        west.get(play_url(riichi), HTTP_IF_NONE_MATCH=confirmed["ETag"], **POLL).status_code == 200
    )


@pytest.mark.django_db
def test_a_dispute_a_settlement_a_call_and_its_taking_each_move_the_etag(riichi):
    """Disputes and calls are rows of their own, not hand versions: a phone polling the play
    page must still see each of them."""
    table = riichi.event.rounds.get(number=1).tables.get(number=1)
    south = player_client(riichi, riichi.south)
    sheets.add_hand(
        table,
        {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30},
        author=sheets.Author(user=riichi.head),
        number=1,
        idempotency_key="k1",
    )
    etags = [south.get(play_url(riichi), **POLL)["ETag"]]
    west = sheets.Author(player=riichi.west)
    dispute = sheets.dispute_hand(table, 1, author=west, version=1, reason="3 han, not 4")
    etags.append(south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etags[-1], **POLL)["ETag"])
    sheets.settle_dispute(table, dispute.pk, author=sheets.Author(user=riichi.head))
    etags.append(south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etags[-1], **POLL)["ETag"])
    call, _created = sheets.call_referee(table, author=west)
    etags.append(south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etags[-1], **POLL)["ETag"])
    sheets.take_call(table, call.pk, user=riichi.floor)
    etags.append(south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etags[-1], **POLL)["ETag"])
    assert len(set(etags)) == 5, etags


@pytest.mark.django_db
def test_a_poll_costs_the_same_queries_on_hand_1_and_hand_12(riichi):
    south = player_client(riichi, riichi.south)
    table = riichi.event.rounds.get(number=1).tables.get(number=1)

    def poll_queries():
        etag = south.get(play_url(riichi), **POLL)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert south.get(play_url(riichi), HTTP_IF_NONE_MATCH=etag, **POLL).status_code == 304
        return len(queries)

    def add(number):
        author = sheets.Author(user=riichi.head)
        hand = {"kind": "draw", "tenpai": [0]}
        sheets.add_hand(
            table, hand, author=author, number=number, idempotency_key=f"h{number}", same_again=True
        )

    add(1)
    few = poll_queries()
    for number in range(2, 13):
        add(number)
    assert poll_queries() == few <= 5, few


@pytest.mark.django_db
def test_a_player_without_a_live_table_polls_the_waiting_page_with_a_304(riichi):
    south = player_client(riichi, riichi.south)
    from tournament.rounds import services as round_services

    round_services.update_round(riichi.event.rounds.get(number=1), status="closed")
    first = south.get(play_url(riichi), **POLL)
    assert first.status_code == 200 and "You have no table" in first.content.decode()
    assert "data-offline-banner hidden" in first.content.decode()
    again = south.get(play_url(riichi), HTTP_IF_NONE_MATCH=first["ETag"], **POLL)
    assert again.status_code == 304


@pytest.mark.django_db
def test_the_offline_banner_and_the_manifest_speak_the_players_language(riichi):
    south = player_client(riichi, riichi.south)
    page = south.get(play_url(riichi), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Hors ligne – dernière mise à jour <time data-updated>" in page
    manifest = south.get(f"{play_url(riichi)}manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fi")
    assert json.loads(manifest.content)["short_name"] == "Oma pöytä"
    worker = south.get(f"{play_url(riichi)}sw.js", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "nie została zapisana" in worker
