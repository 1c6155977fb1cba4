"""Links in registration mails use the site's configured address (issue 43, item 29): a mail
the worker sends has no request, and must not take the host of whatever request came last."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from tests.tournament.registration.conftest import person
from tournament.registration import services
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db


def test_worker_sent_mails_link_to_the_configured_site(
    open_event, settings, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://mahjong.example.org"
    settings.ALLOWED_HOSTS = ["elsewhere.example", "testserver"]
    event = open_event(cap=1)
    stranger = Client(HTTP_HOST="elsewhere.example")
    with django_capture_on_commit_callbacks(execute=True):
        for n in (1, 2):
            answer = stranger.post(f"/e/{event.slug}/register/", person(n))
            assert answer.status_code == 302
        # the worker's step: the first withdraws, the place is offered to the second
        services.withdraw(Registration.objects.get(event=event, name="Registrant 001"))
    links = [
        link
        for message in mail.outbox
        for link in re.findall(r"https?://[^\s/]+/\S*", message.body)
    ]
    assert len(mail.outbox) == 4 and links
    assert all(link.startswith("https://mahjong.example.org/") for link in links), links
