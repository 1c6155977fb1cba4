"""The JSON archive keeps teams, stages and cut decisions; ``verify`` checks stage and team
standings as it does the event's."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from scoring import exports
from scoring.formats.services import confirm_cut
from scoring.standings.models import FormatStandings
from scoring.standings.services.reconcile import reconcile_event
from scoring.verify import format_differences
from tests.support.formats import ROUND_ONE
from tests.support.playing import close
from tournament.events.models import Event
from tournament.formats.models import CutDecision, Stage
from tournament.formats.services import stages, teams
from tournament.players.models import Team


def _cup(make_event, play, director):
    event = make_event("archive-cup", players=8, ruleset="mcr")
    p = list(event.players.order_by("pk"))
    red, blue = teams.create_team(event, "Red"), teams.create_team(event, "Blue")
    for i, player in enumerate(p):
        teams.set_team(player, red if i < 4 else blue)
    teams.set_team_best(event, 3)
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event, name="Final", first_round=2, last_round=2, cut_size=4, carry="half"
    )
    close(play(event, 1, [p[:4], p[4:]], ROUND_ONE["mcr"]))
    confirm_cut(final, director, [p[6].pk])
    reconcile_event(event.pk)
    return event, p


@pytest.mark.django_db(transaction=True)
def test_archive_round_trips_teams_stages_and_cuts(make_event, play, director):
    event, p = _cup(make_event, play, director)
    original = exports.archive_json(event)
    data = json.loads(original)
    assert [t["name"] for t in data["teams"]] == ["Red", "Blue"]
    assert [s["name"] for s in data["stages"]] == ["Qualifying", "Final"]
    assert data["cut_decisions"][0]["chosen"] == [p[6].pk]
    assert data["cut_decisions"][0]["decided_by"] == "dir"
    assert data["event"]["team_best"] == 3
    formats = FormatStandings.objects.get(event=event).data
    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists()

    imported = exports.import_event(json.loads(original), create_users=True)

    assert exports.archive_json(imported) == original
    assert Team.objects.filter(event=imported).count() == 2
    assert CutDecision.objects.get(stage__event=imported).qualified == [
        p[4].pk,
        p[0].pk,
        p[1].pk,
        p[6].pk,
    ]
    assert FormatStandings.objects.get(event=imported).data == formats  # reconciled on commit
    assert format_differences(imported) == []


@pytest.mark.django_db
def test_an_archive_player_in_a_team_outside_the_archive_is_refused(make_event, play, director):
    event, _p = _cup(make_event, play, director)
    data = json.loads(exports.archive_json(event))
    data["event"]["slug"] = "elsewhere"
    data["teams"] = data["teams"][:1]
    with pytest.raises(exports.ArchiveError, match="refers to team"):
        exports.import_event(data)


@pytest.mark.django_db
def test_verify_finds_stage_and_team_standings_that_differ(make_event, play, director):
    event, p = _cup(make_event, play, director)
    assert format_differences(event) == []
    stored = FormatStandings.objects.get(event=event)
    data = stored.data
    data["stages"]["2"][0][2] = 10**6
    data["teams"][0]["place"] = 2
    FormatStandings.objects.filter(event=event).update(data=data)
    problems = format_differences(event)
    assert any("stage Final" in line for line in problems)
    assert any("team standings" in line for line in problems)
    Stage.objects.filter(event=event)  # unchanged otherwise
