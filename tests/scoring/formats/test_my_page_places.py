"""The player's own page (/e/<event>/play/, issue 32, item 2) gives the player's place in the
current stage, as every page does after a cut (``/final/``'s once the last stage is over),
and the player's team's place."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.standings.services.reconcile import reconcile_event
from tests.support.cup import _played_final, final_places  # noqa: F401
from tournament.events.models import Event
from tournament.formats.services import teams
from tournament.players.access import pins
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


def my_page(event, player) -> str:
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    player = Player.objects.get(pk=player.pk)
    client = Client()
    assert client.get(f"/e/{event.slug}/card/{pins.card_token(player)}/").status_code == 302
    page = client.get(f"/e/{event.slug}/play/")
    assert page.status_code == 200
    return page.content.decode()


def place_on(page: str) -> int:
    found = re.search(r"<dd data-place>(\d+) / \d+", page)
    assert found, page.split('data-testid="my-standing"')[1][:600]
    return int(found.group(1))


def test_my_page_gives_the_place_of_final_after_a_cut_and_a_final(cup, director):  # noqa: F811
    event, p = _played_final(cup, director)
    final = final_places(Client(), event)
    for player in p:
        page = my_page(event, player)
        assert place_on(page) == final[player.pk], player.name
    # The consolation group says so.
    consolation = next(player for player in p if final[player.pk] == 5)
    assert "Consolation group (Final)" in my_page(event, consolation)


def test_my_page_gives_my_teams_place(make_event, play):
    event = make_event("team-page", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    red = teams.create_team(event, "Red")
    blue = teams.create_team(event, "Blue")
    for player in p[:3]:
        teams.set_team(player, red)
    for player in p[3:6]:
        teams.set_team(player, blue.pk)
    play(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [40, 5, -15, -30]])
    # Red: 30 + 10 - 20 = 20; Blue: -20 + 40 + 5 = 25.
    reconcile_event(event.pk)
    assert re.search(r"Team Red</dt><dd data-team-place>2 / 2<", my_page(event, p[0]))
    assert re.search(r"Team Blue</dt><dd data-team-place>1 / 2<", my_page(event, p[4]))
    assert "data-team-place" not in my_page(event, p[7])
