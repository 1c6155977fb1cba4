"""The player's notification page (PIN session), the subscription endpoint, the calendar feed
and the director's view."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from icalendar import Calendar

from tests.support.players import player_client
from tournament.contacts.models import Contact
from tournament.events import services as event_services
from tournament.notify import services as notify
from tournament.notify.models import Delivery, Message, PushSubscription, Recipient
from tournament.notify.reading import links
from tournament.players.models import Player
from tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed(make_hall):
    hall = make_hall("mcr")
    event = hall.event
    event.keeps_score_sheets = event.players_enter_hands = True
    event_services.save_event(event)
    return hall, player_client(hall, hall.east)


def test_choices_saved(signed):
    hall, client = signed
    url = f"/e/{hall.event.slug}/play/notify/"
    page = client.get(url)
    assert page.status_code == 200 and b"data-notify-me" in page.content
    answer = client.post(
        url,
        {
            "language": "fi",
            "email": "east@example.org",
            "push_on": "1",
            "email_on": "1",
            "on": ["push:seating", "email:seating", "push:penalty"],
        },
    )
    assert answer.status_code == 302
    recipient = Recipient.objects.get(player=hall.east)
    contact = Contact.objects.get(player=hall.east)
    assert contact.language == "fi" and contact.email == "east@example.org"
    assert "push:seating" not in recipient.muted and "push:round_soon" in recipient.muted
    assert "email:penalty" in recipient.muted


def test_bad_choices_change_nothing(signed):
    hall, client = signed
    url = f"/e/{hall.event.slug}/play/notify/"
    answer = client.post(url, {"language": "xx", "email": "a@b.org"})
    assert answer.status_code == 400
    answer = client.post(url, {"language": "", "email": "a@b.org\r\nBcc: c@d.org"})
    assert answer.status_code == 400 and "single e-mail address" in answer.content.decode()
    assert not Recipient.objects.exists() and not Contact.objects.exists()


def test_choices_need_the_pin(hall):
    answer = Client().get(f"/e/{hall.event.slug}/play/notify/")
    assert answer.status_code == 302 and answer["Location"] == f"/e/{hall.event.slug}/play/"


def test_subscribe_endpoint(signed, push_service):
    hall, client = signed
    url = f"/e/{hall.event.slug}/play/notify/subscribe/"
    bad = client.post(url, b"{nope", content_type="application/json")
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]
    sub = push_service.subscribe()
    good = client.post(url, sub.json(), content_type="application/json")
    assert good.status_code == 201
    assert PushSubscription.objects.get().player == hall.east
    assert Client().post(url, sub.json(), content_type="application/json").status_code == 403


def test_opt_out_for_a_player_of_another_event(signed, make_event):
    """A session of one event does not reach another event's pages."""
    hall, client = signed
    other = make_event("elsewhere", players=4)
    answer = client.post(f"/e/{other.slug}/play/notify/", {"language": "cs"})
    assert answer.status_code == 302
    assert not Recipient.objects.exists()


def test_calendar_feed(signed):
    hall, _client = signed
    event = hall.event
    event.time_zone = "Europe/Prague"
    event_services.save_event(event)
    round_ = event.rounds.get(number=1)
    start = datetime(2026, 5, 2, 9, 30, tzinfo=ZoneInfo("Europe/Prague"))
    round_services.update_round(round_, starts_at=start)
    round_services.create_round(event, number=2, starts_at=start + timedelta(hours=3))
    token = links.calendar_token(Player.objects.get(pk=hall.east.pk))
    answer = Client().get(f"/e/{event.slug}/calendar/{hall.east.pk}/{token}.ics")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/calendar")
    entries = Calendar.from_ical(answer.content).walk("VEVENT")
    assert [str(e["summary"]) for e in entries] == [
        "Round 1: table 1, East – Hall 1",
        "Round 2 – Hall 1",
    ]
    assert entries[0].decoded("dtstart") == start
    assert str(entries[0]["dtstart"].params.get("TZID")) == "Europe/Prague"
    bad = Client().get(f"/e/{event.slug}/calendar/{hall.east.pk}/{token[:-1]}x.ics")
    assert bad.status_code == 404


def test_director_view(hall, client, smtp_server, django_capture_on_commit_callbacks):
    director = hall.director
    director.email = "dir@example.org"
    director.save()
    client.force_login(director)
    url = f"/director/{hall.event.slug}/notify/"
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"test": "1", "email": "dir@example.org"})
    assert answer.status_code == 302
    assert smtp_server.messages[0]["To"] == "dir@example.org"
    assert smtp_server.messages[0]["Subject"] == "Test message"
    page = client.get(url)
    assert page.status_code == 200
    assert page.context["totals"] == {"sent": 1, "failed": 0, "pending": 0}
    assert page.context["reach"] == {"push": 0, "email": 0}
    client.post(url, {"language": "cs"})  # switched off
    with pytest.raises(ValidationError):
        notify.send_test(hall.event, "dir@example.org")
    answer = client.post(url, {"test": "1", "email": "dir@example.org"}, follow=True)
    assert "Sending is switched off" in answer.content.decode()
    assert Message.objects.count() == 1 and Delivery.objects.count() == 1


def test_private_event_test_message_stays_inside(make_event, client, director):
    event = make_event("private-test", players=2, public=False)
    client.force_login(director)
    answer = client.post(
        f"/director/{event.slug}/notify/", {"test": "1", "email": "x@example.org"}, follow=True
    )
    assert "sends only to its players" in answer.content.decode()
    assert not Message.objects.exists()


def test_director_view_queries(hall, client, django_assert_num_queries, subscribed):
    """Nine queries whatever the number of players and messages."""
    client.force_login(hall.director)
    subscribed([hall.east, hall.south])
    with django_assert_num_queries(9):
        # session, user, event, the event's settings, messages by kind, deliveries by kind,
        # the totals, players with push, players with e-mail
        assert client.get(f"/director/{hall.event.slug}/notify/").status_code == 200


def test_enqueue_queries_do_not_grow_with_players(
    make_event, subscribed, django_assert_num_queries, django_capture_on_commit_callbacks
):
    """Enqueueing a message to a whole event: a constant number of queries."""
    for size in (8, 40):
        event = make_event(f"queries-{size}", players=size)
        players = list(event.players.all())
        subscribed(players)
        params = {p.pk: {"event": event.name, "slug": event.slug} for p in players}
        # the event's settings, the savepoint, its players, their choices, their contacts,
        # their subscriptions, the messages already there, the insert, the new ids, the
        # deliveries' insert, the release
        with django_capture_on_commit_callbacks(execute=False), django_assert_num_queries(11):
            assert notify.enqueue_players(event, "test", "q", params) == size
