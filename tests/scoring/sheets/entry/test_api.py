"""What one hand costs through the API (token, DRF, the service, the answer): the same number of
queries on hand 2 and on hand 14, as ``bench/hands.py`` measures against gunicorn; and the
result a sheet writes when it closes locks its table's row only, not the round's or the
event's (which would queue every other table of the event behind it)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from scoring.results import services as result_services
from tournament.events.models import Event
from tournament.rounds.models import Table
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment


@pytest.fixture
def riichi(make_hall, make_user):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True)
    hall.event.refresh_from_db()
    keeper = make_user("keeper")
    staff_services.assign_referee(
        hall.event, keeper, role=RefereeAssignment.Role.SCOREKEEPER, table_numbers=[1]
    )
    hall.token = Token.objects.create(user=keeper).key
    return hall


def post(client, hall, number):
    # The dealer is tenpai at every draw: East keeps the deal and the game goes on.
    return client.post(
        f"/api/events/{hall.event.slug}/rounds/1/tables/1/sheet/hands/",
        {
            "number": number,
            "hand": {"kind": "draw", "tenpai": [0]},
            "idempotency_key": f"k{number}",
            "same_again": True,
        },
        content_type="application/json",
    )


def test_queries_per_hand_through_the_api_do_not_grow_with_the_sheet(riichi):
    client = Client(HTTP_AUTHORIZATION=f"Token {riichi.token}")
    assert post(client, riichi, 1).status_code == 201
    counts = []
    for number in range(2, 15):
        with CaptureQueriesContext(connection) as queries:
            response = post(client, riichi, number)
        assert response.status_code == 201, response.content
        assert response.json()["next_number"] == number + 1
        counts.append(len(queries))
    # The token and its user, the event, the table, the keeper's assignments, the locked sheet,
    # the round's status again under the lock, its hands, the insert, the sheet's count of
    # writes, the seats for the answer (and BEGIN/COMMIT where they are logged).
    assert len(set(counts)) == 1, counts
    assert counts[0] <= 12, counts


def test_a_result_locks_the_table_row_only(riichi):
    table = Table.objects.select_related("round__event").get(round__event=riichi.event, number=1)
    scores = {"E": 40000, "S": 30000, "W": 30000, "N": 20000}
    with CaptureQueriesContext(connection) as queries:
        result_services.enter_result(table, riichi.head, scores)
    locks = [q["sql"] for q in queries if 'FROM "tournament_table"' in q["sql"]]
    assert locks, [q["sql"] for q in queries]
    for sql in locks:
        assert "JOIN" not in sql, sql
