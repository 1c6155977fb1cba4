"""E-mail through a real SMTP server (aiosmtpd), the arbitrary-recipient API, the outbox's
append-only triggers and the signed unsubscribe links."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test import Client

from tournament.contacts.models import Contact
from tournament.notify import services as notify
from tournament.notify.models import Delivery, Message, Recipient
from tournament.notify.reading import links
from tournament.rounds import services as round_services
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db


def test_seating_by_email(make_event, smtp_server, django_capture_on_commit_callbacks):
    event = make_event("mail-open", players=4)
    players = list(event.players.order_by("pk"))
    notify.save_choices(
        players[0], language="", email="p1@example.org", push_on=False, email_on=True, muted=[]
    )
    round_ = round_services.create_round(event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        seats.seat_round(round_, [[p.pk for p in players]])
    assert len(smtp_server.messages) == 1
    mail = smtp_server.messages[0]
    message = Message.objects.get()
    assert mail["To"] == "p1@example.org"
    assert mail["Subject"] == "Round 1: table 1"
    assert mail["Message-ID"] == f"<notify.{message.pk}@localhost>"
    body = mail.get_payload(decode=True).decode()
    assert "Round 1: table 1, East, with Player 02, Player 03, Player 04" in body
    assert "https://mahjong.example/notify/unsubscribe/" in body
    assert (
        mail["List-Unsubscribe"].strip().startswith("<https://mahjong.example/notify/unsubscribe/")
    )


def test_arbitrary_address_api(make_event, smtp_server, django_capture_on_commit_callbacks):
    event = make_event("reg-open", players=0)
    with django_capture_on_commit_callbacks(execute=True):
        first = notify.enqueue_email(
            "Someone@Example.org",
            "text",
            "registration:1",
            {"title": "You are registered", "body": "See you there."},
            event=event,
        )
    with django_capture_on_commit_callbacks(execute=True):
        again = notify.enqueue_email(
            "someone@example.org",
            "text",
            "registration:1",
            {"title": "x", "body": "y"},
            event=event,
        )
    assert first.pk == again.pk
    assert len(smtp_server.messages) == 1
    assert smtp_server.messages[0]["Subject"] == "You are registered"


@pytest.mark.parametrize(
    "address",
    ["a@example.org\r\nBcc: x@example.org", "a@example.org\nX: y", "a@x.org, b@x.org", "nope"],
)
def test_bad_addresses_change_nothing(make_event, address):
    event = make_event("crlf-open", players=1)
    player = event.players.get()
    with pytest.raises(ValidationError):
        notify.enqueue_email(address, "text", "s", {"title": "t", "body": "b"})
    with pytest.raises(ValidationError) as caught:
        notify.save_choices(
            player, language="", email=address, push_on=True, email_on=True, muted=[]
        )
    assert "email" in caught.value.message_dict
    assert not Message.objects.exists() and not Recipient.objects.exists()
    assert not Contact.objects.exists()


def test_titles_are_one_line(make_event, smtp_server, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify.enqueue_email(
            "a@example.org", "text", "s", {"title": "Hi\r\nBcc: evil@example.org", "body": "b"}
        )
    mail = smtp_server.messages[0]
    assert mail["Subject"] == "Hi Bcc: evil@example.org" and mail["Bcc"] is None


def test_private_event_sends_nothing_outside(make_event, smtp_server):
    event = make_event("closed-cup", players=2, public=False)
    assert notify.enqueue_email("stranger@example.org", "text", "s", {}, event=event) is None
    notify.save_choices(
        event.players.first(),
        language="",
        email="in@example.org",
        push_on=False,
        email_on=True,
        muted=[],
    )
    assert notify.enqueue_email("in@example.org", "text", "s", {}, event=event) is not None


def test_refused_address_is_marked(make_event, smtp_server, django_capture_on_commit_callbacks):
    event = make_event("bounce-open", players=4)
    players = list(event.players.order_by("pk"))
    notify.save_choices(
        players[0], language="", email="gone@example.org", push_on=False, email_on=True, muted=[]
    )
    smtp_server.refuse.add("gone@example.org")
    round_ = round_services.create_round(event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        seats.seat_round(round_, [[p.pk for p in players]])
    assert Delivery.objects.get().status == "failed"
    assert Contact.objects.get(player=players[0]).email_invalid


def test_outbox_is_append_only(make_event):
    make_event("ledger-open", players=1)
    message = notify.enqueue_email("a@example.org", "text", "s", {"title": "t", "body": "b"})
    for sql in ("UPDATE tournament_message SET kind = 'x'", "DELETE FROM tournament_message"):
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert Message.objects.get().kind == "text" == message.kind


def test_unsubscribe_link(make_event):
    event = make_event("unsub-open", players=2)
    player = event.players.first()
    notify.save_choices(
        player, language="", email="u@example.org", push_on=True, email_on=True, muted=[]
    )
    token = links.unsubscribe_token(f"p{player.pk}", "email")
    client = Client(enforce_csrf_checks=True)  # a mail client's one-click POST has no token
    page = client.get(f"/notify/unsubscribe/{token}/")
    assert page.status_code == 200
    bad = client.post(f"/notify/unsubscribe/{token[:-2]}xx/")
    assert bad.status_code == 400
    assert Contact.objects.get(player=player).email_on
    done = client.post(f"/notify/unsubscribe/{token}/")
    assert done.status_code == 200
    assert not Contact.objects.get(player=player).email_on


def test_mail_server_down_is_retried(make_event, settings, django_capture_on_commit_callbacks):
    from tests.tournament.notify.conftest import _free_port

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = _free_port()  # nobody listens
    settings.EMAIL_TIMEOUT = 2
    make_event("down-open", players=1)
    with django_capture_on_commit_callbacks(execute=True):
        notify.enqueue_email("a@example.org", "text", "s", {"title": "t", "body": "b"})
    delivery = Delivery.objects.get()
    assert delivery.status == "pending" and delivery.attempts == 1
    assert delivery.error == "ConnectionRefusedError"
