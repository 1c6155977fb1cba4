"""The seating draft page: heading, remembered options, clubs kept apart by default
(issues 16 and 19)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from seating import DEFAULT_GROUP_WEIGHT
from tournament.seating import services as seating_service

pytestmark = pytest.mark.django_db(transaction=True)  # the task runs on commit


@pytest.fixture(autouse=True)
def eager_tasks():
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def generate(client, event, **fields):
    data = {
        "generate": "1",
        "first_round": "2",
        "rounds": "4",
        "method": "balanced",
        "fill": "substitutes",
        "avoid_club_weight": "",
        "avoid_country_weight": "0",
        "seed": "3",
    } | fields
    response = client.post(f"/director/{event.slug}/seating/", data)
    assert response.status_code == 302, response.content
    return client.get(f"/director/{event.slug}/seating/").content.decode()


def field_value(page: str, name: str) -> str:
    match = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page) or re.search(
        rf'value="([^"]*)"[^>]*name="{name}"', page
    )
    return match.group(1) if match else ""


def test_heading_names_first_and_last_round(make_event, director):
    event = make_event("heading", players=16)
    client = Client()
    client.force_login(director)
    page = generate(client, event)
    assert "Draft for rounds 2 to 5" in page
    assert "2 + 4" not in page
    page = generate(client, event, rounds="1")
    assert "Draft for round 2" in page


def test_weights_are_kept_after_generating(make_event, director):
    event = make_event("weights", players=16)
    client = Client()
    client.force_login(director)
    page = generate(client, event, avoid_club_weight="3", avoid_country_weight="1.5", seed="9")
    assert float(field_value(page, "avoid_club_weight")) == 3
    assert float(field_value(page, "avoid_country_weight")) == 1.5
    assert field_value(page, "seed") == "9"


def test_clubs_are_kept_apart_unless_turned_off(make_event, director):
    event = make_event("clubs-default", players=24)  # three clubs of eight
    fresh = Client()
    fresh.force_login(director)
    page = fresh.get(f"/director/{event.slug}/seating/").content.decode()
    assert float(field_value(page, "avoid_club_weight")) == DEFAULT_GROUP_WEIGHT
    draft = seating_service.run_draft(
        seating_service.start_draft(event, director, first_round=1, rounds=4)
    )
    assert draft.options["avoid_club_weight"] == DEFAULT_GROUP_WEIGHT
    off = seating_service.run_draft(
        seating_service.start_draft(event, director, first_round=1, rounds=4, avoid_club_weight=0)
    )
    # 8 of a club at 6 tables: at least 2 same-club meetings per club and round
    assert draft.quality["same_club"] == 3 * 2 * 4 < off.quality["same_club"]
    assert draft.quality["repeats"] == off.quality["repeats"] == 0


def test_byes_are_listed_in_the_draft_and_the_seating_list(make_event, director):
    event = make_event("byes-listed", players=17)
    client = Client()
    client.force_login(director)
    page = generate(client, event, first_round="1", rounds="2", fill="byes")
    draft = event.seating_drafts.first()
    seated = {p for t in draft.schedule[0] for p in t}
    out = event.players.exclude(pk__in=seated).get()
    assert page.count("data-byes") == 2 and out.name in page
    seating_service.publish(draft)
    printed = client.get(f"/director/{event.slug}/rounds/1/print/").content.decode()
    assert "Bye in this round" in printed and out.name in printed


def test_substitutes_show_their_real_names_in_a_new_draft(make_event, director):
    event = make_event("sub-names", players=15)
    draft = seating_service.run_draft(
        seating_service.start_draft(event, director, first_round=1, rounds=2)
    )
    seating_service.publish(draft)
    substitute = event.players.get(is_substitute=True)
    substitute.name = "Real Person"
    substitute.save()
    client = Client()
    client.force_login(director)
    page = generate(client, event, first_round="2", rounds="1", seed="5")
    assert "Real Person" in page


def test_teammates_are_kept_apart_unless_turned_off(make_event, director):
    from tournament.formats.services import teams

    event = make_event("teams-default", players=24)
    players = list(event.players.order_by("pk"))
    for number in range(6):
        team = teams.create_team(event, f"Team {number + 1}")
        for player in players[number::6]:  # across the three clubs
            teams.set_team(player, team)
    event.refresh_from_db()
    assert event.has_teams
    apart = seating_service.run_draft(
        seating_service.start_draft(event, director, first_round=1, rounds=4, avoid_club_weight=0)
    )
    assert apart.options["avoid_team_weight"] == DEFAULT_GROUP_WEIGHT
    together = seating_service.run_draft(
        seating_service.start_draft(
            event, director, first_round=1, rounds=4, avoid_club_weight=0, avoid_team_weight=0
        )
    )
    assert apart.quality["same_team"] == 0 < together.quality["same_team"]
    assert apart.quality["repeats"] == together.quality["repeats"] == 0
    client = Client()
    client.force_login(director)
    page = client.get(f"/director/{event.slug}/seating/").content.decode()
    assert "Teammate meetings" in page
    assert float(field_value(page, "avoid_team_weight")) == 0


def test_an_event_without_teams_has_no_team_weight(make_event, director):
    event = make_event("no-teams", players=16)
    client = Client()
    client.force_login(director)
    page = client.get(f"/director/{event.slug}/seating/").content.decode()
    assert 'name="avoid_team_weight"' not in page
