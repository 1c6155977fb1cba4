"""One door per player (issue 32, item 1): the player card's signed link signs the phone in
and is refused once the PIN is reissued; the table card's QR code opens the table's public
page, from which a referee of the table goes straight on; staff addresses offer a player their
own door; every public page links to "My page"."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.support.players import player_client
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def card_links(hall) -> dict[int, str]:
    """Each player's card link, read from the printed cards as the director sees them."""
    director = Client()
    director.force_login(hall.director)
    page = director.get(f"/director/{hall.event.slug}/player-cards/").content.decode()
    found = re.findall(r'data-player="(\d+)"', page)
    links = re.findall(r'data-card-link="([^"]+)"', page)
    assert len(found) == len(links) == hall.event.players.count()
    assert page.count("<svg") == len(links)
    return dict(zip(map(int, found), links, strict=True))


def signed_in(client) -> int | None:
    return (client.session.get(pins.SESSION_KEY) or {}).get("player")


def test_a_player_cards_qr_link_signs_that_phone_in_and_opens_the_players_page(riichi):
    link = card_links(riichi)[riichi.south.pk]
    assert link.startswith(f"http://testserver/e/{riichi.event.slug}/card/")
    phone = Client()
    answer = phone.get(link)
    assert answer.status_code == 302
    assert answer["Location"] == f"/e/{riichi.event.slug}/play/"
    assert signed_in(phone) == riichi.south.pk
    page = phone.get(answer["Location"]).content.decode()
    assert f"Signed in as {riichi.south.name}" in page and "Running totals" in page
    assert phone.get(link).status_code == 302  # a second scan still works


def test_a_reissued_pin_refuses_the_old_card_link_and_changes_nothing(riichi):
    link = card_links(riichi)[riichi.south.pk]
    pins.reissue_pin(Player.objects.get(pk=riichi.south.pk))
    phone = Client()
    answer = phone.get(link)
    assert answer.status_code == 410
    assert "This card was replaced" in answer.content.decode()
    assert signed_in(phone) is None
    west = player_client(riichi, riichi.west)
    assert west.get(link).status_code == 410
    assert signed_in(west) == riichi.west.pk  # still signed in as before
    fresh = card_links(riichi)[riichi.south.pk]
    assert fresh != link and Client().get(fresh).status_code == 302


def test_an_expired_or_forged_card_link_is_refused_and_braked(riichi, settings):
    link = card_links(riichi)[riichi.south.pk]
    settings.PLAYER_CARD_LINK_DAYS = -1
    expired = Client().get(link)
    assert expired.status_code == 410 and "has expired" in expired.content.decode()
    settings.PLAYER_CARD_LINK_DAYS = 30
    settings.PIN_FAILURES_PER_CLIENT = 2
    phone = Client()
    forged = link.replace("/card/", "/card/x")
    for _ in range(2):
        answer = phone.get(forged)
        assert answer.status_code == 400 and "not a player card" in answer.content.decode()
    assert phone.get(link).status_code == 429  # held back, even a good link
    assert signed_in(phone) is None
    assert Client(REMOTE_ADDR="192.0.2.7").get(link).status_code == 302  # another phone


def test_the_table_page_shows_the_live_sheet_and_leads_to_the_sign_in(riichi):
    url = f"/e/{riichi.event.slug}/r1/t1/"
    page = Client().get(url)
    assert page.status_code == 200
    text = page.content.decode()
    for player in (riichi.east, riichi.south, riichi.west, riichi.north):
        assert player.name in text
    assert "Running totals" in text and 'name="password"' not in text
    sign_in = re.search(r'href="([^"]+)" data-sign-in', text).group(1)
    assert sign_in == f"/e/{riichi.event.slug}/play/?table=1"
    choose = Client().get(sign_in).content.decode()
    assert riichi.south.name in choose and 'name="pin"' in choose
    south = player_client(riichi, riichi.south)
    mine = south.get(url).content.decode()
    assert "data-sign-in" not in mine and f'href="/e/{riichi.event.slug}/me/"' in mine


def test_a_referee_of_the_table_scanning_it_goes_to_the_referee_page(riichi):
    url = f"/e/{riichi.event.slug}/r1/t1/"
    for user in (riichi.floor, riichi.head, riichi.director):
        client = Client()
        client.force_login(user)
        answer = client.get(url)
        assert answer.status_code == 302
        assert answer["Location"] == f"/referee/{riichi.event.slug}/r1/t1/"
        assert client.get(answer["Location"]).status_code == 200
    other = Client()
    other.force_login(riichi.other_floor)  # table 2's referee sees the public page
    assert other.get(url).status_code == 200


def test_a_player_on_a_staff_table_address_is_offered_their_door(riichi, make_event):
    slug = riichi.event.slug
    page = Client().get(f"/referee/{slug}/r1/t1/", follow=True).content.decode()
    assert 'name="password"' in page  # staff still log in here
    assert "Are you a player?" in page
    assert f'href="/e/{slug}/r1/t1/"' in page and f'href="/e/{slug}/me/"' in page
    sheet = Client().get(f"/sheets/{slug}/r1/t1/", follow=True).content.decode()
    assert f'href="/e/{slug}/r1/t1/"' in sheet
    private = make_event("secret-door", public=False, rounds=1, seated=True)
    hidden = Client().get(f"/referee/{private.slug}/r1/t1/", follow=True).content.decode()
    assert "Are you a player?" not in hidden and 'name="password"' in hidden


def test_every_public_page_links_to_my_page(riichi, settings):
    settings.PUBLIC_PAGE_SECONDS = 0
    slug = riichi.event.slug
    for path in ("", "seating/", "rounds/1/", "penalties/", f"players/{riichi.south.pk}/"):
        page = Client().get(f"/e/{slug}/{path}").content.decode()
        assert f'href="/e/{slug}/me/"' in page, path
    assert Client().get(f"/e/{slug}/me/")["Location"] == f"/e/{slug}/play/"
    south = player_client(riichi, riichi.south)
    assert south.get(f"/e/{slug}/me/")["Location"] == f"/e/{slug}/play/"
    Event.objects.filter(pk=riichi.event.pk).update(players_enter_hands=False)
    assert Client().get(f"/e/{slug}/me/")["Location"] == f"/e/{slug}/seating/"
    assert south.get(f"/e/{slug}/me/")["Location"] == f"/e/{slug}/players/{riichi.south.pk}/"


def test_a_pin_at_another_table_is_refused_and_changes_nothing(riichi):
    pins.ensure_pins(riichi.event)
    stranger = Seat.objects.get(round__event=riichi.event, table__number=2, wind="E").player
    phone = Client()
    answer = phone.post(
        f"/e/{riichi.event.slug}/play/?table=1",
        {"player": stranger.pk, "pin": pins.pin_of(stranger)},
    )
    assert answer.status_code == 400
    assert "does not sit at table 1" in answer.content.decode()
    assert signed_in(phone) is None
    wrong = phone.post(
        f"/e/{riichi.event.slug}/play/?table=1",
        {"player": riichi.south.pk, "pin": "000000"},
    )
    assert wrong.status_code == 400 and "not " in wrong.content.decode()
    assert signed_in(phone) is None
