"""Loose ends that told outsiders more than they should: private events answer exactly like
missing ones, /healthz says only up or down to anonymous callers and checks the worker at a
limited pace, the API throttles anonymous reads and writes, and a non-director creating an
event with a taken slug gets 403 (not a 400 that says the slug exists)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from config.throttles import AnonReadThrottle, WriteThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def private(make_event):
    return make_event("secret-open", public=False, rounds=1, seated=True)


@pytest.mark.parametrize(
    "path",
    [
        "/referee/{slug}/",
        "/referee/{slug}/fouls/",
        "/referee/{slug}/r1/t1/",
        "/e/{slug}/",
        "/director/{slug}/",
        "/api/events/{slug}/",
        "/api/events/{slug}/players/",
        "/api/events/{slug}/fouls/",
        "/api/events/{slug}/ledger/",
        "/api/events/{slug}/standings/",
    ],
)
@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_private_event_answers_exactly_like_a_missing_one(private, make_user, path, who):
    client = Client()
    if who == "outsider":
        client.force_login(make_user("outsider"))
    hidden = client.get(path.format(slug=private.slug))
    missing = client.get(path.format(slug="no-such-event"))
    if who == "anonymous" and hidden.status_code == 302:
        assert missing.status_code == 302  # both ask to log in first
        return
    assert hidden.status_code == missing.status_code == 404, (hidden, missing)
    if path.startswith("/api/"):
        assert hidden.json() == missing.json()
    else:
        assert hidden.content == missing.content


def test_healthz_says_only_up_to_anonymous_callers(private):
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "up"}


def test_healthz_details_for_staff(admin_client):
    assert admin_client.get("/healthz").json() == {"status": "up", "database": "ok"}


def test_the_worker_check_is_made_at_most_once_per_interval(monkeypatch, private, settings):
    calls = []

    class Result:
        def get(self, timeout):
            return {"events": 99}

    from tournament.health import tasks

    monkeypatch.setattr(tasks.health_check, "delay", lambda: calls.append(1) or Result())
    settings.HEALTHZ_WORKER_SECONDS = 60
    for _ in range(20):
        response = Client().get("/healthz?worker=1")
        assert response.json() == {"status": "up"}
        assert b"99" not in response.content
    assert len(calls) == 1


def test_healthz_is_down_when_the_worker_is(monkeypatch, admin_client):
    class Broken:
        def get(self, timeout):
            raise TimeoutError

    from tournament.health import tasks

    monkeypatch.setattr(tasks.health_check, "delay", lambda: Broken())
    response = Client().get("/healthz?worker=1")
    assert response.status_code == 503
    assert response.json() == {"status": "down"}


def test_anonymous_api_reads_are_throttled(monkeypatch, event):
    monkeypatch.setattr(AnonReadThrottle, "THROTTLE_RATES", {"anon_read": "3/min"})
    client = APIClient()
    codes = [client.get(f"/api/events/{event.slug}/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_api_writes_are_throttled_per_user(monkeypatch, event, director_api):
    monkeypatch.setattr(WriteThrottle, "THROTTLE_RATES", {"write": "2/min"})
    codes = [
        director_api.patch(
            f"/api/events/{event.slug}/", {"venue": f"Hall {i}"}, format="json"
        ).status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 429]
    # Reads by the same user are not writes.
    assert director_api.get(f"/api/events/{event.slug}/").status_code == 200


def test_writes_go_through_when_the_throttle_cache_is_unreachable(monkeypatch, event, director_api):
    """Redis down must not turn a referee's write into a 500 (the faults test on the services
    run found it): the throttle's counter lives in a cache nobody answers at."""
    from django.core.cache.backends.redis import RedisCache

    unreachable = RedisCache("redis://127.0.0.1:1/0", {})
    monkeypatch.setattr(WriteThrottle, "cache", unreachable)
    monkeypatch.setattr(WriteThrottle, "THROTTLE_RATES", {"write": "2/min"})
    codes = [
        director_api.patch(
            f"/api/events/{event.slug}/", {"venue": f"Hall {i}"}, format="json"
        ).status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 200]


def test_a_non_director_creating_an_event_with_a_taken_slug_gets_403(event, make_user):
    client = APIClient()
    client.force_authenticate(make_user("someone"))
    body = {"name": "Copy", "slug": event.slug, "ruleset": "mcr"}
    assert client.post("/api/events/", body, format="json").status_code == 403
    body["slug"] = "a-fresh-slug"
    assert client.post("/api/events/", body, format="json").status_code == 403
