"""Round status moves (issue 16): forward one step at a time, live only after every earlier
round, back only with a reason (recorded); the event leaves Draft when a round goes live;
time and length bounded in the service; the clock started, paused and extended."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, RoundStatusChange
from tournament.rounds.reading.clock import clock_of


@pytest.fixture
def four(make_event):
    return make_event("four-rounds", players=8, rounds=4, seated=True)


def status(event, number) -> str:
    return event.rounds.get(number=number).status


def test_round_4_cannot_go_live_before_round_2(four):
    round_services.update_round(four.rounds.get(number=1), status=Round.Status.LIVE)
    with pytest.raises(ValidationError) as caught:
        round_services.update_round(four.rounds.get(number=4), status=Round.Status.LIVE)
    assert "cannot start before round 2, 3" in caught.value.messages[0]
    assert status(four, 4) == Round.Status.SEATED


def test_a_closed_round_reopens_only_with_a_reason(four, director):
    round1 = four.rounds.get(number=1)
    round_services.update_round(round1, status=Round.Status.LIVE)
    round_services.update_round(round1, status=Round.Status.CLOSED)
    with pytest.raises(ValidationError) as caught:
        round_services.update_round(round1, status=Round.Status.LIVE)
    assert "needs a reason" in caught.value.messages[0]
    assert status(four, 1) == Round.Status.CLOSED
    round_services.update_round(round1, status=Round.Status.LIVE, reason="Result typo", by=director)
    change = RoundStatusChange.objects.get()
    assert (change.old_status, change.new_status, change.reason, change.changed_by) == (
        "closed",
        "live",
        "Result typo",
        director,
    )


def test_the_event_leaves_draft_when_a_round_goes_live(four):
    assert Event.objects.get(pk=four.pk).status == Event.Status.DRAFT
    round_services.update_round(four.rounds.get(number=1), status=Round.Status.LIVE)
    assert Event.objects.get(pk=four.pk).status == Event.Status.RUNNING


@pytest.mark.parametrize("length", [0, 10**9, 10**12, 24 * 60 + 1])
def test_length_is_bounded_in_the_service(four, length):
    with pytest.raises(ValidationError) as caught:
        round_services.update_round(four.rounds.get(number=1), length_minutes=length)
    assert "length_minutes" in caught.value.message_dict
    with pytest.raises(ValidationError):
        round_services.create_round(four, number=9, length_minutes=length)


def test_a_start_in_year_9999_is_refused(four):
    with pytest.raises(ValidationError) as caught:
        round_services.update_round(
            four.rounds.get(number=1), starts_at=datetime(9999, 12, 31, 23, 0, tzinfo=UTC)
        )
    assert "between the years" in caught.value.message_dict["starts_at"][0]


def test_the_rounds_form_refuses_10_to_the_9_minutes(four, director):
    client = Client()
    client.force_login(director)
    answer = client.post(f"/director/{four.slug}/rounds/", {"number": 9, "length_minutes": 10**9})
    assert answer.status_code == 200
    assert "A round lasts from 1 to 1440 minutes" in answer.content.decode()
    assert not four.rounds.filter(number=9).exists()


def test_projector_json_survives_an_old_row_in_year_9999(four, client):
    round1 = four.rounds.get(number=1)
    round_services.update_round(round1, status=Round.Status.LIVE)
    Round.objects.filter(pk=round1.pk).update(
        starts_at=datetime(9999, 12, 31, 23, 0, tzinfo=UTC),
        clock_started_at=datetime(9999, 12, 31, 23, 0, tzinfo=UTC),
        length_minutes=30000,
    )
    Event.objects.filter(pk=four.pk).update(is_public=True)
    answer = client.get(f"/e/{four.slug}/projector.json")
    assert answer.status_code == 200


def test_a_live_round_does_not_count_down_to_its_scheduled_start(four, client):
    round1 = four.rounds.get(number=1)
    round_services.update_round(round1, starts_at=timezone.now() + timedelta(hours=2))
    round_services.update_round(round1, status=Round.Status.LIVE)
    Event.objects.filter(pk=four.pk).update(is_public=True)
    feed = client.get(f"/e/{four.slug}/projector.json").json()
    assert feed["clock"]["state"] == "running"
    assert feed["clock"]["starts_at"] is None  # nothing to count down to
    assert 119 * 60 <= feed["clock"]["remaining_seconds"] <= 120 * 60


def test_clock_pause_resume_and_extend(four):
    round1 = four.rounds.get(number=1)
    round_services.update_round(round1, status=Round.Status.LIVE)
    started = timezone.now() - timedelta(minutes=30)
    Round.objects.filter(pk=round1.pk).update(clock_started_at=started)
    round1.refresh_from_db()
    round_services.round_clock_action(round1, "pause")
    Round.objects.filter(pk=round1.pk).update(
        clock_paused_at=timezone.now() - timedelta(minutes=10)
    )
    round1.refresh_from_db()
    paused = clock_of(round1, timezone.now())
    assert paused.state == "paused" and abs(paused.remaining_seconds - 100 * 60) <= 2
    round_services.round_clock_action(round1, "resume")
    round_services.round_clock_action(round1, "extend", minutes=5)
    running = clock_of(round1, timezone.now())
    assert running.state == "running" and abs(running.remaining_seconds - 105 * 60) <= 2
    with pytest.raises(ValidationError):
        round_services.round_clock_action(round1, "extend", minutes=10**6)


def test_going_back_on_the_rounds_page_needs_a_reason(four, director):
    client = Client()
    client.force_login(director)
    round1 = four.rounds.get(number=1)
    round_services.update_round(round1, status=Round.Status.LIVE)
    url = f"/director/{four.slug}/rounds/1/status/"
    client.post(url, {"status": "seated"})
    assert status(four, 1) == Round.Status.LIVE
    client.post(url, {"status": "seated", "reason": "Started by mistake"})
    assert status(four, 1) == Round.Status.SEATED
