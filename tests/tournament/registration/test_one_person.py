"""A registrant who becomes a player is one person with one address and one language
everywhere (issue 43, items 3 and 12): what they give at sign-up is what the player's
notification page, the director's notification figures, the private page, the calendar and
the mails use, and a change on any of those pages is seen on all of them.

Each test goes through the pages, as the people do."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from icalendar import Calendar

from tests.support.mailserver import MailServer
from tests.tournament.registration.conftest import person
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp(settings):
    server = MailServer().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = server.host
    settings.EMAIL_PORT = server.port
    yield server
    server.stop()


@pytest.fixture
def dclient(director):
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def sheets_event(open_event):
    """Registration with the director's approval, in an event whose players sign in with their
    PIN (it keeps score sheets), with dates and a venue."""
    event = open_event(cap=10, approval=True)
    Event.objects.filter(pk=event.pk).update(
        keeps_score_sheets=True,
        players_enter_hands=True,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        venue="Dom Kultury, Kraków",
    )
    return Event.objects.get(pk=event.pk)


def sign_up(event, n: int, language: str = "pl", **extra):
    answer = Client(HTTP_ACCEPT_LANGUAGE=language).post(
        f"/e/{event.slug}/register/", person(n, language=language, **extra)
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return Registration.objects.get(event=event, name=f"Registrant {n:03d}")


def approve(dclient, event, registration) -> Player:
    answer = dclient.post(
        f"/director/{event.slug}/registration/{registration.pk}/", {"action": "approve"}
    )
    assert answer.status_code == 302
    return Player.objects.get(event=event, name=registration.name)


def signed_in(event, player, language: str = "en") -> Client:
    """The player's phone, signed in by the card's link (with the PIN the cards carry)."""
    pins.ensure_pins(event)
    player = Player.objects.get(pk=player.pk)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    answer = client.get(f"/e/{event.slug}/card/{pins.card_token(player)}/", follow=True)
    assert answer.status_code == 200
    return client


def private_link(registration) -> str:
    return services.link_url(Registration.objects.get(pk=registration.pk))


def test_the_sign_up_address_and_language_reach_the_notification_page(
    sheets_event, dclient, django_capture_on_commit_callbacks
):
    event = sheets_event
    with django_capture_on_commit_callbacks(execute=True):
        registrations = [sign_up(event, n) for n in (1, 2, 3)]
        players = [approve(dclient, event, r) for r in registrations]
    phone = signed_in(event, players[0])
    page = phone.get(f"/e/{event.slug}/play/notify/")
    html = page.content.decode()
    assert 'value="r1@example.org"' in html
    assert re.search(r'<option value="pl"[^>]*selected', html)
    assert page["Content-Language"] == "pl"  # the page speaks the player's language
    reach = dclient.get(f"/director/{event.slug}/notify/").context["reach"]
    assert reach["email"] == 3


def test_one_change_is_seen_everywhere(
    sheets_event, dclient, smtp, settings, django_capture_on_commit_callbacks
):
    """The address changed on the notification page is the registration's; the language
    changed on the private page is the notification page's and the calendar's."""
    event = sheets_event
    with django_capture_on_commit_callbacks(execute=True):
        registration = sign_up(event, 1)
        player = approve(dclient, event, registration)
    phone = signed_in(event, player)
    answer = phone.post(
        f"/e/{event.slug}/play/notify/",
        {"language": "pl", "email": "new@example.org", "email_on": "1", "push_on": "1"},
    )
    assert answer.status_code == 302
    listing = dclient.get(f"/director/{event.slug}/registration/").content.decode()
    assert "new@example.org" in listing and "r1@example.org" not in listing
    link = private_link(registration)
    mine = Client().get(link).content.decode()
    assert 'value="new@example.org"' in mine

    # the registrant changes the language on the private page: the notification page follows
    form = {
        "action": "edit",
        "name": "Registrant 001",
        "country": "FI",
        "club": "Helsinki",
        "ema_number": "05000001",
        "email": "new@example.org",
        "language": "cs",
    }
    saved = Client().post(link, form, follow=True).content.decode()
    assert "Vaše údaje jsou uloženy." in saved  # said in the new language
    notify_page = phone.get(f"/e/{event.slug}/play/notify/").content.decode()
    assert re.search(r'<option value="cs"[^>]*selected', notify_page)
    calendar_link = re.search(r'href="([^"]+\.ics)"', notify_page).group(1)
    feed = Client().get(calendar_link)
    assert feed.status_code == 200 and feed["Content-Language"] == "cs"

    # a mail about the registration goes to the address of the notification page
    with django_capture_on_commit_callbacks(execute=True):
        dclient.post(
            f"/director/{event.slug}/registration/{registration.pk}/",
            {"action": "refuse", "reason": "Test"},
        )
    assert smtp.wait_for("new@example.org")


def test_the_private_link_speaks_the_registrants_language_and_says_what_comes(
    sheets_event, dclient, smtp, settings, django_capture_on_commit_callbacks
):
    """The mail was Polish; so is the page its link opens, on a phone whose browser asks for
    English, with the event's page, dates and venue, and what to do on the day."""
    event = sheets_event
    with django_capture_on_commit_callbacks(execute=True):
        registration = sign_up(event, 1)
        approve(dclient, event, registration)
    mails = smtp.wait_for("r1@example.org", count=2)
    body = MailServer.body(mails[-1])
    link = re.search(r"https?://\S+/registration/\S+/", body).group(0)
    assert link.startswith(settings.SITE_URL)
    assert f"{settings.SITE_URL}/e/{event.slug}/" in body
    assert "2 maja 2026" in body and "Dom Kultury, Kraków" in body
    assert "Zarejestrowany(-a)" in body  # the status, in Polish

    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(link.removeprefix(settings.SITE_URL))
    html = page.content.decode()
    assert page.status_code == 200 and page["Content-Language"] == "pl"
    assert '<html lang="pl"' in html
    assert f'href="{settings.SITE_URL}/e/{event.slug}/"' in html
    assert "2 maja 2026" in html and "Dom Kultury, Kraków" in html
    facts = re.search(r'data-testid="on-the-day">([^<]+)<', html).group(1)
    assert facts.strip() and "check in" not in facts  # said, and in Polish

    # a browser that chose its language with the site's menu keeps it
    chosen = Client()
    chosen.cookies["django_language"] = "en"
    english = chosen.get(link.removeprefix(settings.SITE_URL)).content.decode()
    assert '<html lang="en"' in english and "Check in at the desk" in english


