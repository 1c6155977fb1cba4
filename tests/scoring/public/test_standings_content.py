"""What the standings say beyond places: tables played, tie-break values, one unit per column,
and players who never played (no place, marked, never sharing a place with a real zero)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache as django_cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scoring.results import services as result_services
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services import reconcile
from tests.support.pages import standings_rows
from tournament.players import services as player_services
from tournament.rounds import services as round_services
from tournament.rounds.services import seats as seat_services

pytestmark = pytest.mark.django_db


def settle(hall):
    reconcile.reconcile_event(hall.event.pk)
    hall.event.refresh_from_db()


def enter(hall, number: int, scores) -> None:
    table = hall.event.rounds.get(number=1).tables.get(number=number)
    result_services.enter_result(table, hall.director, dict(zip("ESWN", scores, strict=True)))


@pytest.fixture
def one_table_played(make_hall):
    """Round 1: table 1 has a result, table 2 none; a ninth player registered late."""
    h = make_hall("mcr")
    enter(h, 1, (40, 5, 0, -45))
    player_services.add_player(h.event, name="Late Comer")
    settle(h)
    return h


def test_players_without_a_game_get_no_place_and_come_last(one_table_played):
    h = one_table_played
    rows = StandingsSnapshot.objects.get(event=h.event).rows
    assert [r["place"] for r in rows] == [1, 2, 3, 4, None, None, None, None, None]
    assert [r["played"] for r in rows] == [1, 1, 1, 1, 0, 0, 0, 0, 0]
    idle = {r["name"] for r in rows if r["place"] is None}
    assert "Late Comer" in idle and len(idle) == 5

    html = Client().get(f"/e/{h.event.slug}/").content.decode()
    cells = standings_rows(html)
    assert [c[0] for c in cells] == ["1", "2", "3", "4", "–", "–", "–", "–", "–"]
    assert all("no game yet" in c[1] for c in cells[4:])
    assert not any("no game yet" in c[1] for c in cells[:4])


def test_standings_show_games_played_and_the_tie_break(one_table_played):
    html = Client().get(f"/e/{one_table_played.event.slug}/").content.decode()
    head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert "Games" in head
    assert 'class="num secondary tiebreak">Score' in head
    # place, name, table points, score (tie-break), games, penalties
    assert standings_rows(html)[0] == ["1", "P1-0", "4", "40", "1", ""]


def test_riichi_penalties_in_the_unit_of_the_total(make_hall):
    h = make_hall("riichi_ema")
    enter(h, 1, (45000, 35000, 25000, 15000))
    enter(h, 2, (30000, 30000, 30000, 30000))
    assert h.foul(h.floor, "chombo", h.south, {"kind": "noten_riichi"}).status_code == 201
    settle(h)
    row = next(
        r for r in StandingsSnapshot.objects.get(event=h.event).rows if r["player"] == h.south.pk
    )
    assert row["penalties"] < 0
    assert row["penalties_display"] == f"{row['penalties'] / 1000:.1f}"
    html = Client().get(f"/e/{h.event.slug}/").content.decode()
    cells = next(c for c in standings_rows(html) if h.south.name in c[1])
    # The page writes the stored "-20.0" with a true minus sign, as its unit note does.
    assert cells[-1] == row["penalties_display"].replace("-", "\u2212")
    assert "in thousands of points" in html


def test_round_page_marks_a_table_without_a_result(one_table_played):
    html = Client().get(f"/e/{one_table_played.event.slug}/rounds/1/").content.decode()
    assert html.count("no result yet") == 1


def test_player_page_reads_its_row_and_history_without_the_field(make_hall):
    h = make_hall("mcr", players=16)
    for number, round_ in enumerate((1, 2), start=1):
        if round_ == 2:
            r2 = round_services.create_round(h.event, number=2)
            ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
            seat_services.seat_round(r2, [ids[i : i + 4] for i in range(0, 16, 4)])
            round_services.update_round(h.event.rounds.get(number=1), status="closed")
            round_services.update_round(r2, status="live")
        for table in h.event.rounds.get(number=round_).tables.all():
            result_services.enter_result(
                table, h.director, dict(zip("ESWN", (30, 10, -10, -30), strict=True))
            )
        assert number
    settle(h)
    rows = StandingsSnapshot.objects.get(event=h.event).rows
    row = next(r for r in rows if r["player"] == h.south.pk)
    assert [r for r, _p in row["history"]] == [1, 2]
    assert row["history"][-1][1] == row["place"]

    client = Client()
    client.get(f"/e/{h.event.slug}/players/{h.east.pk}/")  # decodes the snapshot once
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/e/{h.event.slug}/players/{h.south.pk}/")
    assert response.status_code == 200
    assert response.context["history"] == [tuple(p) for p in row["history"]]
    assert response.context["row"]["played"] == 2
    sql = [q["sql"] for q in queries]
    # event + snapshot, player, seats at the player's tables, reports (+ entries, table seats),
    # rounds for the navigation
    assert len(queries) <= 7, sql


def test_player_page_words_consequences_as_the_penalties_page(make_hall):
    from penalties.describe import localized_description
    from penalties.models import FoulReport

    h = make_hall("mcr")
    enter(h, 1, (40, 5, 0, -45))
    h.foul(h.floor, "false_win", h.south, {"reason": "invalid_hand"}, explanation="six points")
    report = h.foul(h.floor, "short_hand", h.south).json()
    h.void(h.head, report["id"], "Tiles were counted wrong")
    settle(h)
    response = Client().get(f"/e/{h.event.slug}/players/{h.south.pk}/")
    shown = {r.pk: r.consequences_text for r in response.context["reports"]}
    expected = {r.pk: localized_description(r) for r in FoulReport.objects.filter(offender=h.south)}
    assert shown == expected and len(shown) == 2
    assert all(text for text in shown.values())


def test_player_chart_marks_and_opponent_links(make_hall):
    h = make_hall("mcr")
    enter(h, 1, (40, 5, 0, -45))
    settle(h)
    url = f"/e/{h.event.slug}/players/{h.south.pk}/"
    html = Client().get(url).content.decode()
    assert "<title>Round 1: place 2</title>" in html
    assert 'aria-label="Place after each round: round 1: 2"' in html
    assert f'<a href="/e/{h.event.slug}/players/{h.east.pk}/">{h.east.name}</a>' in html
    with translation.override("en"):  # the request activates French: restore after
        french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url).content.decode()
    assert re.search(r'<circle cx="\d+\.\d+" cy="\d+\.\d+"', french)  # SVG numbers, not "12,0"


def test_player_page_queries_do_not_grow_with_the_player(make_hall, settings):
    """A first render (no kept copy) asks as many questions whatever the player's tables and
    reports."""
    settings.PUBLIC_PAGE_SECONDS = 0
    h = make_hall("mcr")
    enter(h, 1, (40, 5, 0, -45))
    enter(h, 2, (10, 10, 10, -30))
    for code in ("false_win", "short_hand", "false_win"):
        details = {"reason": "invalid_hand"} if code == "false_win" else {}
        report = h.foul(h.floor, code, h.south, details).json()
    h.void(h.head, report["id"], "Counted wrong")
    h.foul(h.floor, "short_hand", h.west)
    settle(h)

    def first_render(player) -> list[str]:
        django_cache.clear()
        with CaptureQueriesContext(connection) as queries:
            response = Client().get(f"/e/{h.event.slug}/players/{player.pk}/")
        assert response.status_code == 200
        return [q["sql"] for q in queries]

    first_render(h.north)  # decodes the snapshot and reads the rounds once for the process
    many, one, none = first_render(h.south), first_render(h.west), first_render(h.east)
    assert len(many) == len(one) == len(none), many


def test_player_page_shows_voids_notes_and_opponents_as_they_change(make_hall, settings):
    settings.PUBLIC_PAGE_SECONDS = 0
    h = make_hall("mcr")
    enter(h, 1, (40, 5, 0, -45))
    report = h.foul(h.floor, "short_hand", h.south, explanation="<b>six</b> tiles").json()
    settle(h)
    url = f"/e/{h.event.slug}/players/{h.south.pk}/"
    before = Client().get(url).content.decode()
    assert "&lt;b&gt;six&lt;/b&gt; tiles" in before and 'class="voided"' not in before
    assert f'/players/{h.east.pk}/">{h.east.name}</a>' in before

    h.void(h.head, report["id"], "Counted <wrong>")
    player_services.update_player(h.east, name="Renamed Opponent")
    settle(h)
    after = Client().get(url).content.decode()
    assert '<li class="voided">' in after and "<s>" in after
    assert "Voided: Counted &lt;wrong&gt;" in after
    assert f'/players/{h.east.pk}/">Renamed Opponent</a>' in after
