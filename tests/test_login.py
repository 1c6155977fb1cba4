"""Password guessing is slowed down: after too many failures the login answers 429."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clean_cache():
    cache.clear()
    yield
    cache.clear()


def test_login_works(director):
    response = Client().post("/accounts/login/", {"username": "dir", "password": "pw-dir"})
    assert response.status_code == 302


def test_too_many_failures_are_refused_even_with_the_right_password(director, settings):
    settings.LOGIN_MAX_FAILURES = 3
    client = Client()
    for _ in range(3):
        response = client.post("/accounts/login/", {"username": "dir", "password": "wrong"})
        assert response.status_code == 200
    response = client.post("/accounts/login/", {"username": "dir", "password": "pw-dir"})
    assert response.status_code == 429
    assert b"Too many failed attempts" in response.content
    cache.clear()
    assert (
        client.post("/accounts/login/", {"username": "dir", "password": "pw-dir"}).status_code
        == 302
    )


def test_failures_are_counted_per_username_across_addresses(director, settings):
    settings.LOGIN_MAX_FAILURES = 2
    for address in ("10.0.0.1", "10.0.0.2"):
        Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": "dir", "password": "x"})
    response = Client(REMOTE_ADDR="10.0.0.3").post(
        "/accounts/login/", {"username": "dir", "password": "pw-dir"}
    )
    assert response.status_code == 429
