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


def test_a_new_reports_queries_do_not_grow_with_its_entries(make_hall):
    """A warning (one entry) and a false win (four entries, one insert) cost as many queries:
    the write and the answer read back in a constant number."""
    h = make_hall("mcr")
    h.foul(h.floor, "short_hand", h.west, {"count": 1})  # warm caches (content types etc.)

    def queries(code: str, player, details: dict) -> tuple[int, int]:
        referee = type(h.floor).objects.get(pk=h.floor.pk)  # as a new request loads it
        with CaptureQueriesContext(connection) as captured:
            response = h.foul(referee, code, player, details)
        assert response.status_code == 201
        return len(captured.captured_queries), len(response.json()["entries"])

    few, one = queries("slow_play", h.north, {"seconds": 15})
    many, four = queries("false_win", h.south, {"reason": "invalid_hand"})
    assert (one, four) == (1, 4)
    assert few == many
