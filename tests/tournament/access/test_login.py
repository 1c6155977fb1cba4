"""Password guessing is slowed down on every login (pages, API, admin): per (username, address)
and per address a lockout for the window, per username a rising delay, and a user's own
address still gets in."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db

LOGINS = ["/accounts/login/", "/api/auth/login/", "/admin/login/"]


@pytest.fixture(autouse=True)
def clean_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def superuser(make_user):
    user = make_user("root")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def post(url, username, password, address="10.0.0.1"):
    return Client(REMOTE_ADDR=address).post(url, {"username": username, "password": password})


def test_login_works(director):
    assert post("/accounts/login/", "dir", "pw-dir").status_code == 302


@pytest.mark.parametrize("url", LOGINS)
def test_too_many_failures_from_one_address_are_refused_even_with_the_right_password(
    url, superuser, settings
):
    settings.LOGIN_MAX_FAILURES = 3
    for _ in range(3):
        assert post(url, "root", "wrong").status_code == 200
    response = post(url, "root", "pw-root")
    assert response.status_code == 429
    assert b"Too many failed attempts" in response.content
    cache.clear()
    assert post(url, "root", "pw-root").status_code == 302


def test_admin_login_is_braked_after_25_wrong_passwords(superuser):
    for _ in range(25):
        post("/admin/login/", "root", "wrong")
    response = post("/admin/login/", "root", "pw-root")
    assert response.status_code == 429
    assert "_auth_user_id" not in response.client.session


@pytest.mark.parametrize("url", LOGINS)
def test_guessing_elsewhere_does_not_lock_the_user_out_of_their_own_address(
    url, superuser, settings
):
    settings.LOGIN_MAX_FAILURES = 3
    assert post(url, "root", "pw-root", address="10.9.9.9").status_code == 302
    for _ in range(12):
        post(url, "root", "wrong", address="10.6.6.6")
    assert post(url, "root", "pw-root", address="10.6.6.6").status_code == 429
    assert post(url, "root", "pw-root", address="10.9.9.9").status_code == 302


def test_spread_out_guessing_meets_a_rising_delay_not_a_lockout(director, settings):
    settings.LOGIN_MAX_FAILURES = 2
    settings.LOGIN_DELAY_SECONDS = 100
    for address in ("10.0.0.1", "10.0.0.2"):
        post("/accounts/login/", "dir", "x", address=address)
    # Past the limit, a new address must wait the delay...
    response = post("/accounts/login/", "dir", "pw-dir", address="10.0.0.3")
    assert response.status_code == 429
    assert b"seconds" in response.content
    # ...which is over once the delay has passed (the last failure moved back in time).
    from tournament.access.login import Brake

    brake = Brake("dir", "10.0.0.3")
    cache.set(brake.user_last, cache.get(brake.user_last) - 101)
    assert post("/accounts/login/", "dir", "pw-dir", address="10.0.0.3").status_code == 302


def test_the_delay_doubles_with_each_failure(director, settings):
    from tournament.access.login import Brake

    settings.LOGIN_MAX_FAILURES = 1
    settings.LOGIN_DELAY_SECONDS = 10
    settings.LOGIN_MAX_DELAY_SECONDS = 1000
    brake = Brake("dir", "10.0.0.1")
    brake.failed()
    assert 9 < brake.delay_left() <= 10
    brake.failed()
    assert 19 < brake.delay_left() <= 20
    brake.failed()
    assert 39 < brake.delay_left() <= 40


def test_one_address_guessing_many_usernames_is_refused(make_user, settings):
    settings.LOGIN_ADDRESS_MAX_FAILURES = 5
    make_user("alice")
    for i in range(5):
        post("/accounts/login/", f"user{i}", "x", address="10.1.1.1")
    assert post("/accounts/login/", "alice", "pw-alice", address="10.1.1.1").status_code == 429
    assert post("/accounts/login/", "alice", "pw-alice", address="10.1.1.2").status_code == 302


def test_a_user_known_at_a_busy_address_still_gets_in(make_user, settings):
    """A venue NAT: somebody guesses other usernames from the hall's address; a referee who
    logged in from that address before is not stopped."""
    settings.LOGIN_ADDRESS_MAX_FAILURES = 5
    make_user("ref")
    assert post("/accounts/login/", "ref", "pw-ref", address="10.2.2.2").status_code == 302
    for i in range(8):
        post("/accounts/login/", f"user{i}", "x", address="10.2.2.2")
    assert post("/accounts/login/", "ref", "pw-ref", address="10.2.2.2").status_code == 302


def test_the_address_behind_trusted_proxies(director, settings):
    settings.LOGIN_MAX_FAILURES = 2
    settings.TRUSTED_PROXIES = 1
    for _ in range(2):
        Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.3.3.3").post(
            "/accounts/login/", {"username": "dir", "password": "x"}
        )
    other = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.4.4.4")
    from tournament.access.login import Brake

    cache.delete(Brake("dir", "10.4.4.4").user_last)
    assert (
        other.post("/accounts/login/", {"username": "dir", "password": "pw-dir"}).status_code == 302
    )
