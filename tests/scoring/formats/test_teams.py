"""Teams: membership through every way in, and team standings (sum or best N, shared places)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring.standings.models import FormatStandings
from scoring.standings.services.reconcile import reconcile_event
from tournament.formats.services import teams
from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.players.services import importing as player_import

pytestmark = pytest.mark.django_db


def _team_rows(event):
    reconcile_event(event.pk)
    return FormatStandings.objects.get(event=event).data["teams"]


@pytest.fixture
def teamed(make_event, play):
    """Eight classical players in teams Red (1, 2, 3) and Blue (4, 5, 6); 7 and 8 in none.
    Scores: 1:+30 2:+10 3:-20 4:-20 / 5:+40 6:+5 7:-15 8:-30."""
    event = make_event("team-cup", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    red = teams.create_team(event, "Red")
    blue = teams.create_team(event, "Blue")
    for player in p[:3]:
        teams.set_team(player, red)
    for player in p[3:6]:
        teams.set_team(player, blue.pk)
    play(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [40, 5, -15, -30]])
    return event, p, red, blue


def test_team_standings_sum_every_member(teamed):
    event, _p, red, blue = teamed
    rows = _team_rows(event)
    # Red: 30 + 10 - 20 = 20; Blue: -20 + 40 + 5 = 25.
    assert [(r["place"], r["team"], r["score"], r["counted"]) for r in rows] == [
        (1, blue.pk, "25", 3),
        (2, red.pk, "20", 3),
    ]


def test_team_standings_best_n_and_shared_place(teamed):
    event, p, red, blue = teamed
    teams.set_team_best(event, 2)
    rows = _team_rows(event)
    # Best two: Red 30 + 10 = 40, Blue 40 + 5 = 45.
    assert [(r["team"], r["score"]) for r in rows] == [(blue.pk, "45"), (red.pk, "40")]
    assert rows[0]["members"][:2] == [p[4].pk, p[5].pk]
    teams.set_team_best(event, 1)
    # Best one: Red 30, Blue 40.
    assert [(r["team"], r["score"], r["counted"]) for r in _team_rows(event)] == [
        (blue.pk, "40", 1),
        (red.pk, "30", 1),
    ]


def test_equal_teams_share_a_place(make_event, play):
    event = make_event("tie-cup", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    red, blue = teams.create_team(event, "Red"), teams.create_team(event, "Blue")
    for player in (p[0], p[1], p[2]):
        teams.set_team(player, red)
    for player in (p[3], p[4], p[5]):
        teams.set_team(player, blue)
    # Both tables alike: Red 30 + 10 - 20 and Blue -20 + 30 + 10 give 20 and 6.5 table points.
    play(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [30, 10, -20, -20]])
    rows = _team_rows(event)
    assert [(r["place"], r["score"], r["table_points"]) for r in rows] == [
        (1, "20", "13/2"),
        (1, "20", "13/2"),
    ]


def test_a_team_of_another_event_is_refused(teamed, make_event):
    event, p, red, _blue = teamed
    other = make_event("other-cup", players=0)
    foreign = teams.create_team(other, "Foreign")
    revision = type(event).objects.get(pk=event.pk).revision
    with pytest.raises(ValidationError) as caught:
        teams.set_team(p[0], foreign)
    assert "belongs to another event" in str(caught.value)
    with pytest.raises(ValidationError):
        player_services.update_player(p[0], name="Renamed", team=foreign.pk)
    with pytest.raises(ValidationError):
        player_services.add_player(event, name="Newcomer", team=foreign.pk)
    p[0].refresh_from_db()
    assert (p[0].name, p[0].team_id) == ("Player 01", red.pk)
    assert not event.players.filter(name="Newcomer").exists()
    assert type(event).objects.get(pk=event.pk).revision == revision


def test_api_sets_and_refuses_teams(teamed, director_api, make_event):
    event, p, red, blue = teamed
    url = f"/api/events/{event.slug}/players/{p[0].pk}/"
    answer = director_api.patch(url, {"team": blue.pk}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["team"] == blue.pk
    foreign = teams.create_team(make_event("far-cup", players=0), "Far")
    answer = director_api.patch(url, {"team": foreign.pk}, format="json")
    assert answer.status_code == 400
    assert "another event" in str(answer.json())
    answer = director_api.post(
        f"/api/events/{event.slug}/players/", {"name": "Nine", "team": red.pk}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert Player.objects.get(pk=answer.json()["id"]).team == red
    assert director_api.patch(url, {"team": None}, format="json").json()["team"] is None


def test_file_import_creates_and_reuses_teams(make_event):
    event = make_event("import-cup", players=0)
    red = teams.create_team(event, "Red")
    data = b"name,club,team\nAda,X,red\nBo,Y,Green\nCy,Z,\n"
    created = player_import.import_players(event, data, filename="p.csv")
    by_name = {p.name: p for p in created}
    assert by_name["Ada"].team_id == red.pk
    assert by_name["Bo"].team.name == "Green"
    assert by_name["Cy"].team_id is None
    assert sorted(event.teams.values_list("name", flat=True)) == ["Green", "Red"]


def test_bad_team_best_is_refused(teamed):
    event, *_rest = teamed
    for bad in (0, -1, "two", 1000):
        with pytest.raises(ValidationError):
            teams.set_team_best(event, bad)
    assert type(event).objects.get(pk=event.pk).team_best is None
