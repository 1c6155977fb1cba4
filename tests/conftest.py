"""Shared fixtures: users in their roles, a seated event, and a hall with a live table and its
referees, all built through the services."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import translation
from rest_framework.test import APIClient

from tournament.access.roles import DIRECTORS_GROUP
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_user(db):
    def make(username: str, *, director: bool = False):
        user = get_user_model().objects.create_user(username=username, password="pw-" + username)
        if director:
            user.groups.add(Group.objects.get_or_create(name=DIRECTORS_GROUP)[0])
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
        event = event_services.save_event(
            Event(
                name=slug.replace("-", " ").title(),
                slug=slug,
                ruleset=ruleset,
                is_public=public,
                director=owner or director,
            )
        )
        for i in range(players):
            player_services.add_player(
                event,
                name=f"Player {i + 1:02d}",
                country="CZ",
                club=f"Club {i % 3}",
                ema_number=f"0700{i + 1:04d}",
            )
        ids = list(event.players.order_by("pk").values_list("pk", flat=True))
        for number in range(1, rounds + 1):
            round_ = round_services.create_round(event, number=number)
            if seated:
                shift = (number - 1) * 4 % max(len(ids), 1)
                order = ids[shift:] + ids[:shift]
                seats.seat_round(round_, [order[i : i + 4] for i in range(0, len(order), 4)])
        return event

    return make


@pytest.fixture
def event(make_event):
    return make_event(rounds=2, seated=True)


@pytest.fixture
def floor_referee(make_user, event):
    user = make_user("floor")
    staff_services.assign_referee(event, user, role=RefereeAssignment.Role.FLOOR, table_numbers=[1])
    return user


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def director_api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


@dataclass
class Hall:
    event: Event
    east: Player
    south: Player
    west: Player
    north: Player
    director: object
    head: object
    floor: object
    other_floor: object

    @property
    def url(self) -> str:
        return f"/api/events/{self.event.slug}/"

    def client(self, user) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    def foul(self, user, code, offender, details=None, *, table=1, round=1, key=None, **extra):
        body = {
            "round": round,
            "table": table,
            "offender": offender.pk,
            "code": code,
            "details": details or {},
            "idempotency_key": key or uuid.uuid4().hex,
            **extra,
        }
        return self.client(user).post(self.url + "fouls/", body, format="json")

    def void(self, user, report_id, reason="Appeal upheld"):
        return self.client(user).post(
            self.url + f"fouls/{report_id}/void/", {"reason": reason}, format="json"
        )


@pytest.fixture
def make_hall(make_user, director):
    counter = {"n": 0}

    def make(ruleset: str = "classical", options=None, *, players: int = 8) -> Hall:
        counter["n"] += 1
        n = counter["n"]
        event = event_services.save_event(
            Event(
                name=f"Hall {n}",
                slug=f"hall-{n}",
                ruleset=ruleset,
                ruleset_options=options or {},
                is_public=True,
                director=director,
            )
        )
        roster = [player_services.add_player(event, name=f"P{n}-{i}") for i in range(players)]
        round_ = round_services.create_round(event, number=1)
        seats.seat_round(round_, [[p.pk for p in roster[i : i + 4]] for i in range(0, players, 4)])
        round_services.update_round(round_, status=Round.Status.LIVE)
        head = make_user(f"head{n}")
        floor = make_user(f"floor{n}")
        other_floor = make_user(f"floor{n}b")
        staff_services.assign_referee(event, head, role=RefereeAssignment.Role.HEAD)
        staff_services.assign_referee(
            event, floor, role=RefereeAssignment.Role.FLOOR, table_numbers=[1]
        )
        staff_services.assign_referee(
            event, other_floor, role=RefereeAssignment.Role.FLOOR, table_numbers=[2]
        )
        return Hall(
            event, *roster[:4], director=director, head=head, floor=floor, other_floor=other_floor
        )

    return make


@pytest.fixture
def hall(make_hall):
    return make_hall("classical")


@pytest.fixture(autouse=True)
def site_language():
    """Each test starts in the site's language: a request in Czech leaves Czech active in the
    thread (``LocaleMiddleware`` activates it and nothing resets it), and a later test that
    calls a service directly would read its messages in Czech."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache: the API throttles and the login brake count per
    user id and address, which repeat from one test database to the next."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True, scope="session")
def flush_past_append_only_triggers():
    """Tests that commit (``transaction=True``) wipe the database afterwards, which the
    append-only triggers refuse to the application. The wipe is allowed the way the triggers
    foresee (``integrity.triggers``): on PostgreSQL ``session_replication_role = replica``
    for the wiping transaction (superuser only), on SQLite a row in ``integrity_maintenance``."""
    from django.db.backends.base.operations import BaseDatabaseOperations

    original = BaseDatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        vendor = self.connection.vendor
        if vendor == "postgresql":
            sql_list = ["SET LOCAL session_replication_role = replica", *sql_list]
        elif vendor == "sqlite":
            sql_list = [
                "INSERT OR IGNORE INTO integrity_maintenance (id) VALUES (1)",
                *sql_list,
                "DELETE FROM integrity_maintenance",
            ]
        return original(self, sql_list)

    BaseDatabaseOperations.execute_sql_flush = execute_sql_flush
    yield
    BaseDatabaseOperations.execute_sql_flush = original
