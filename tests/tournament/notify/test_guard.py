"""A push subscription is checked before it is stored, and an endpoint before each POST: a
clear message for each fault, nothing stored."""

from __future__ import annotations

import io
import json

import pytest
from django.core.exceptions import ValidationError

from tests.support.push import PushService
from tournament.notify import services as notify
from tournament.notify.models import PushSubscription
from tournament.notify.reading import guard


@pytest.fixture
def good():
    service = PushService()
    service.port = 1
    sub = service.subscribe()
    return sub.info()


def with_endpoint(info, endpoint):
    return json.dumps({**info, "endpoint": endpoint})


@pytest.mark.parametrize(
    "endpoint, message",
    [
        ("http://push.example.com/x", "must use https"),
        ("https://127.0.0.1/x", "public address"),
        ("https://10.1.2.3/x", "public address"),
        ("https://169.254.169.254/latest", "public address"),
        ("https://[::1]/x", "public address"),
        ("https://[::ffff:192.168.0.1]/x", "public address"),
        ("https://localhost/x", "public address"),
        # IPv6 addresses that carry a loopback or private IPv4 one (issue 43, item 22)
        ("https://[::127.0.0.1]/x", "public address"),
        ("https://[64:ff9b::7f00:1]/x", "public address"),
        ("https://[64:ff9b::a00:1]/x", "public address"),
        ("https://[64:ff9b:1::c0a8:1]/x", "public address"),
        ("https://[2002:7f00:1::1]/x", "public address"),
        ("https://[::ffff:0:7f00:1]/x", "public address"),
        ("https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", "public address"),
        ("ftp://push.example.com/x", "must use https"),
        ("https://user:pw@push.example.com/x", "not a valid address"),
        ("", "missing"),
    ],
)
def test_refused_endpoints(good, endpoint, message):
    with pytest.raises(ValidationError) as caught:
        guard.parse_subscription(with_endpoint(good, endpoint))
    assert message in " ".join(caught.value.messages)


@pytest.mark.parametrize(
    "endpoint",
    ["https://8.8.8.8/push/1", "https://[2001:4860:4860::8888]/p", "https://[64:ff9b::808:808]/p"],
)
def test_public_address_accepted(good, endpoint):
    assert guard.parse_subscription(with_endpoint(good, endpoint)).endpoint == endpoint


def test_allowed_test_host(settings, good):
    endpoint = "http://127.0.0.1:9/push/1"
    with pytest.raises(ValidationError):
        guard.check_endpoint(endpoint)
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = ["127.0.0.1:9"]
    assert guard.check_endpoint(endpoint) == endpoint


@pytest.mark.parametrize(
    "body, message",
    [
        (b"not json", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        (b"[]", "no keys"),
        (b'{"endpoint": "https://8.8.8.8/x"}', "no keys"),
        (b"x" * 5000, "too large"),
    ],
)
def test_malformed_subscriptions(body, message):
    with pytest.raises(ValidationError) as caught:
        guard.parse_subscription(body)
    assert message in " ".join(caught.value.messages)


def test_keys_of_wrong_length(good):
    info = {**good, "endpoint": "https://8.8.8.8/x"}
    for key, value, message in [
        ("auth", "AAAA", "3 bytes, not 16"),
        ("p256dh", good["keys"]["auth"], "16 bytes, not 65"),
        ("p256dh", "!!notbase64!!", "not base64"),
        ("auth", None, "missing"),
    ]:
        bad = {**info, "keys": {**info["keys"], key: value}}
        with pytest.raises(ValidationError) as caught:
            guard.parse_subscription(json.dumps(bad))
        assert message in " ".join(caught.value.messages)


@pytest.mark.django_db
def test_nothing_stored_for_a_bad_subscription(make_event, good):
    event = make_event(players=4)
    player = event.players.first()
    with pytest.raises(ValidationError):
        notify.subscribe(player, with_endpoint(good, "https://192.168.1.1/x"))
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_rotation_retires_old_subscriptions(make_event, push_service, vapid_key):
    from django.core.management import call_command

    from tournament.notify.services import vapid

    event = make_event(players=4)
    player = event.players.first()
    old_key = vapid.public_key()
    notify.subscribe(player, push_service.subscribe().json())
    call_command("notify_vapid", "--rotate", stdout=io.StringIO())
    assert vapid.public_key() != old_key
    assert notify.enqueue_players(event, "test", "after-rotation", {player.pk: {"event": "x"}}) == 0
    notify.subscribe(player, push_service.subscribe().json())
    assert notify.enqueue_players(event, "test", "after-rotation", {player.pk: {"event": "x"}}) == 1
