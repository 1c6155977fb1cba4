"""The ranking is reached by links: from the home page, and from a player's public page to the
person's page across events (a player without a person shows no such link)."""

from __future__ import annotations

import pytest

from tournament.persons import services as persons
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


def test_the_home_page_links_to_the_rankings(client):
    home = client.get("/")
    assert 'data-testid="rankings-link"' in home.text
    assert client.get("/ranking/", follow=True).status_code == 200


def test_a_players_page_links_to_the_person(client, make_hall, settings):
    hall = make_hall("mcr")
    page = f"/e/{hall.event.slug}/players/{hall.south.pk}/"
    assert 'data-testid="person-link"' not in client.get(page).text

    linked = persons.link_event_players(hall.event, [Player.objects.get(pk=hall.south.pk)])
    shown = client.get(page).text
    person_url = f"/ranking/persons/{linked[hall.south.pk]}/"
    assert f'href="{person_url}" data-testid="person-link"' in shown
    assert client.get(person_url).status_code == 200


def test_a_merge_moves_the_players_page_link(client, make_hall, director, settings):
    """The kept public page of a player follows a merge of their person."""
    hall = make_hall("mcr")
    other = make_hall("mcr")
    south = Player.objects.get(pk=hall.south.pk)
    first = persons.link_event_players(hall.event, [south])[south.pk]
    second = persons.link_event_players(other.event, [Player.objects.get(pk=other.south.pk)])
    page = f"/e/{hall.event.slug}/players/{south.pk}/"
    assert f"/ranking/persons/{first}/" in client.get(page).text

    target = persons.Person.objects.get(pk=second[other.south.pk])
    persons.merge(persons.Person.objects.get(pk=first), target, "Same person", by=director)
    assert f"/ranking/persons/{target.pk}/" in client.get(page).text
