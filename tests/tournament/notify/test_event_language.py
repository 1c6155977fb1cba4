"""The event's language (``Event.language``): the calendar feed, the notifications and the
rulebook speak it to whoever chose none, and the player's or reader's own choice wins; the
request's Accept-Language never decides the feed (calendar applications send none)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.contacts import services as contacts
from tournament.events.models import Event
from tournament.notify import services as notify
from tournament.notify.models import Message
from tournament.notify.reading import links
from tournament.players.models import Player
from tournament.rounds.models import Round, Wind

pytestmark = pytest.mark.django_db


def _in(language: str, table: int, wind: str) -> str:
    with translation.override(language):
        return _("Round %(round)d: table %(table)d, %(wind)s") % {
            "round": 1,
            "table": table,
            "wind": dict(Wind.choices)[wind],
        }


def _unfolded(feed: bytes) -> str:
    """The feed's text with its folded lines joined and its commas unescaped."""
    return feed.decode().replace("\r\n ", "").replace("\\,", ",")


@pytest.fixture
def finnish_hall(make_hall):
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(language="fi")
    Round.objects.filter(event=hall.event).update(starts_at=timezone.now() + timedelta(hours=1))
    return hall


def test_the_feed_is_in_the_players_language_else_the_events(finnish_hall):
    czech = Player.objects.get(pk=finnish_hall.east.pk)
    contacts.change(contacts.for_player(czech), language="cs")
    nobody = Player.objects.get(pk=finnish_hall.south.pk)
    client = Client()  # no Accept-Language, as a calendar application
    answer = client.get(links.calendar_url(czech))
    assert answer["Content-Language"] == "cs"
    text = _unfolded(answer.content)
    assert _in("cs", 1, "E") in text and _in("cs", 1, "E") != _in("en", 1, "E")
    answer = client.get(links.calendar_url(nobody))
    assert answer["Content-Language"] == "fi"
    assert _in("fi", 1, "S") in _unfolded(answer.content)
    # a browser asking for French changes nothing
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(links.calendar_url(nobody))
    assert french["Content-Language"] == "fi"
    assert _in("fi", 1, "S") in _unfolded(french.content)


def test_notifications_speak_the_events_language_unless_the_player_chose(
    finnish_hall, subscribed, push_service
):
    czech, nobody = finnish_hall.east, finnish_hall.south
    subs = subscribed([czech, nobody])
    contacts.change(contacts.for_player(czech), language="cs")
    params = {"slug": finnish_hall.event.slug, "event": "E", "text": "Hei"}
    notify.enqueue_players(
        finnish_hall.event, "announcement", "a1", {czech.pk: params, nobody.pk: params}
    )
    assert set(Message.objects.values_list("language", flat=True)) == {""}
    # the director changes the event's language before it is sent: the new one is used
    Event.objects.filter(pk=finnish_hall.event.pk).update(language="pl")
    from tournament.notify.services import sending

    sending.dispatch_until_empty()
    expected = {}
    for language in ("cs", "pl"):
        with translation.override(language):
            expected[language] = _("Announcement: %(event)s") % {"event": "E"}
    assert [p["title"] for p in push_service.payloads(subs[czech.pk])] == [expected["cs"]]
    assert [p["title"] for p in push_service.payloads(subs[nobody.pk])] == [expected["pl"]]


def test_the_rulebook_reads_in_the_events_language_unless_the_reader_chose(finnish_hall):
    url = f"/e/{finnish_hall.event.slug}/rules/"
    assert '<html lang="fi">' in Client().get(url).content.decode()
    assert '<html lang="fi">' in Client(HTTP_ACCEPT_LANGUAGE="cs").get(url).content.decode()
    assert '<html lang="cs">' in Client().get(f"{url}?lang=cs").content.decode()
    reader = Client()
    reader.cookies["django_language"] = "pl"
    answer = reader.get(url)
    assert '<html lang="pl">' in answer.content.decode()
    assert answer["Content-Language"] == "pl"


def test_the_director_sets_the_language_in_the_settings_and_the_api(
    finnish_hall, director, director_api
):
    event = finnish_hall.event
    answer = director_api.patch(f"/api/events/{event.slug}/", {"language": "cs"}, format="json")
    assert answer.status_code == 200 and answer.json()["language"] == "cs"
    answer = director_api.patch(f"/api/events/{event.slug}/", {"language": "xx"}, format="json")
    assert answer.status_code == 400 and "language" in answer.json()
    event.refresh_from_db()
    assert event.language == "cs"


def test_a_new_event_speaks_the_sites_language(make_event, settings):
    assert make_event("new-one", players=0).language == settings.LANGUAGE_CODE