def test_the_calendar_speaks_the_players_language(
    sheets_event, dclient, django_capture_on_commit_callbacks
):
    from tournament.rounds import services as round_services

    event = sheets_event
    registration = sign_up(event, 1, language="fr")
    player = approve(dclient, event, registration)
    round_services.create_round(
        event, number=1, starts_at=dt.datetime(2026, 5, 2, 9, 30, tzinfo=dt.UTC)
    )
    phone = signed_in(event, player)
    html = phone.get(f"/e/{event.slug}/play/notify/").content.decode()
    link = re.search(r'href="([^"]+\.ics)"', html).group(1)
    feed = Calendar.from_ical(Client().get(link).content)
    (entry,) = feed.walk("VEVENT")
    assert str(entry["summary"]).startswith("Session 1")


def test_a_player_with_messages_can_still_withdraw(open_event, django_capture_on_commit_callbacks):
    """Messages (append-only) name the player: withdrawing before any seat drops the player
    instead of deleting it, and the registration is withdrawn."""
    from tournament.notify import services as notify

    event = open_event(cap=4)
    registration = services.sign_up(event, person(1))
    notify.enqueue_players(event, "test", "hello", {registration.player_id: {"event": "x"}})
    answer = Client().post(private_link(registration), {"action": "withdraw"})
    assert answer.status_code == 302
    registration = Registration.objects.get(pk=registration.pk)
    assert registration.status == "withdrawn"
    assert Player.objects.get(pk=registration.player_id).status == "dropped"
