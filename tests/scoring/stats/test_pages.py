"""The statistics pages: who may see them, where they are linked from, what a conditional
request costs, the rulesets whose hands are points per seat, and the player's page following
a dispute (the sheets' marker counts disputes and their resolutions)."""

from __future__ import annotations

import uuid

import pytest

from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tournament.events.models import Event
from tournament.persons import services as person_services
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db

E, S, W, N = 0, 1, 2, 3


def with_sheets(hall, **changes):
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, **changes)
    hall.event.refresh_from_db()
    return hall


def add(hall, number, data, author=None):
    table = Table.objects.select_related("round__event").get(round__event=hall.event, number=1)
    return sheets.add_hand(
        table, data, author=author or Author(user=hall.head), number=number,
        idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip


@pytest.fixture
def riichi(make_hall, settings):
    hall = with_sheets(make_hall("riichi_ema"))
    add(hall, 1, {"kind": "win", "winner": S, "discarder": W, "han": 3, "fu": 30})
    add(hall, 2, {"kind": "win", "winner": E, "discarder": S, "han": 1, "fu": 30})
    return hall


def test_linked_from_the_event_the_player_and_the_person(riichi, client):
    slug, south = riichi.event.slug, riichi.south
    assert f'href="/e/{slug}/stats/"' in client.get(f"/e/{slug}/").content.decode()
    page = client.get(f"/e/{slug}/stats/").content.decode()
    assert f'href="/e/{slug}/players/{south.pk}/stats/"' in page
    assert (
        f'href="/e/{slug}/players/{south.pk}/stats/"'
        in client.get(f"/e/{slug}/players/{south.pk}/").content.decode()
    )
    person_services.link_event_players(riichi.event)
    south.refresh_from_db()
    person = client.get(f"/ranking/persons/{south.person_id}/").content.decode()
    assert f'href="/ranking/persons/{south.person_id}/stats/"' in person
    client.force_login(riichi.director)
    assert f'href="/director/{slug}/awards/"' in client.get(f"/director/{slug}/").content.decode()


def test_no_statistics_without_sheets_nor_for_strangers(make_hall, riichi, client):
    plain = make_hall("riichi_ema")
    for url in (f"/e/{plain.event.slug}/stats/", f"/e/{plain.event.slug}/stats.csv",
                f"/api/events/{plain.event.slug}/stats/"):  # fmt: skip
        assert client.get(url).status_code == 404, url
    assert "/stats/" not in client.get(f"/e/{plain.event.slug}/").content.decode()
    Event.objects.filter(pk=riichi.event.pk).update(is_public=False)
    slug = riichi.event.slug
    for url in (f"/e/{slug}/stats/", f"/e/{slug}/players/{riichi.south.pk}/stats/",
                f"/api/events/{slug}/stats/", f"/e/{slug}/stats.xlsx"):  # fmt: skip
        assert client.get(url).status_code == 404, url
    client.force_login(riichi.director)
    assert client.get(f"/e/{slug}/stats/").status_code == 200
    assert client.get(f"/e/{slug}/players/{riichi.east.pk}/stats/").status_code == 200
    other = make_hall("riichi_ema").east
    assert client.get(f"/e/{slug}/players/{other.pk}/stats/").status_code == 404
    assert client.get(f"/e/{slug}/stats.pdf").status_code == 404


def test_a_visitor_gets_304_until_a_hand_moves_the_figures(riichi, client):
    url = f"/e/{riichi.event.slug}/players/{riichi.south.pk}/stats/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    add(riichi, 3, {"kind": "draw", "tenpai": [S]})
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and 'data-stat="hands">3<' in again.content.decode()
    api = f"/api/events/{riichi.event.slug}/stats/"
    tag = client.get(api)["ETag"]
    assert client.get(api, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_the_players_page_follows_a_dispute(riichi, client):
    url = f"/e/{riichi.event.slug}/players/{riichi.south.pk}/"
    first = client.get(url)
    assert 'data-stat="deal-ins">1<' in first.content.decode()
    table = Table.objects.select_related("round__event").get(round__event=riichi.event, number=1)
    sheets.dispute_hand(table, 2, author=Author(user=riichi.head), version=1, reason="no")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert 'data-stat="deal-ins">0<' in again.content.decode()


def test_points_rulesets_show_hands_and_the_score(make_hall, client):
    hall = with_sheets(make_hall("classical"))
    add(hall, 1, {"kind": "points", "points": [30, -10, -10, -10]})
    add(hall, 2, {"kind": "points", "points": [-20, 40, -10, -10]})
    page = client.get(f"/e/{hall.event.slug}/players/{hall.south.pk}/stats/").content.decode()
    assert 'data-stat="hands">2<' in page and 'data-testid="game-chart"' in page
    assert 'data-stat="wins"' not in page
    data = client.get(f"/api/events/{hall.event.slug}/stats/").json()
    assert data["family"] == "points" and data["awards"] == []
    assert {p["hands"] for p in data["players"]} == {2}


def test_the_score_chart_is_drawn_by_the_template(riichi, client):
    page = client.get(f"/e/{riichi.event.slug}/players/{riichi.south.pk}/stats/").content.decode()
    chart = page[page.index('data-testid="game-chart"') :]
    chart = chart[: chart.index("</figure>")]
    assert chart.count("<polyline") == 4 and 'stroke-width="3"' in chart
    assert "<script" not in chart and "<script>" not in page
    # The south player's line: 30000 at the start, 33900, then 32900; on the chart's scale.
    assert "Score after each hand: 30000, 33900, 32900" in chart


def test_the_events_statistics_may_be_behind_the_hands_for_a_while(riichi, client, settings):
    settings.STATS_EVENT_SECONDS = 30
    url = f"/api/events/{riichi.event.slug}/stats/"

    def hands() -> int:
        return {p["player"]: p["hands"] for p in client.get(url).json()["players"]}[riichi.south.pk]

    assert hands() == 2
    add(riichi, 3, {"kind": "draw", "tenpai": [S]})
    assert hands() == 2  # the last reading, taken less than 30 s ago
    player = f"/api/events/{riichi.event.slug}/players/{riichi.south.pk}/stats/"
    assert client.get(player).json()["hands"] == 3  # a player's own: at once
    settings.STATS_EVENT_SECONDS = 0
    assert hands() == 3
    settings.STATS_EVENT_SECONDS = 30
    add(riichi, 4, {"kind": "draw", "tenpai": [S, W]})
    Event.objects.filter(pk=riichi.event.pk).update(name="Renamed")  # no revision: still behind
    assert hands() == 3
    from tournament.writes import bump_revision

    bump_revision(riichi.event)  # a result, a name, an option: at once
    assert hands() == 4
