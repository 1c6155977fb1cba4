"""Publishing the final ranking feeds the ranking across events only from a finished event:
refused while a round is live, asked (naming them) when rounds were never played, and asked
in any case before it is done (issue 43 items 2 and 4)."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client

from scoring.exports import archive_json
from scoring.ranking import services
from scoring.ranking.models import RankingEvent
from scoring.ranking.services import importing
from scoring.results import services as result_services
from tests.support.confirming import confirm_form
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_of_four(make_hall):
    """An MCR event of four rounds: round 1 played (results entered, still live), 2-4 planned."""
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(start_date=date(2026, 5, 2))
    hall.event.refresh_from_db()
    round_services.create_rounds(hall.event, count=3)
    for table in hall.event.rounds.get(number=1).tables.order_by("number"):
        result_services.enter_result(table, hall.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    services.mark(hall.event, is_ranking=True, needs_qualification=False)
    return hall


def published(event) -> bool:
    return RankingEvent.objects.filter(event=event, published_at__isnull=False).exists()


def test_a_live_round_keeps_the_ranking_from_the_event(one_of_four):
    event = one_of_four.event
    with pytest.raises(ValidationError, match="Round 1 is not closed"):
        services.publish(event, by=one_of_four.director)
    assert not published(event)


def test_rounds_never_played_are_given_up_by_name_only(one_of_four):
    event = one_of_four.event
    round_services.update_round(event.rounds.get(number=1), status=Round.Status.CLOSED)
    with pytest.raises(ValidationError, match="Rounds 2, 3, 4 were never played"):
        services.publish(event, by=one_of_four.director)
    with pytest.raises(ValidationError, match="never played"):
        services.publish(event, by=one_of_four.director, without=[2, 3])
    assert not published(event)
    services.publish(event, by=one_of_four.director, without=[4, 3, 2])
    assert published(event)


def test_the_page_says_which_rounds_are_not_closed_and_asks(one_of_four):
    event = one_of_four.event
    client = Client()
    client.force_login(one_of_four.director)
    url = f"/director/{event.slug}/ranking/"
    assert "Rounds 1, 2, 3, 4 are not closed yet." in client.get(url).content.decode()
    refused = client.post(url, {"publish": "1"}, follow=True)
    assert "Round 1 is not closed" in refused.content.decode() and not published(event)
    round_services.update_round(event.rounds.get(number=1), status=Round.Status.CLOSED)
    asked = client.post(url, {"publish": "1"})
    page = asked.content.decode()
    assert asked.status_code == 409 and "Publish the final ranking of" in page
    assert "Rounds 2, 3, 4 are not closed: they were never played." in page
    assert "The final places of 8 players count in the MCR ranking." in page
    assert client.post(url, {"publish": "1"}).status_code == 409  # a double tap asks again
    assert not published(event)
    action, fields = confirm_form(asked)
    assert client.post(action, fields).status_code == 302
    assert published(event)


@pytest.mark.django_db(transaction=True)
def test_an_archive_feeds_the_ranking_only_without_a_live_round(one_of_four):
    event = one_of_four.event
    live = archive_json(event).encode()
    round_services.update_round(event.rounds.get(number=1), status=Round.Status.CLOSED)
    over = archive_json(event).encode()
    call_command("flush", interactive=False, verbosity=0)  # an archive goes to a fresh database
    user = get_user_model().objects.create_user(username="importer")
    with pytest.raises(ValidationError, match="Round 1 is not closed"):
        importing.import_archive(live, by=user)
    assert not Event.objects.exists()
    imported = importing.import_archive(over, by=user)
    assert published(imported)  # the rounds it never played are given up
