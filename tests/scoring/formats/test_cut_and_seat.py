"""The cut and the seating of the stage's first round are one step: a seating refused (a group
that is not a multiple of four without byes) answers 4xx and leaves the cut unconfirmed
(issue 43 item 30)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.standings.services.reconcile import reconcile_event
from tests.support.playing import close, play_round
from tournament.formats.models import CutDecision
from tournament.formats.services import stages
from tournament.players import services as players
from tournament.players.models import Player
from tournament.rounds.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def consolation_cup(make_event):
    """Eight classical players, a qualifying round closed, a final of four; the four others
    play on in a consolation group, one of whom has dropped: three left, no byes."""
    event = make_event("cut-cup", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event,
        name="Final",
        first_round=2,
        last_round=2,
        cut_size=4,
        seating="rank",
        rest="consolation",
    )
    close(play_round(event, 1, [p[:4], p[4:]], [[40, 20, -20, -40], [30, 10, -10, -30]]))
    reconcile_event(event.pk)
    players.update_player(p[7], status=Player.Status.DROPPED)
    return event, final


def test_the_api_cut_with_a_seating_refused_changes_nothing(consolation_cup, director_api):
    event, final = consolation_cup
    url = f"/api/events/{event.slug}/stages/{final.pk}/cut/"
    answer = director_api.post(url, {"chosen": [], "seat": True}, format="json")
    assert answer.status_code == 400, answer.content
    assert "not a multiple of four" in str(answer.json())
    assert not CutDecision.objects.filter(stage=final).exists()
    assert not Seat.objects.filter(round__event=event, round__number=2).exists()
    assert director_api.get(url).json()["confirmed"] is False
    # without the seating, the same cut is confirmed
    assert director_api.post(url, {"chosen": []}, format="json").status_code == 201
    assert CutDecision.objects.filter(stage=final).exists()


def test_the_page_cut_with_a_seating_refused_changes_nothing(consolation_cup, director):
    event, final = consolation_cup
    client = Client()
    client.force_login(director)
    answer = client.post(f"/director/{event.slug}/stages/{final.pk}/cut/", {"seat": "1"})
    assert "not a multiple of four" in answer.content.decode()
    assert not CutDecision.objects.filter(stage=final).exists()
