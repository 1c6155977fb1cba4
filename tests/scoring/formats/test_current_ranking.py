"""Issue 32, item 5: one ranking after a cut, everywhere. Once a stage after the first has
begun, the event page, the standings fragment, the projector, the player pages, the standings
API and the exports give each player the place of the current ranking; once the last stage is
over, that is ``/final/``'s place. Before a cut nothing changes."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from scoring.formats.services import confirm_cut, seat_stage_round
from scoring.standings.services.reconcile import reconcile_event
from tests.support.cup import (
    ROUND_TWO,
    _enter,
    _played_final,
    final_places,
)

pytestmark = pytest.mark.django_db

ROUND_TWO |= {7: -30, 2: -30}
FINAL = [1, 8, 4, 0, 5, 9, 10, 11, 6, 7, 2, 3]  # the final ranking, by player index


def page_places(html: str) -> dict[int, int]:
    rows = re.findall(
        r'<tr class="[^"]*" data-player="(\d+)">\s*<td class="num" data-place>(\d+)', html
    )
    return {int(pk): int(place) for pk, place in rows}


def test_every_page_gives_the_final_ranking_after_a_cut_and_a_final(cup, director, web_director):
    event, p = _played_final(cup, director)
    client = Client()
    final = final_places(client, event)
    assert final == {p[i].pk: place for place, i in enumerate(FINAL, start=1)}
    names = {player.pk: player.name for player in p}

    # The event page and the standings fragment: the final ranking, grouped.
    event_page = client.get(f"/e/{event.slug}/").content.decode()
    assert page_places(event_page) == final
    assert "Overall totals" in event_page and f"/e/{event.slug}/?view=overall" in event_page
    assert event_page.index("Consolation group (Final)") > event_page.index(names[p[0].pk])
    fragment = client.get(f"/e/{event.slug}/standings/").content.decode()
    assert page_places(fragment) == final
    # The overall totals stay a click away: there p3 (12th of the ranking) is 2nd.
    overall = client.get(f"/e/{event.slug}/standings/?view=overall").content.decode()
    assert "data-place" not in overall and "Overall totals" in overall
    assert (
        overall.index(names[p[1].pk])
        < overall.index(names[p[3].pk])
        < overall.index(names[p[8].pk])
    )

    # The projector: the ranking's rows in order, each group opened by its heading.
    feed = client.get(f"/e/{event.slug}/projector.json").json()
    assert feed["view"] == "ranking" and feed["ranking"]["complete"] is True
    by_name = {pk: name for pk, name in names.items()}
    assert {row["name"]: row["place"] for row in feed["rows"]} == {
        by_name[pk]: place for pk, place in final.items()
    }
    assert [row["heading"] for row in feed["rows"] if row["heading"]] == [
        "Final ranking",
        "Consolation group (Final)",
    ]
    overall_feed = client.get(f"/e/{event.slug}/projector.json?view=overall").json()
    assert overall_feed["view"] == "overall" and overall_feed["rows"][1]["name"] == names[p[3].pk]

    # Each player's page: the same place, "of" the ranked players.
    for pk, place in final.items():
        page = client.get(f"/e/{event.slug}/players/{pk}/").content.decode()
        assert f"<dd data-place>{place} / 12</dd>" in page, (pk, place)
    page = client.get(f"/e/{event.slug}/players/{p[3].pk}/").content.decode()
    assert "Consolation group (Final): 1" in page and "2 / 12" in page  # the overall place

    # The standings API: the ranking's order and places; view=overall as before.
    api = web_director.get(f"/api/events/{event.slug}/standings/").json()
    assert api["view"] == "ranking" and api["ranking"]["complete"] is True
    assert [(r["player"]["id"], r["place"]) for r in api["rows"]] == sorted(
        final.items(), key=lambda item: item[1]
    )
    assert {r["player"]["id"]: r["ranking"]["group"] for r in api["rows"]}[p[3].pk] == (
        "consolation"
    )
    assert {r["player"]["id"]: r["overall_place"] for r in api["rows"]}[p[3].pk] == 2
    one = web_director.get(f"/api/events/{event.slug}/standings/?player={p[0].pk}").json()
    assert one["rows"][0]["place"] == 4 and one["rows"][0]["overall_place"] == 6
    overall_api = web_director.get(f"/api/events/{event.slug}/standings/?view=overall").json()
    assert overall_api["rows"][1]["player"]["id"] == p[3].pk
    assert overall_api["rows"][1]["place"] == 2
    bad = web_director.get(f"/api/events/{event.slug}/standings/?view=stage")
    assert bad.status_code == 400 and "view" in bad.json()

    # The exports: standings.csv/xlsx carry the ranking place; ema.csv lists /final/.
    text = web_director.get(f"/director/{event.slug}/export/standings.csv")
    lines = list(csv.reader(io.StringIO(text.content.decode("utf-8-sig"))))
    column = lines[0].index("Ranking place")
    assert lines[0][column + 1] == "Group"
    by_player_name = {pk: name for pk, name in names.items()}
    exported = {line[1]: int(line[column]) for line in lines[1:]}
    assert exported == {by_player_name[pk]: place for pk, place in final.items()}
    workbook = load_workbook(
        io.BytesIO(web_director.get(f"/director/{event.slug}/export/standings.xlsx").content)
    )
    sheet = workbook.active
    header = [cell.value for cell in sheet[1]]
    xlsx = {
        row[1]: row[header.index("Ranking place")] for row in sheet.iter_rows(2, values_only=True)
    }
    assert xlsx == exported
    ema = list(
        csv.reader(
            io.StringIO(
                web_director.get(f"/director/{event.slug}/export/ema.csv").content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    ema_numbers = {player.ema_number: player.pk for player in p}
    assert {ema_numbers[line[1]]: int(line[0]) for line in ema[1:]} == final


def test_while_the_final_is_played_the_ranking_keeps_the_places_at_the_line(cup, director):
    event, p, final = cup
    confirm_cut(final, director)
    round_two = seat_stage_round(final)
    _enter(round_two, director, p, ROUND_TWO)  # played, not closed
    reconcile_event(event.pk)
    client = Client()
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "Ranking: Final" in page and "final ranking." not in page
    places = page_places(page)
    assert places == final_places(client, event)
    # p3 won the consolation table: still 12th, as at the line (not 2nd, as overall).
    assert places[p[3].pk] == 12 and places[p[0].pk] == 4
    player = client.get(f"/e/{event.slug}/players/{p[0].pk}/").content.decode()
    assert "<dd data-place>4 / 12</dd>" in player and "Plays in Final" in player


def test_before_the_cut_nothing_changes(cup, web_director):
    event, p, _final = cup
    client = Client()
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "Overall totals" not in page and "data-place" not in page
    feed = client.get(f"/e/{event.slug}/projector.json").json()
    assert feed["view"] == "overall" and feed["ranking"] is None
    assert "heading" not in feed["rows"][0] and feed["rows"][0]["place"] == 1
    player = client.get(f"/e/{event.slug}/players/{p[0].pk}/").content.decode()
    assert "<dd data-place>1 / 12</dd>" in player and "Overall totals" not in player
    api = web_director.get(f"/api/events/{event.slug}/standings/").json()
    assert api["view"] == "overall" and api["ranking"] is None
    assert [r["place"] for r in api["rows"]] == list(range(1, 13))
    assert all(r["ranking"] is None for r in api["rows"])
    text = web_director.get(f"/director/{event.slug}/export/standings.csv")
    assert "Ranking place" not in text.content.decode("utf-8-sig")


def ranking_queries(client: Client, url: str) -> int:
    """How many of a page's queries read the ranking (the format standings, the stages)."""
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    tables = ('"scoring_formatstandings"', '"tournament_stage"')
    return sum(1 for q in captured.captured_queries if any(t in q["sql"] for t in tables))


def test_the_ranking_is_read_once_per_revision(cup, director, web_director):
    event, p = _played_final(cup, director)
    client = Client()
    client.cookies["sessionid"] = "x"  # not a page kept for anonymous visitors
    base = f"/e/{event.slug}/"
    assert ranking_queries(client, base + "standings/") > 0
    # The same revision: the ranking is kept.
    assert ranking_queries(client, base + f"players/{p[0].pk}/") == 0
    assert ranking_queries(client, base + f"players/{p[1].pk}/") == 0
    cache.clear()
    assert ranking_queries(client, base + f"players/{p[1].pk}/") > 0


@pytest.fixture
def web_director(director):
    client = Client()
    client.force_login(director)
    return client
