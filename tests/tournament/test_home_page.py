"""The event list: each event's player count, whoever looks, in a constant number of queries."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db


def counts(response) -> dict[str, int]:
    return {e.slug: e.player_count for e in response.context["events"]}


def test_a_director_with_referees_sees_each_player_once(make_event, director, make_user):
    """The visibility join through referees used to multiply the count (96 for 32)."""
    event = make_event(players=32)
    for name in ("head", "floor", "keeper"):
        staff_services.assign_referee(event, make_user(name), role=RefereeAssignment.Role.HEAD)
    client = Client()
    client.force_login(director)
    response = client.get("/")
    assert counts(response) == {event.slug: 32}
    assert "32 players" in response.content.decode()


def test_a_referee_with_several_roles_sees_each_player_once(make_event, make_user):
    event = make_event(players=12, public=False)
    referee = make_user("ref")
    for role in RefereeAssignment.Role.values:
        staff_services.assign_referee(event, referee, role=role)
    client = Client()
    client.force_login(referee)
    assert counts(client.get("/")) == {event.slug: 12}


def test_the_list_costs_the_same_queries_for_two_or_twenty_events(
    make_event, make_user, director, django_assert_num_queries
):
    referee = make_user("ref")
    client = Client()
    client.force_login(director)

    def add_events(first: int, last: int) -> None:
        for n in range(first, last):
            event = make_event(f"cup-{n}", players=4)
            staff_services.assign_referee(event, referee, role=RefereeAssignment.Role.FLOOR)

    add_events(0, 2)
    # Queries: session, user, the events with their player counts, the user's new roles,
    # the directors group (may the user create events?).
    with django_assert_num_queries(5):
        assert len(client.get("/").context["events"]) == 2
    add_events(2, 20)
    with django_assert_num_queries(5):
        assert len(client.get("/").context["events"]) == 20
