"""A player signed in with their PIN is named in the header of every page, with "Sign out"
(issue 43, item 19): outside their play page the header offered the staff's "Log in", as if
nobody were signed in. Pages kept for visitors without a session never carry a name."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.players import player_client
from tests.support.sheets import enable

pytestmark = pytest.mark.django_db

LOG_IN = 'href="/accounts/login/"'


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    enable(hall.event)
    return hall


def pages(hall) -> list[str]:
    slug = hall.event.slug
    return ["/", f"/e/{slug}/", f"/e/{slug}/players/{hall.south.pk}/", f"/e/{slug}/play/"]


def test_every_page_names_the_signed_in_player(riichi):
    south = player_client(riichi, riichi.south)
    for url in pages(riichi):
        html = south.get(url).content.decode()
        assert f'data-testid="signed-player">{riichi.south.name}<' in html, url
        assert LOG_IN not in html, url


def test_visitors_without_a_session_see_log_in_and_no_name(riichi):
    south = player_client(riichi, riichi.south)
    for url in pages(riichi)[:3]:
        south.get(url)  # rendered for the player first, then for a visitor
        html = Client().get(url).content.decode()
        assert LOG_IN in html and 'data-testid="signed-player"' not in html, url
