"""Pages kept for anonymous visitors: served without rebuilding them, never past a change, and
never carrying one visitor's query string to another. A change of a player's name, club,
country or status shows on every page and export (the revision moves)."""

from __future__ import annotations

import csv
import gzip
import io

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.results import services as result_services
from scoring.standings.services import reconcile as standings_reconcile
from tournament.players import services as player_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_hall):
    h = make_hall("mcr")
    for number, scores in {1: (40, 5, 0, -45), 2: (10, 10, 10, -30)}.items():
        table = h.event.rounds.get(number=1).tables.get(number=number)
        result_services.enter_result(table, h.director, dict(zip("ESWN", scores, strict=True)))
    standings_reconcile.reconcile_event(h.event.pk)
    return h


def test_a_players_page_is_kept_for_the_next_visitor(played):
    url = f"/e/{played.event.slug}/players/{played.south.pk}/"
    first = Client().get(url)
    assert first.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        again = Client().get(url)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert len(queries) == 1  # the event with its snapshot's revision, for the ETag
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


@pytest.mark.parametrize("page", ["", "players/{pk}/"])
def test_a_kept_page_goes_gzipped_to_a_browser_and_plain_to_the_others(played, page):
    url = f"/e/{played.event.slug}/" + page.format(pk=played.south.pk)
    plain = Client().get(url)
    browser = Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    for _ in range(2):  # rendered, then read from the cache
        packed = browser.get(url)
        assert packed["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in packed["Vary"]
        assert gzip.decompress(packed.content) == plain.content
        assert len(packed.content) < len(plain.content) / 2
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    # The gzipped page's tag is the weak form of the page's: either comes back as a 304.
    assert packed["ETag"] == f"W/{plain['ETag']}"
    for tag in (packed["ETag"], plain["ETag"]):
        assert browser.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_a_logged_in_visitor_gets_a_page_of_his_own(played):
    url = f"/e/{played.event.slug}/players/{played.south.pk}/"
    Client().get(url)
    client = Client()
    client.force_login(played.director)
    assert played.director.username in client.get(url).content.decode()


@pytest.mark.parametrize("page", ["", "players/{pk}/"])
def test_a_query_string_does_not_reach_other_visitors(played, page):
    url = f"/e/{played.event.slug}/" + page.format(pk=played.south.pk)
    Client().get(url + "?utm_source=leak")
    html = Client().get(url).content.decode()
    assert "utm_source" not in html
    assert f'name="next" type="hidden" value="{url}"' in html


@pytest.mark.parametrize(
    "change",
    [
        {"name": "Renamed Player"},
        {"club": "Renamed Club"},
        {"country": "FI"},
        {"status": "dropped"},
    ],
)
def test_a_change_of_a_player_shows_on_every_page_and_export(played, change):
    slug, player = played.event.slug, played.south
    pages = [f"/e/{slug}/", f"/e/{slug}/standings/", f"/e/{slug}/players/{player.pk}/"]
    before = [Client().get(url).content.decode() for url in pages]  # kept for visitors
    player_services.update_player(player, **change)
    standings_reconcile.reconcile_event(played.event.pk)  # what the on-commit reconcile does
    director = Client()
    director.force_login(played.director)
    standings = list(
        csv.reader(
            io.StringIO(
                director.get(f"/director/{slug}/export/standings.csv").content.decode("utf-8-sig")
            )
        )
    )
    header, rows = standings[0], standings[1:]
    row = next(r for r in rows if r[header.index("Player")] in (player.name, "Renamed Player"))
    after = [Client().get(url).content.decode() for url in pages]
    api = director.get(f"/api/events/{slug}/standings/").json()
    api_row = next(r for r in api["rows"] if r["player"]["id"] == player.pk)
    if "name" in change:
        assert all("Renamed Player" in html for html in after)
        assert not any("Renamed Player" in html for html in before)
        assert row[header.index("Player")] == "Renamed Player"
        assert api_row["player"]["name"] == "Renamed Player"
    elif "club" in change:
        assert "Renamed Club" in after[2]
        assert row[header.index("Club")] == "Renamed Club"
    elif "country" in change:
        assert "Finland" in after[2]
        assert row[header.index("Country")] == "FI"
    else:
        assert all("dropped" in html for html in after)
        assert row[header.index("Dropped")] == "yes"
        assert api_row["dropped"] is True
