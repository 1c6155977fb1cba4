"""Seating an event: generate a draft, read its quality, swap, publish; page, API and task."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, SeatingDraft
from tournament.rounds.services import seats
from tournament.seating import services as seating_service

pytestmark = pytest.mark.django_db(transaction=True)  # the task runs on commit


@pytest.fixture(autouse=True)
def eager_tasks():
    """Run the generation task in-process even when a broker is configured (the services
    suite): these tests are about the seating flow, not the queue."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def url(event, tail=""):
    return f"/api/events/{event.slug}/seating/{tail}"


def test_generate_swap_publish_through_the_api(make_event, director_api):
    event = make_event("sixteen", players=16)
    response = director_api.post(
        url(event), {"first_round": 1, "rounds": 5, "seed": "7"}, format="json"
    )
    assert response.status_code == 201, response.content
    draft = response.json()
    assert draft["status"] == "ready"
    assert draft["quality"]["repeats"] == 0 and draft["quality"]["lower_bound"] == 0
    assert draft["quality"]["wind_imbalance"] <= draft["quality"]["wind_ideal"]
    assert len(draft["schedule"]) == 5 and all(len(r) == 4 for r in draft["schedule"])
    assert director_api.get(url(event)).json()["id"] == draft["id"]

    table = draft["schedule"][1]
    a, b = table[0][0], table[1][0]
    swapped = director_api.post(
        url(event, f"{draft['id']}/swap/"), {"round": 2, "a": a, "b": b}, format="json"
    ).json()
    assert swapped["schedule"][1][0][0] == b and swapped["quality"]["repeats"] > 0

    published = director_api.post(url(event, f"{draft['id']}/publish/"), {}, format="json")
    assert published.status_code == 200 and published.json()["status"] == "published"
    assert event.rounds.count() == 5
    assert Seat.objects.filter(round__event=event).count() == 80
    first = event.rounds.get(number=1).tables.get(number=1)
    assert [s.player_id for s in first.seats.all()] == draft["schedule"][0][0]


def test_next_round_given_the_played_ones_and_substitutes(make_event, director):
    event = make_event("eighteen", players=18, rounds=1)
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    seats.seat_round(event.rounds.get(number=1), [ids[i : i + 4] for i in range(0, 16, 4)])
    round1 = list(
        Seat.objects.filter(round__number=1).order_by("pk").values_list("pk", "player_id")
    )
    draft = seating_service.start_draft(
        event, director, first_round=2, rounds=1, fill="substitutes"
    )
    draft = seating_service.run_draft(draft)
    assert draft.status == SeatingDraft.Status.READY
    assert len(draft.schedule[0]) == 5  # 18 players + 2 substitutes
    assert draft.quality["repeats"] == 0  # nobody meets a round-1 opponent again
    seating_service.publish(draft)
    subs = Player.objects.filter(event=event, is_substitute=True)
    assert subs.count() == 2
    assert Seat.objects.filter(round__number=2, round__event=event).count() == 20
    assert (
        list(Seat.objects.filter(round__number=1).order_by("pk").values_list("pk", "player_id"))
        == round1
    )


def test_bad_requests_and_rights(make_event, director_api, other_director):
    event = make_event("twelve", players=12, rounds=1, seated=True)
    Round.objects.filter(event=event, number=1).update(status=Round.Status.LIVE)
    bad = director_api.post(url(event), {"first_round": 1, "rounds": 2}, format="json")
    assert bad.status_code == 400 and "first_round" in bad.json()
    assert (
        director_api.post(url(event), {"first_round": 2, "rounds": 0}, format="json").status_code
        == 400
    )
    from rest_framework.test import APIClient

    stranger = APIClient()
    stranger.force_authenticate(other_director)
    assert (
        stranger.post(url(event), {"first_round": 2, "rounds": 1}, format="json").status_code == 403
    )
    assert stranger.get(url(event)).status_code == 403


def test_director_page_flow(make_event, director):
    event = make_event("page-cup", players=16)
    client = Client()
    client.force_login(director)
    response = client.post(
        f"/director/{event.slug}/seating/",
        {
            "generate": "1",
            "first_round": "1",
            "rounds": "3",
            "method": "balanced",
            "fill": "substitutes",
            "avoid_club_weight": "1",
            "avoid_country_weight": "0",
            "seed": "3",
        },
    )
    assert response.status_code == 302
    page = client.get(f"/director/{event.slug}/seating/")
    assert page.status_code == 200
    assert b"data-repeats>0<" in page.content
    client.post(f"/director/{event.slug}/seating/", {"publish": "1"})
    assert event.rounds.count() == 3
    printed = client.get(f"/director/{event.slug}/rounds/2/print/").content.decode()
    assert "By player name" in printed and "Player 01" in printed


def test_a_swap_reports_the_generator_s_quality_and_keeps_strangers_out(
    make_event, director, other_director
):
    event = make_event("clubs", players=16)
    event.players.filter(pk__in=list(event.players.values_list("pk", flat=True))[:8]).update(
        club="Dragons"
    )
    draft = seating_service.run_draft(
        seating_service.start_draft(event, director, first_round=1, rounds=3)
    )
    before = {k: v for k, v in draft.quality.items() if k != "construction"}
    assert before["same_club"] > 0, "clubs must meet for the check to mean anything"
    a, b = draft.schedule[0][0][0], draft.schedule[0][1][0]
    seating_service.swap(draft, 1, a, b)
    draft = seating_service.swap(draft, 1, a, b)  # and back
    after = {k: v for k, v in draft.quality.items() if k not in ("construction", "swapped")}
    assert after == before

    stranger = make_event("elsewhere", players=4, owner=other_director).players.first()
    with pytest.raises(ValidationError):
        seating_service.swap(draft, 1, a, stranger.pk)
    assert stranger.pk not in {p for t in draft.schedule[0] for p in t}
