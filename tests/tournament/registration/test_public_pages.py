"""The public pages: sign-up (honeypot, throttle, bad input), the list without personal data,
and the private link (tampered, withdraw twice, change details)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from tests.tournament.registration.conftest import person
from tournament.registration import services
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db


def post_sign_up(client, event, data, **extra):
    return client.post(f"/e/{event.slug}/register/", data, **extra)


def test_sign_up_shows_the_private_link_once_and_mails_it(
    open_event, django_capture_on_commit_callbacks
):
    event = open_event()
    client = Client()
    assert client.get(f"/e/{event.slug}/register/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_sign_up(client, event, person(1))
    assert answer.status_code == 302
    page = client.get(answer["Location"])
    link = re.search(r'data-testid="private-link">([^<]+)<', page.content.decode()).group(1)
    # The mail's link is the same registration's, signed when the mail was written (its
    # timestamp may be a second later): same payload, and it opens the same page.
    mailed = re.search(r"(http\S+/registration/\S+/)", mail.outbox[0].body).group(1)
    assert mailed.rsplit(":", 2)[0] == link.rsplit(":", 2)[0]
    assert client.get(link).status_code == 200
    assert client.get(mailed).status_code == 200
    # shown once: a reload leads back to the form
    assert client.get(answer["Location"])["Location"] == f"/e/{event.slug}/register/"


def test_the_honeypot_stores_nothing(open_event):
    event = open_event()
    answer = post_sign_up(Client(), event, person(1, website="http://spam.example"))
    assert answer.status_code == 400
    assert not Registration.objects.exists()


def test_an_address_is_throttled(open_event, settings):
    settings.REGISTRATION_SIGNUPS_PER_ADDRESS = 2
    event = open_event(cap=10)
    client = Client()
    codes = [post_sign_up(client, event, person(n)).status_code for n in range(1, 4)]
    assert codes == [302, 302, 429]
    assert Registration.objects.count() == 2


def test_bad_input_gets_a_message_and_changes_nothing(open_event):
    event = open_event()
    client = Client()
    for data in (person(1, name="a\u200bb"), person(1, club="c" * 500), person(1, ema_number="12")):
        answer = post_sign_up(client, event, data)
        assert answer.status_code == 400
        assert b'class="errors"' in answer.content
    assert not Registration.objects.exists()


def test_the_public_list_shows_no_email_or_ema_number(open_event, django_assert_max_num_queries):
    event = open_event(cap=2)
    for n in range(1, 5):
        services.sign_up(event, person(n))
    with django_assert_max_num_queries(8):
        page = Client().get(f"/e/{event.slug}/registered/").content.decode()
    assert "Registrant 001" in page and "Registrant 003" not in page
    assert "example.org" not in page and "0500" not in page
    assert "2 of 2 places taken" in page and "2 on the waitlist" in page


def test_a_tampered_link_is_refused(open_event):
    event = open_event()
    registration = services.sign_up(event, person(1))
    token = services.link_token(registration)
    assert Client().get(f"/e/{event.slug}/registration/{token[:-2]}xx/").status_code == 404


def test_withdrawing_twice_says_so(open_event):
    event = open_event()
    registration = services.sign_up(event, person(1))
    url = f"/e/{event.slug}/registration/{services.link_token(registration)}/"
    client = Client()
    client.post(url, {"action": "withdraw"})
    page = client.post(url, {"action": "withdraw"}, follow=True).content.decode()
    assert "not active any more" in page
    assert Registration.objects.get().status == "withdrawn"


def test_changing_details_changes_the_player_too(open_event):
    event = open_event()
    registration = services.sign_up(event, person(1))
    url = f"/e/{event.slug}/registration/{services.link_token(registration)}/"
    answer = Client().post(url, {**person(1, club="Tampere"), "action": "edit"})
    assert answer.status_code == 302
    registration.refresh_from_db()
    assert registration.club == "Tampere" and registration.player.club == "Tampere"


def test_an_expired_link_is_refused(open_event, monkeypatch):
    import time

    from django.core import signing

    event = open_event()
    registration = services.sign_up(event, person(1))
    url = f"/e/{event.slug}/registration/{services.link_token(registration)}/"
    later = time.time() + 400 * 86400
    monkeypatch.setattr(signing.time, "time", lambda: later)
    answer = Client().get(url)
    assert answer.status_code == 404 and b"expired" in answer.content


def test_a_sign_up_takes_a_bounded_number_of_queries(open_event, django_assert_num_queries):
    event = open_event(cap=1)
    services.sign_up(event, person(1))
    # before the lock: the duplicate checks (players, live registrations); then the
    # transaction's savepoint (2), the locked settings, the address's contact (looked for,
    # made), the registration, the two log rows (signed up, waitlisted) in one insert, the mail
    with django_assert_num_queries(10):
        services.sign_up(event, person(2))


def test_the_form_page_is_kept_and_follows_the_settings(open_event, django_assert_num_queries):
    """Visitors without a session share one rendered form, each with their own CSRF token;
    a change of the settings shows at once."""
    event = open_event(cap=3)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    page = first.get(f"/e/{event.slug}/register/")
    with django_assert_num_queries(1):  # the event with its settings
        other = second.get(f"/e/{event.slug}/register/")
    tokens = [
        re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', p.content.decode()).group(1)
        for p in (page, other)
    ]
    assert tokens[0] != tokens[1] and "csrf0token" not in page.content.decode()
    for client, token, n in ((first, tokens[0], 1), (second, tokens[1], 2)):
        answer = post_sign_up(client, event, {**person(n), "csrfmiddlewaretoken": token})
        assert answer.status_code == 302
    services.update_settings(event, text="Bring your own tiles", required_fields=["club"])
    event.refresh_from_db()
    page = Client().get(f"/e/{event.slug}/register/").content.decode()
    assert "Bring your own tiles" in page
    assert re.search(r'<input[^>]*name="club"[^>]*required', page)
    services.update_settings(event, closes_at=timezone.now() - timedelta(minutes=1))
    page = Client().get(f"/e/{event.slug}/register/").content.decode()
    assert "Registration is closed." in page and "csrfmiddlewaretoken" not in page
    assert "Registration opens on" not in page  # it did say so, with the past time
    services.update_settings(
        event,
        opens_at=timezone.now() + timedelta(days=1),
        closes_at=timezone.now() + timedelta(days=2),
    )
    page = Client().get(f"/e/{event.slug}/register/").content.decode()
    assert "Registration opens on" in page and "csrfmiddlewaretoken" not in page


def test_the_home_page_leads_to_the_sign_up_while_registration_is_open(
    open_event, django_assert_num_queries
):
    """A registrant finds the sign-up from the home page (typing no URL); once registration
    closes the event links its registered players instead. The home page stays one query."""
    event = open_event()
    client = Client()
    with django_assert_num_queries(1):
        home = client.get("/").content.decode()
    assert f'href="/e/{event.slug}/register/" data-testid="sign-up-link"' in home
    assert client.get(f"/e/{event.slug}/register/").status_code == 200

    services.update_settings(event, closes_at=timezone.now() - timedelta(minutes=1))
    home = client.get("/").content.decode()
    assert "sign-up-link" not in home
    assert f'href="/e/{event.slug}/registered/"' in home


def test_the_home_page_leads_to_self_check_in_while_the_desk_is_open(open_event):
    from tournament.registration.services import checkin

    event = open_event()
    services.update_settings(event, self_check_in=True)
    client = Client()
    assert "self-check-in-link" not in client.get("/").content.decode()
    checkin.open_check_in(event)
    home = client.get("/").content.decode()
    assert f'href="/e/{event.slug}/check-in/" data-testid="self-check-in-link"' in home
    assert client.get(f"/e/{event.slug}/check-in/").status_code == 200
