"""The director's format pages, the public team and final pages, the API and the exports."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from openpyxl import load_workbook

from scoring.formats.services import confirm_cut
from scoring.standings.models import FormatStandings
from scoring.standings.services.reconcile import reconcile_event
from tests.support.formats import ROUND_ONE
from tests.support.playing import close, enter_round
from tournament.formats.models import CutDecision, Stage
from tournament.formats.services import stages, teams
from tournament.rounds.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def cup(make_event, play):
    """Eight classical players in two teams, a qualifying round played and closed, a final of
    four with a tie at the line (Player 06 and Player 07)."""
    event = make_event("format-cup", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    east, west = teams.create_team(event, "East"), teams.create_team(event, "West")
    for i, player in enumerate(p):
        teams.set_team(player, east if i % 2 == 0 else west)
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event, name="Final", first_round=2, last_round=2, cut_size=4, seating="rank"
    )
    close(play(event, 1, [p[:4], p[4:]], ROUND_ONE["classical"]))
    reconcile_event(event.pk)
    return event, p, final


def test_director_adds_teams_and_sets_best_n(web, make_event):
    event = make_event("team-pages", players=4)
    url = f"/director/{event.slug}/teams/"
    assert web.post(url, {"add": "1", "name": "Dragons"}).status_code == 302
    answer = web.post(url, {"add": "1", "name": "dragons"})
    assert "already exists" in answer.content.decode()
    assert web.post(url, {"best": "1", "team_best": "3"}).status_code == 302
    event.refresh_from_db()
    assert event.team_best == 3
    assert "Count from 1 to 100" in web.post(url, {"best": "1", "team_best": "0"}).content.decode()
    assert list(event.teams.values_list("name", flat=True)) == ["Dragons"]
    player = event.players.first()
    team = event.teams.get()
    edit = f"/director/{event.slug}/players/{player.pk}/"
    form = {"name": player.name, "country": "CZ", "club": player.club, "ema_number": ""}
    answer = web.post(
        edit, {**form, "ema_number": player.ema_number, "status": "active", "team": team.pk}
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    player.refresh_from_db()
    assert player.team == team


def test_director_defines_a_stage_and_sees_errors(web, make_event):
    event = make_event("stage-pages", players=8)
    url = f"/director/{event.slug}/stages/"
    base = {"carry": "full", "rest": "stop", "seating": "generator"}
    answer = web.post(url, {**base, "name": "One", "first_round": "1", "last_round": "2"})
    assert answer.status_code == 302
    # The page it leads back to says what was done (issue 43, item 19).
    assert "Stage One added." in web.get(answer["Location"]).content.decode()
    answer = web.post(
        url, {**base, "name": "Two", "first_round": "2", "last_round": "3", "cut_size": "4"}
    )
    assert "overlap stage One" in answer.content.decode()
    answer = web.post(
        url, {**base, "name": "Two", "first_round": "3", "last_round": "3", "cut_size": "6"}
    )
    assert "multiple of 4" in answer.content.decode()
    assert list(event.stages.values_list("name", flat=True)) == ["One"]


def test_cut_page_marks_the_tie_and_confirms_and_seats_in_one_step(web, cup):
    event, p, final = cup
    url = f"/director/{event.slug}/stages/{final.pk}/cut/"
    page = web.get(url).content.decode()
    assert page.count('class="cut-in') == 3
    assert page.count("cut-tied") == 2 and "tied at the line" in page
    answer = web.post(url, {"seat": "1"})
    assert answer.status_code == 200 and "choose 1 of them" in answer.content.decode()
    assert not CutDecision.objects.exists()
    answer = web.post(url, {"seat": "1", "chosen": [str(p[5].pk)]})
    assert answer.status_code == 302
    round_two = Round.objects.get(event=event, number=2)
    seated = list(round_two.seats.order_by("table__number").values_list("wind", "player_id"))
    assert dict(seated) == {"E": p[4].pk, "S": p[0].pk, "W": p[1].pk, "N": p[5].pk}
    assert "Player 06" in web.get(url).content.decode()  # the recorded choice


def test_public_team_and_final_pages(cup, director, django_assert_num_queries):
    event, p, final = cup
    confirm_cut(final, director, [p[6].pk])
    enter_round(
        __import__("scoring.formats.services", fromlist=["x"]).seat_stage_round(
            Stage.objects.get(pk=final.pk)
        ),
        [[-30, -30, -30, 90]],
    )
    reconcile_event(event.pk)
    client = Client()
    with django_assert_num_queries(5):
        # The event; its format standings; the players' names; the teams' names; the nav's
        # rounds (kept per revision). As many whatever the number of teams and players.
        page = client.get(f"/e/{event.slug}/teams/").content.decode()
    assert "East" in page and "West" in page
    assert f"/e/{event.slug}/players/{p[0].pk}/" in page
    page = client.get(f"/e/{event.slug}/final/").content.decode()
    assert page.index("Player 07") < page.index("Player 05") < page.index("Player 06")
    assert "Consolation" not in page
    event_page = client.get(f"/e/{event.slug}/").content.decode()
    assert f"/e/{event.slug}/teams/" in event_page and f"/e/{event.slug}/final/" in event_page


def test_api_team_standings_final_ranking_and_cut(cup, director_api):
    event, p, final = cup
    base = f"/api/events/{event.slug}/"
    teams_answer = director_api.get(base + "team-standings/").json()
    assert teams_answer["current"] and [r["team"]["name"] for r in teams_answer["rows"]]
    cut = director_api.get(base + f"stages/{final.pk}/cut/").json()
    assert cut["tied"] == [p[5].pk, p[6].pk] and cut["open_seats"] == 1
    bad = director_api.post(base + f"stages/{final.pk}/cut/", {"chosen": []}, format="json")
    assert bad.status_code == 400 and "tied at the cut line" in str(bad.json())
    done = director_api.post(
        base + f"stages/{final.pk}/cut/", {"chosen": [p[6].pk], "seat": True}, format="json"
    )
    assert done.status_code == 201, done.content
    assert done.json()["qualified"] == [p[4].pk, p[0].pk, p[1].pk, p[6].pk]
    reconcile_event(event.pk)
    ranking = director_api.get(base + "final-ranking/").json()
    assert [r["player"]["id"] for r in ranking["rows"]][:4] == [p[4].pk, p[0].pk, p[1].pk, p[6].pk]
    stages_list = director_api.get(base + "stages/").json()
    assert [s["cut_confirmed"] for s in stages_list] == [False, True]
    refused = director_api.patch(base + f"stages/{final.pk}/", {"cut_size": 8}, format="json")
    assert refused.status_code == 400


def test_team_exports_and_ema_uses_the_final_ranking(cup, web, director):
    event, p, final = cup
    confirm_cut(final, director, [p[6].pk])
    reconcile_event(event.pk)
    text = web.get(f"/director/{event.slug}/export/teams.csv").content.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["Place", "Team", "Score", "Table points", "Members"]
    assert {line[1] for line in lines[1:]} == {"East", "West"}
    workbook = load_workbook(
        io.BytesIO(web.get(f"/director/{event.slug}/export/teams.xlsx").content)
    )
    assert workbook.active["B1"].value == "Team"
    ema = list(
        csv.reader(
            io.StringIO(
                web.get(f"/director/{event.slug}/export/ema.csv").content.decode("utf-8-sig")
            )
        )
    )
    # The final is not played: its places are the carried standings; then the cut players.
    order = [int(line[1][-4:]) for line in ema[1:]]
    assert order[4:] == [6, 3, 4, 8]  # Player 06 (tied, not chosen), 03 and 04, 08
    assert FormatStandings.objects.get(event=event).data["final"][4][0] == 5
