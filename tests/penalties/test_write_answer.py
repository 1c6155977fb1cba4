"""The answer to a new report is built from the objects just written, not read back: it must
be exactly what reading the report back gives, and cost a fixed number of queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "ruleset, code, details",
    [
        ("mcr", "false_win", lambda h: {"reason": "invalid_hand"}),
        (
            "classical",
            "false_win",
            lambda h: {"others_exposed": True, "co_offenders": [h.north.pk]},
        ),
        ("riichi_ema", "short_hand", lambda h: {"count": 1}),
        ("mcr", "slow_play", lambda h: {"seconds": 25}),
    ],
)
def test_answer_equals_the_report_read_back(make_hall, ruleset, code, details):
    h = make_hall(ruleset)
    answer = h.foul(h.head, code, h.south, details(h))
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["entries"], "a report without entries proves nothing here"
    read_back = h.client(h.head).get(h.url + f"fouls/{body['id']}/").json()
    assert body == read_back
    replay = h.foul(h.head, code, h.south, details(h), key=body["idempotency_key"])
    assert replay.status_code == 200 and replay.json() == read_back


def test_a_new_report_costs_a_fixed_number_of_queries(make_hall):
    h = make_hall("mcr")
    h.foul(h.floor, "short_hand", h.west, {"count": 1})  # warm caches (content types etc.)
    referee = type(h.floor).objects.get(pk=h.floor.pk)  # as a new request loads it
    with CaptureQueriesContext(connection) as captured:
        response = h.foul(referee, "false_win", h.south, {"reason": "invalid_hand"})
    assert response.status_code == 201
    assert len(response.json()["entries"]) == 4
    # The event; the referee's assignment; the idempotency key; the table's seats with their
    # table, round and players; a savepoint; the report; its four ledger entries (one insert);
    # the revision; the savepoint's release. Nothing is read back for the answer.
    assert len(captured.captured_queries) == 9, [q["sql"] for q in captured.captured_queries]
