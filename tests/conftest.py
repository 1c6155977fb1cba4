"""Shared fixtures: users in their roles and a seated event built through the services."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from tournament import services
from tournament.models import Event, RefereeAssignment
from tournament.roles import DIRECTORS_GROUP


@pytest.fixture
def make_user(db):
    def make(username: str, *, director: bool = False):
        user = get_user_model().objects.create_user(username=username, password="pw-" + username)
        if director:
            user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
        return user

    return make


@pytest.fixture
def director(make_user):
    return make_user("dir", director=True)


@pytest.fixture
def other_director(make_user):
    return make_user("otherdir", director=True)


@pytest.fixture
def make_event(director):
    def make(
        slug: str = "spring-open",
        *,
        players: int = 8,
        ruleset: str = "mcr",
        public=True,
        owner=None,
        rounds: int = 0,
        seated: bool = False,
    ) -> Event:
        event = services.save_event(
            Event(
                name=slug.replace("-", " ").title(),
                slug=slug,
                ruleset=ruleset,
                is_public=public,
                director=owner or director,
            )
        )
        for i in range(players):
            services.add_player(
                event,
                name=f"Player {i + 1:02d}",
                country="CZ",
                club=f"Club {i % 3}",
                ema_number=f"0700{i + 1:04d}",
            )
        ids = list(event.players.order_by("pk").values_list("pk", flat=True))
        for number in range(1, rounds + 1):
            round_ = services.create_round(event, number=number)
            if seated:
                shift = (number - 1) * 4 % max(len(ids), 1)
                order = ids[shift:] + ids[:shift]
                services.seat_round(round_, [order[i : i + 4] for i in range(0, len(order), 4)])
        return event

    return make


@pytest.fixture
def event(make_event):
    return make_event(rounds=2, seated=True)


@pytest.fixture
def floor_referee(make_user, event):
    user = make_user("floor")
    services.assign_referee(event, user, role=RefereeAssignment.Role.FLOOR, table_numbers=[1])
    return user


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client
