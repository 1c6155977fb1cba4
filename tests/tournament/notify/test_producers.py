"""Each producer's message, decrypted at the local push service: hands waiting for
confirmation, disputed and corrected; a penalty; the cut; an announcement the director chose to
push; the round starting in 10 minutes; the final ranking."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from penalties import services as penalties
from scoring.formats import services as cuts
from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from scoring.standings.notices import final_ranking_notices
from tests.support.playing import close, play_round
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.formats.services import stages
from tournament.hall import services as hall_services
from tournament.notify.models import Message
from tournament.notify.services.producers import remind_rounds
from tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db


def texts(push_service, subs, player):
    return [(p["title"], p["body"]) for p in push_service.payloads(subs[player.pk])]


@pytest.fixture
def live_hall(make_hall, subscribed, django_capture_on_commit_callbacks):
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    subs = subscribed([hall.east, hall.south, hall.west, hall.north])
    table = hall.event.rounds.get(number=1).tables.select_related("round__event").get(number=1)
    return hall, subs, table


def test_hand_waits_for_confirmation_then_disputed_and_corrected(
    live_hall, push_service, django_capture_on_commit_callbacks
):
    hall, subs, table = live_hall
    with django_capture_on_commit_callbacks(execute=True):
        sheets.add_hand(
            table,
            {"kind": "draw"},
            author=Author(player=hall.east),
            number=1,
            idempotency_key=uuid.uuid4().hex,
        )
    assert texts(push_service, subs, hall.east) == []
    assert texts(push_service, subs, hall.south) == [
        (
            "A hand waits for your confirmation",
            "Round 1, table 1, hand 1: please confirm it.",
        )
    ]
    with django_capture_on_commit_callbacks(execute=True):
        sheets.dispute_hand(table, 1, author=Author(player=hall.south), version=1, reason="no")
    assert texts(push_service, subs, hall.east)[-1] == (
        "Your hand was disputed",
        "Round 1, table 1, hand 1 was disputed; a referee will look at it.",
    )
    assert len(texts(push_service, subs, hall.south)) == 1  # the disputer is not told
    with django_capture_on_commit_callbacks(execute=True):
        sheets.correct_hand(
            table,
            1,
            {"kind": "draw"},
            author=Author(user=hall.head),
            idempotency_key=uuid.uuid4().hex,
            based_on_version=1,
            reason="checked",
        )
    assert texts(push_service, subs, hall.west)[-1] == (
        "Your hand was corrected",
        "Round 1, table 1, hand 1 was corrected.",
    )


def test_penalty_message(live_hall, push_service, django_capture_on_commit_callbacks):
    hall, subs, table = live_hall
    with django_capture_on_commit_callbacks(execute=True):
        report, created = penalties.record_foul(
            hall.event,
            hall.floor,
            penalties.FoulInput(
                round=1,
                table=1,
                offender=hall.south.pk,
                code="short_hand",
                explanation="Thirteen tiles after the kong.",
                idempotency_key="p-1",
            ),
        )
    title, body = texts(push_service, subs, hall.south)[0]
    assert title.startswith("Penalty: ") and len(title) > len("Penalty: ")
    assert body.startswith("Round 1, table 1: ")
    assert "The referee's explanation: Thirteen tiles after the kong." in body
    assert body.endswith("To appeal, speak to the head referee before the round ends.")
    assert texts(push_service, subs, hall.east) == []
    with django_capture_on_commit_callbacks(execute=True):  # a replay sends nothing
        penalties.record_foul(
            hall.event,
            hall.floor,
            penalties.FoulInput(
                round=1, table=1, offender=hall.south.pk, code="short_hand", idempotency_key="p-1"
            ),
        )
    assert len(texts(push_service, subs, hall.south)) == 1


def test_announcement_pushed_only_when_chosen(
    live_hall, push_service, django_capture_on_commit_callbacks
):
    hall, subs, table = live_hall
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(hall.event, "Lunch at noon")
        hall_services.add_announcement(hall.event, "Round 2 starts at 14:00", push=True)
    assert texts(push_service, subs, hall.north) == [
        (f"Announcement: {hall.event.name}", "Round 2 starts at 14:00")
    ]


def test_round_starts_in_ten_minutes(
    make_event, subscribed, push_service, django_capture_on_commit_callbacks
):
    event = make_event("soon-open", players=4)
    players = list(event.players.order_by("pk"))
    subs = subscribed(players)
    now = timezone.now()
    round_ = round_services.create_round(
        event, number=1, starts_at=now + timedelta(minutes=9, seconds=30)
    )
    round_services.create_round(event, number=2, starts_at=now + timedelta(minutes=40))
    with django_capture_on_commit_callbacks(execute=True):
        from tournament.rounds.services import seats

        seats.seat_round(round_, [[p.pk for p in players]])
    with django_capture_on_commit_callbacks(execute=True):
        assert remind_rounds(now) == 4
    with django_capture_on_commit_callbacks(execute=True):
        assert remind_rounds(now + timedelta(minutes=1)) == 0  # once per round and start
    assert texts(push_service, subs, players[0])[-1] == (
        "Round 1 starts in 10 minutes",
        "Round 1: table 1, East, with Player 02, Player 03, Player 04",
    )


def test_cut_and_final_ranking(
    make_event, subscribed, push_service, director, django_capture_on_commit_callbacks
):
    event = make_event("cut-open", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    subs = subscribed(p)
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(event, name="Final", first_round=2, last_round=2, cut_size=4)
    with django_capture_on_commit_callbacks(execute=True):
        close(play_round(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [40, -10, -10, -20]]))
    with django_capture_on_commit_callbacks(execute=True):
        cuts.confirm_cut(final, director, [p[6].pk])
    assert texts(push_service, subs, p[0])[-1] == (
        "The cut after Qualifying",
        "You qualified for Final.",
    )
    assert texts(push_service, subs, p[3])[-1] == (
        "The cut after Qualifying",
        "You did not qualify for Final.",
    )
    event.refresh_from_db()
    event.status = Event.Status.FINISHED
    with django_capture_on_commit_callbacks(execute=True):
        event_services.save_event(event)
    with django_capture_on_commit_callbacks(execute=True):
        final_ranking_notices()
    with django_capture_on_commit_callbacks(execute=True):
        final_ranking_notices()
    finals = Message.objects.filter(kind="final")
    assert finals.count() == 8
    for message in finals:
        title, body = texts(push_service, subs, message.player)[-1]
        assert title == "Final ranking of Cut Open"
        assert body.startswith("You finished in place ")
