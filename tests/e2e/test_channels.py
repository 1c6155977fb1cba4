"""The event's language and its channels in a real browser (issue 46, items 4 and 5): the
director, at tablet width (768 px), sets the event's language to Finnish in the settings, adds
a Discord channel (the webhook of the local fake service) whose address the page shows masked,
and posts a hall announcement to it: the fake Discord receives it once, in Finnish."""

from __future__ import annotations

import time

import pytest
from django.utils import translation
from django.utils.translation import gettext as _

from tests.support.channels import ChannelService
from tournament.channels.models import EventChannel
from tournament.events.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def soon(predicate, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline
        time.sleep(0.1)


@pytest.fixture
def fake(settings):
    service = ChannelService().start()
    settings.NOTIFY_CHANNEL_HOSTS = [service.netloc]
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = [service.netloc]
    settings.NOTIFY_CHANNEL_INTERVAL = 0
    yield service
    service.stop()


def test_the_director_sets_the_language_and_adds_a_discord_channel(
    tablet, live_server, make_event, director, fake, shoot
):
    event = make_event("kanava-open", players=8)
    page = tablet.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", director.username)
    page.fill("#id_password", "pw-" + director.username)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/director/{event.slug}/")
    page.click("nav.tabs a:has-text('Settings')")
    page.select_option("#id_language", "fi")
    page.click("form button[type=submit]:has-text('Save')")
    soon(lambda: Event.objects.get(pk=event.pk).language == "fi")

    page.click("nav.tabs a:has-text('Channels')")
    assert page.locator("[data-testid=channels]").inner_text().count("No channel yet.") == 1
    page.check("input[name=service][value=discord]")
    page.fill("#id_name", "#tulokset")
    webhook = fake.webhook(7)
    page.fill("#id_webhook_url", webhook)
    page.click("[data-testid=add-channel] button[type=submit]")
    row = page.locator("[data-testid=channels] tr[data-channel]")
    row.wait_for()
    channel = EventChannel.objects.get(event=event)
    assert channel.webhook_url == webhook
    assert row.locator("[data-secret]").inner_text() == "…" + webhook[-4:]
    assert webhook not in page.content()  # the secret is never shown back
    shoot(page, "channels-768")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    page.click("nav.tabs a:has-text('Hall')")
    page.fill("#ann-text", "Lounas 13:00")
    assert page.is_checked("input[name=post]")
    page.click("button[name=announce]")
    soon(lambda: len(fake.posts) == 1)
    with translation.override("fi"):
        title = _("Announcement: %(event)s") % {"event": event.name}
    assert fake.texts("discord")[0].split("\n")[:2] == [title, "Lounas 13:00"]
    assert title != f"Announcement: {event.name}"
    page.click("nav.tabs a:has-text('Channels')")
    assert page.locator("[data-testid=channels] td[data-sent]").get_attribute("data-sent") == "1"
