"""Two machines serving one event: two gunicorn processes (each with its own VAR_DIR and port)
and two Celery workers, on one PostgreSQL database and one Redis. Whatever state one node
kept to itself would show here as a brake that does not hold, a page that stays old, a
report stored twice or standings that differ.

A browser (its cookies) sends each request to the node it is given, as a load balancer
would; both nodes share SECRET_KEY, the database and the Redis cache, as "Several machines"
in docs/reference/production.md asks, and nothing else.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from penalties.models import FoulReport
from scoring.results.models import TableResult
from scoring.standings.models import StandingsSnapshot
from scoring.standings.reading.compute import compute
from scoring.standings.services.reconcile import reconcile_event
from tests.integration.conftest import database_url, require_services
from tests.support.servers import celery_worker, gunicorn, server_env
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC_PAGE_SECONDS = 1.0
LOGIN_MAX_FAILURES = 3
PIN_FAILURES_PER_CLIENT = 5


class Browser:
    """One browser: its cookies go with every request, to whichever node serves it."""

    def __init__(self):
        self.cookies: dict[str, str] = {}

    def request(self, base, method, path, *, form=None, body=None, headers=None):
        url = urlsplit(base)
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        sent = dict(headers or {})
        data = None
        if form is not None:
            data = urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body)
            sent["Content-Type"] = "application/json"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            conn.request(method, path, data, sent)
            response = conn.getresponse()
            content = response.read()
        finally:
            conn.close()
        for raw in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(raw)
            for name, morsel in cookie.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return response.status, response.headers, content

    def get(self, base, path, **options):
        return self.request(base, "GET", path, **options)

    def log_in(self, base, username, password) -> int:
        self.get(base, "/api/auth/login/")
        status, _headers, _content = self.request(
            base,
            "POST",
            "/api/auth/login/",
            form={
                "username": username,
                "password": password,
                "csrfmiddlewaretoken": self.cookies["csrftoken"],
            },
        )
        return status

    def sign_in_player(self, base, slug, player_id, pin) -> int:
        if "csrftoken" not in self.cookies:
            self.get(base, f"/e/{slug}/play/?player={player_id}")
        status, _headers, _content = self.request(
            base,
            "POST",
            f"/api/events/{slug}/play/sign-in/",
            body={"player": player_id, "pin": pin},
            headers={"X-CSRFToken": self.cookies["csrftoken"]},
        )
        return status


def api_post(base, path, body, token) -> tuple[int, dict]:
    status, _headers, content = Browser().request(
        base, "POST", path, body=body, headers={"Authorization": f"Token {token}"}
    )
    return status, json.loads(content or b"{}")


def wait_until(condition, timeout: float, what: str) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if condition():
            return time.monotonic() - started
        time.sleep(0.05)
    pytest.fail(f"{what} did not happen within {timeout} s")


def current_revision(event_id: int) -> int | None:
    """The event's revision once its snapshot has caught up with it, else None."""
    revision = Event.objects.values_list("revision", flat=True).get(pk=event_id)
    found = StandingsSnapshot.objects.filter(event_id=event_id, revision=revision).exists()
    return revision if found else None


