"""Re-drafting after drops and late arrivals keeps the published seating (issue 19, items 1
and 2)."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, SeatingDraft
from tournament.seating import services as seating_service

pytestmark = pytest.mark.django_db(transaction=True)  # the task runs on commit


@pytest.fixture(autouse=True)
def eager_tasks():
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def published_event(make_event, director, players=28, rounds=9, played=4):
    event = make_event("redraft", players=players)
    Player.objects.filter(event=event).update(club="")  # only repeats matter here
    draft = seating_service.run_draft(
        seating_service.start_draft(event, director, first_round=1, rounds=rounds, seed=5)
    )
    assert draft.quality["repeats"] == 0
    seating_service.publish(draft)
    Round.objects.filter(event=event, number__lte=played).update(status=Round.Status.CLOSED)
    return event


def seats(event, first):
    return sorted(
        Seat.objects.filter(round__event=event, round__number__gte=first).values_list(
            "round__number", "table__number", "wind", "player_id"
        )
    )


def drop(event, *players):
    for player in players:
        player_services.update_player(player, status=Player.Status.DROPPED)


def test_published_rounds_that_seat_dropped_players_are_named(make_event, director):
    event = published_event(make_event, director)
    gone = list(event.players.order_by("pk")[:2])
    drop(event, *gone)
    affected = seating_service.affected_rounds(event)
    assert [r.number for r in affected] == [5, 6, 7, 8, 9]
    assert all(r.dropped == tuple(sorted(p.name for p in gone)) for r in affected)
    assert all(r.can_redraft for r in affected)


def test_a_redraft_keeps_the_plan_and_moves_only_the_dropped_seats(make_event, director):
    event = published_event(make_event, director)
    before = seats(event, 1)
    gone = list(event.players.order_by("pk")[:2])
    drop(event, *gone)
    draft = seating_service.run_draft(seating_service.start_redraft(event, director))
    assert draft.status == SeatingDraft.Status.READY
    assert (draft.first_round, draft.round_count) == (5, 5)
    # the web path used to give 16 repeats here; the plan has none
    assert draft.quality["repeats"] == 0
    # two substitutes take the two empty seats of each round, nobody else moves
    assert draft.quality["moved"] == 2 * 5
    assert draft.quality["replans"] == 5
    seating_service.publish(draft)
    after = seats(event, 1)
    gone_ids = {p.pk for p in gone}
    changed = set(before) ^ set(after)
    assert {s[3] for s in changed} - gone_ids <= set(
        event.players.filter(is_substitute=True).values_list("pk", flat=True)
    )
    assert [s for s in after if s[0] <= 4] == [s for s in before if s[0] <= 4]
    assert seating_service.affected_rounds(event) == []


def test_a_late_player_is_named_and_seated_by_the_redraft(make_event, director):
    event = published_event(make_event, director, players=24, rounds=6, played=2)
    late = player_services.add_player(event, name="Late Arrival")
    affected = seating_service.affected_rounds(event)
    assert [r.number for r in affected] == [3, 4, 5, 6]
    assert affected[0].missing == ("Late Arrival",)
    draft = seating_service.run_draft(seating_service.start_redraft(event, director))
    assert all(any(late.pk in t for t in tables) for tables in draft.schedule)
    assert draft.quality["repeats"] <= 3
    assert draft.quality["moved"] < 4 * 6 * 4  # far from everything


def test_a_live_round_is_named_but_not_redrafted(make_event, director):
    event = published_event(make_event, director, players=16, rounds=3, played=1)
    Round.objects.filter(event=event, number=2).update(status=Round.Status.LIVE)
    drop(event, event.players.order_by("pk").first())
    affected = seating_service.affected_rounds(event)
    assert [(r.number, r.can_redraft) for r in affected] == [(2, False), (3, True)]
    draft = seating_service.start_redraft(event, director)
    assert (draft.first_round, draft.round_count) == (3, 1)


def test_pages_say_which_rounds_and_offer_the_redraft(make_event, director):
    event = published_event(make_event, director)
    gone = event.players.order_by("pk").first()
    client = Client()
    client.force_login(director)
    response = client.post(
        f"/director/{event.slug}/players/{gone.pk}/status/", {"status": "dropped"}, follow=True
    )
    assert "round(s) 5, 6, 7, 8, 9" in response.content.decode()
    rounds_page = client.get(f"/director/{event.slug}/rounds/").content.decode()
    assert "data-seating-alerts" in rounds_page and gone.name in rounds_page
    assert 'name="redraft"' in rounds_page
    client.post(f"/director/{event.slug}/seating/", {"redraft": "1"})
    page = client.get(f"/director/{event.slug}/seating/").content.decode()
    assert "Draft for rounds 5 to 9" in page
    assert "data-moved>5<" in page  # one substitute, one seat a round
    assert "data-repeats>0<" in page
