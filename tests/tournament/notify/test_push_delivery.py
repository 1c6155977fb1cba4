"""Seating published, sent by web push to the local push service, which decrypts it: the text,
the Topic and tag, retries on 429 and timeouts, dead subscriptions removed, resends of one
outbox id after a crash."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.notify import services as notify
from tournament.notify.models import Delivery, Message, PushSubscription
from tournament.notify.services import sending
from tournament.rounds import services as round_services
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db


def seat(event, round_, order):
    seats.seat_round(round_, [order[i : i + 4] for i in range(0, len(order), 4)])


@pytest.fixture
def setup(make_event, subscribed):
    event = make_event("push-open", players=8)
    players = list(event.players.order_by("pk"))
    subs = subscribed(players)
    round_ = round_services.create_round(event, number=1)
    return event, players, subs, round_


def test_seating_published_arrives_decrypted(
    setup, push_service, django_capture_on_commit_callbacks
):
    event, players, subs, round_ = setup
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    received = push_service.received
    assert len(received) == 8 and not [r.error for r in received if r.error]
    first = push_service.payloads(subs[players[0].pk])
    assert first[0]["body"] == "Round 1: table 1, East, with Player 02, Player 03, Player 04"
    message = Message.objects.get(player=players[0])
    assert first[0]["tag"] == message.tag == f"m{message.pk}"
    headers = next(r.headers for r in received if r.sub == subs[players[0].pk].id)
    assert headers["Topic"] == message.tag
    assert headers["Content-Encoding"] == "aes128gcm"
    assert headers["Authorization"].startswith("vapid t=")
    assert Delivery.objects.filter(status="sent").count() == 8


def test_publishing_again_sends_nothing(setup, push_service, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    order = [p.pk for p in players]
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, order)
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, order)
    assert len(push_service.received) == 8
    assert Message.objects.count() == 8


def test_correction_only_to_players_who_moved(
    setup, push_service, django_capture_on_commit_callbacks
):
    event, players, subs, round_ = setup
    order = [p.pk for p in players]
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, order)
    swapped = order[:3] + [order[4]] + [order[3]] + order[5:]
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, swapped)
    corrections = list(Message.objects.filter(kind="seating_corrected"))
    # players 4 and 5 moved; their table mates' "others" changed, so they are told too
    moved = {m.player_id for m in corrections}
    assert moved == {p.pk for p in players}
    # a smaller change: swap winds of two players at table 2 only
    again = swapped[:4] + [swapped[5], swapped[4]] + swapped[6:]
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, again)
    third = Message.objects.filter(kind="seating_corrected").exclude(
        pk__in=[m.pk for m in corrections]
    )
    assert set(third.values_list("player_id", flat=True)) == set(again[4:])
    body = push_service.payloads(subs[again[4]])[-1]["body"]
    assert body.startswith("Your seat has changed. Round 1: table 2, East")
    # table 1 got nothing new: one seat message and one correction each
    for pid in again[:4]:
        assert len(push_service.payloads(subs[pid])) == 2


def test_player_language(setup, push_service, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    notify.save_choices(players[0], language="cs", email="", push_on=True, email_on=False, muted=[])
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    text = push_service.payloads(subs[players[0].pk])[0]
    assert text["title"] == "Kolo 1: stůl 1"
    assert text["body"].startswith("Kolo 1: stůl 1, ")
    assert text["body"].endswith("hrajete s: Player 02, Player 03, Player 04")
    other = push_service.payloads(subs[players[1].pk])[0]
    assert other["title"] == "Round 1: table 1"


def test_muted_kind_is_not_sent(setup, push_service, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    notify.save_choices(
        players[0], language="", email="", push_on=True, email_on=False, muted=["push:seating"]
    )
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    assert push_service.payloads(subs[players[0].pk]) == []
    assert len(push_service.received) == 7


def test_429_is_retried_with_backoff(setup, push_service, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    push_service.mode = "429"
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    pending = Delivery.objects.filter(status="pending")
    assert pending.count() == 8
    assert all(d.not_before > timezone.now() and d.error == "HTTP 429" for d in pending)
    push_service.mode = "201"
    Delivery.objects.update(not_before=timezone.now() - timedelta(seconds=1))
    sending.dispatch_until_empty()
    assert Delivery.objects.filter(status="sent").count() == 8
    assert Delivery.objects.get(message__player=players[0]).attempts == 2


def test_gone_subscription_is_removed(setup, push_service, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    subs[players[0].pk].mode = "410"
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    assert not PushSubscription.objects.filter(player=players[0]).exists()
    assert Delivery.objects.get(message__player=players[0]).status == "failed"
    assert PushSubscription.objects.count() == 7


def test_hanging_service_times_out_and_is_retried(
    setup, push_service, settings, django_capture_on_commit_callbacks
):
    event, players, subs, round_ = setup
    settings.NOTIFY_PUSH_READ_TIMEOUT = 0.3
    push_service.hang_seconds = 1.0
    subs[players[0].pk].mode = "hang"
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    late = Delivery.objects.get(message__player=players[0])
    assert late.status == "pending" and late.error == "timeout"
    assert Delivery.objects.filter(status="sent").count() == 7


def test_resend_after_crash_carries_the_same_id(
    setup, push_service, settings, django_capture_on_commit_callbacks
):
    """Sent, but the worker died before recording it: the lease runs out, the message goes
    again with the same Topic and tag."""
    event, players, subs, round_ = setup
    notify_ids = []
    with django_capture_on_commit_callbacks(execute=False) as seated:
        seat(event, round_, [p.pk for p in players])
    with django_capture_on_commit_callbacks(execute=False):  # the messages, not the dispatch
        for callback in seated:
            callback()
    claimed = sending.claim(3)
    for delivery in claimed:  # sent, never recorded (the worker "died")
        outcome = sending._push(delivery, "en", {})
        assert outcome.state == "sent"
        notify_ids.append(delivery.message.tag)
    Delivery.objects.filter(pk__in=[d.pk for d in claimed]).update(
        leased_until=timezone.now() - timedelta(seconds=1)
    )
    sending.dispatch_until_empty()
    tags = [r.headers["Topic"] for r in push_service.received]
    assert len(tags) == 11
    assert sorted(t for t in set(tags) if tags.count(t) == 2) == sorted(notify_ids)
    assert all(r.payload["tag"] == r.headers["Topic"] for r in push_service.received)
    assert Delivery.objects.filter(status="sent").count() == 8


def test_other_events_players_are_ignored(make_event, setup, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    other = make_event("other-open", players=4)
    outsider = other.players.first()
    assert (
        notify.enqueue_players(event, "test", "x", {outsider.pk: {"event": "x", "slug": "x"}}) == 0
    )


def test_switched_off_event_sends_nothing(setup, push_service, django_capture_on_commit_callbacks):
    event, players, subs, round_ = setup
    notify.save_event_settings(event, enabled=False)
    with django_capture_on_commit_callbacks(execute=True):
        seat(event, round_, [p.pk for p in players])
    assert push_service.received == [] and not Message.objects.exists()