def forget_cache_prefix(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    try:
        keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture
def nodes(tmp_path, make_hall, make_user, settings):
    """(event hall, node A's URL, node B's URL, the two workers' logs)."""
    require_services()
    # The nodes check passwords with the production hashers, not the tests' fast one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    hall = make_hall("mcr")
    hall.event.keeps_score_sheets = True
    hall.event.players_enter_hands = True
    event_services.save_event(hall.event)
    pins.ensure_pins(hall.event)
    # The set-up's writes queued reconciles on the broker: settle them here, release the claim.
    reconcile_event(hall.event.pk)
    StandingsSnapshot.objects.filter(event=hall.event).update(enqueued_at=None)

    prefix = f"nodes-{uuid.uuid4().hex[:12]}"
    common = {
        # What the nodes share: the key (PINs printed by this process must work on both), the
        # database, the broker and the cache.
        "SECRET_KEY": settings.SECRET_KEY,
        "CACHE_KEY_PREFIX": prefix,
        "PUBLIC_PAGE_SECONDS": str(PUBLIC_PAGE_SECONDS),
        "LOGIN_MAX_FAILURES": str(LOGIN_MAX_FAILURES),
        "PIN_FAILURES_PER_CLIENT": str(PIN_FAILURES_PER_CLIENT),
        "STANDINGS_COALESCE_SECONDS": "0.1",
    }
    env = server_env(database_url(connection.settings_dict), settings.CELERY_BROKER_URL, **common)
    logs = [tmp_path / "worker-a.log", tmp_path / "worker-b.log"]
    # The four processes start at once; leaving the pool waits for every start, and the stack
    # then stops whatever did start (SIGTERM, then SIGKILL to its process group).
    with ExitStack() as stack, ThreadPoolExecutor(4) as pool:
        started = []
        for node, log in zip(("a", "b"), logs, strict=True):
            var_dir = tmp_path / f"node-{node}"
            node_env = dict(env, VAR_DIR=str(var_dir), STATIC_ROOT=str(var_dir / "static"))
            worker = celery_worker(node_env, log, name=f"node-{node}")
            started.append(pool.submit(stack.enter_context, worker))
            started.append(pool.submit(stack.enter_context, gunicorn(node_env, workers=1)))
        bases = [future.result() for future in started][1::2]
        try:
            yield hall, bases[0], bases[1], logs
        finally:
            stack.close()
            forget_cache_prefix(prefix)


def test_two_nodes_share_brakes_pages_replays_and_standings(nodes):
    hall, a, b, logs = nodes
    event = hall.event
    slug = event.slug
    started = time.monotonic()

    # 1a. The login brake tripped through A holds on B, even for the right password.
    user_model = get_user_model()
    user_model.objects.create_user("node-referee", password="right-password-1")
    guesser = Browser()
    for n in range(LOGIN_MAX_FAILURES):
        assert guesser.log_in(a, "node-referee", f"wrong-{n}") == 200  # the form again
    assert guesser.log_in(b, "node-referee", "right-password-1") == 429, (
        "node B did not see the failures counted on node A"
    )

    # 1b. So does the PIN brake: five wrong PINs for one player through A, then the right
    # PIN through B.
    player = Player.objects.get(pk=hall.west.pk)  # with the PIN ensure_pins gave
    right_pin = pins.pin_of(player)
    wrong_pin = f"{(int(right_pin) + 1) % 10**6:06d}"
    phone = Browser()
    for _ in range(PIN_FAILURES_PER_CLIENT):
        assert phone.sign_in_player(a, slug, player.pk, wrong_pin) == 400
    assert phone.sign_in_player(b, slug, player.pk, right_pin) == 429, (
        "node B did not see the wrong PINs counted on node A"
    )
    # Another player's PIN, printed by this process, works on both nodes (one SECRET_KEY).
    north = Player.objects.get(pk=hall.north.pk)
    other = Browser()
    assert other.sign_in_player(a, slug, north.pk, pins.pin_of(north)) == 200
    assert other.sign_in_player(b, slug, north.pk, pins.pin_of(north)) == 200

    # A staff session opened on A is a session on B.
    user_model.objects.create_user("node-director", password="right-password-2")
    staff = Browser()
    assert staff.log_in(a, "node-director", "right-password-2") == 302
    status, headers, _content = staff.get(b, "/referee/")
    assert status == 200, f"B answered {status} {headers.get('Location')}"

    # 2. A write through B refreshes the public pages A keeps for anonymous visitors.
    revision = current_revision(event.pk)
    assert revision is not None
    visitor = Browser()
    page = visitor.get(a, f"/e/{slug}/")[2].decode()
    assert f"standings-{revision}-{revision}-en" in page
    player_path = f"/e/{slug}/players/{hall.south.pk}/"
    _status, player_headers, player_page = visitor.get(a, player_path)
    assert f"-{revision}-{revision}-en" in player_headers["ETag"]
    assert "Short hand" not in player_page.decode()
    visitor.get(a, f"/e/{slug}/")  # kept by A, within its PUBLIC_PAGE_SECONDS
    assert "sessionid" not in visitor.cookies

    floor_token = Token.objects.create(user=hall.floor).key
    fouls = f"/api/events/{slug}/fouls/"
    body = {"round": 1, "table": 1, "offender": hall.south.pk, "code": "short_hand"}
    assert api_post(b, fouls, body | {"idempotency_key": "via-b-1"}, floor_token)[0] == 201
    wait_until(lambda: (current_revision(event.pk) or 0) > revision, 20, "the reconcile")
    newer = current_revision(event.pk)
    written = time.monotonic()
    marker = f"standings-{newer}-{newer}-en"
    seen = wait_until(
        lambda: marker in visitor.get(a, f"/e/{slug}/")[2].decode(), 10, "A's event page"
    )
    assert seen <= PUBLIC_PAGE_SECONDS + 1.0, f"A showed the old event page for {seen:.2f} s"
    seen_player = wait_until(
        lambda: f"-{newer}-{newer}-en" in visitor.get(a, player_path)[1]["ETag"],
        10,
        "A's player page",
    )
    assert seen_player <= PUBLIC_PAGE_SECONDS + 1.0
    assert "Short hand" in visitor.get(a, player_path)[2].decode()
    page_delay = time.monotonic() - written

    # 3. An idempotent replay sent to the other node is stored once: one after the other,
    # and both nodes at once.
    body = body | {"offender": hall.east.pk, "idempotency_key": "replay-1"}
    first = api_post(a, fouls, body, floor_token)
    again = api_post(b, fouls, body, floor_token)
    assert (first[0], again[0]) == (201, 200)
    assert first[1]["id"] == again[1]["id"]

    body = body | {"idempotency_key": "replay-2"}
    answers: list[tuple[int, dict]] = []
    barrier = threading.Barrier(2)

    def send(base):
        barrier.wait()
        answers.append(api_post(base, fouls, body, floor_token))

    threads = [threading.Thread(target=send, args=(base,)) for base in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(status for status, _ in answers) == [200, 201]
    assert len({answer["id"] for _, answer in answers}) == 1
    for key in ("replay-1", "replay-2", "via-b-1"):
        assert FoulReport.objects.filter(event=event, idempotency_key=key).count() == 1

    director_token = Token.objects.create(user=hall.director).key
    result = f"/api/events/{slug}/rounds/1/tables/2/result/"
    scores = {"scores": {"E": 30, "S": 10, "W": -15, "N": -25}, "idempotency_key": "result-1"}
    entered = api_post(b, result, scores, director_token)
    replayed = api_post(a, result, scores, director_token)
    assert (entered[0], replayed[0]) == (201, 200)
    assert entered[1]["version"] == replayed[1]["version"] == 1
    assert TableResult.objects.filter(table__round__event=event).count() == 1

    # 4. The standings converge: writes spread over both nodes, reconciled by whichever
    # worker takes them, end in one snapshot of the latest revision that a fresh computation
    # agrees with, and both nodes serve it.
    for n, base in enumerate([a, b] * 3):
        offender = [hall.east, hall.south, hall.west, hall.north][n % 4]
        body = {"round": 1, "table": 1, "offender": offender.pk, "code": "short_hand"}
        assert api_post(base, fouls, body | {"idempotency_key": f"burst-{n}"}, floor_token)[0]
    final = Event.objects.values_list("revision", flat=True).get(pk=event.pk)
    wait_until(lambda: current_revision(event.pk) == final, 30, "the last reconcile")
    _revision, _method, rows = compute(event.pk)
    assert StandingsSnapshot.objects.get(event=event).rows == rows
    standings = f"/api/events/{slug}/standings/"
    from_a = json.loads(Browser().get(a, standings)[2])
    from_b = json.loads(Browser().get(b, standings)[2])
    assert from_a == from_b
    assert FoulReport.objects.filter(event=event).count() == 9

    reconciles = [
        len(re.findall(r"Task scoring\.tasks\.reconcile\[[^\]]+\] succeeded", log.read_text()))
        for log in logs
    ]
    assert sum(reconciles) >= 2
    print(
        f"two nodes: checks {time.monotonic() - started:.1f} s, public page refreshed "
        f"{page_delay:.2f} s after the reconcile, reconciles by worker {reconciles}"
    )
