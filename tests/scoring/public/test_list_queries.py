"""Query budgets of the public list pages: the same number of queries whatever the event size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.results import services as result_services
from scoring.standings.services import reconcile

pytestmark = pytest.mark.django_db


def played_hall(make_hall, players: int):
    h = make_hall("mcr", players=players)
    for table in h.event.rounds.get(number=1).tables.all():
        result_services.enter_result(
            table, h.director, dict(zip("ESWN", (30, 10, -10, -30), strict=True))
        )
    for offender in (h.south, h.west):
        h.foul(h.floor, "false_win", offender, {"reason": "invalid_hand"})
    reconcile.reconcile_event(h.event.pk)
    return h


def queries_of(url: str) -> int:
    client = Client()
    client.cookies["sessionid"] = "x"  # not the anonymous page kept in memory
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    "page, budget",
    [
        # the session, event + snapshot, the snapshot's rows, round, tables, seats with
        # players, rounds and format standings (navigation), the tables' extensions and
        # the round's clock for its end
        ("rounds/1/", 10),
        # the session, event + snapshot, reports with round/table/offender/void, entries,
        # table seats, rounds and format standings (navigation)
        ("penalties/", 7),
        # the session, event + snapshot, rounds, tables, seats with players, byes, rounds and
        # format standings (navigation)
        ("seating/?q=P1", 8),
    ],
)
def test_list_pages_cost_the_same_whatever_the_size(make_hall, page, budget):
    counts = [queries_of(f"/e/{played_hall(make_hall, n).event.slug}/{page}") for n in (8, 48)]
    assert counts[0] == counts[1] <= budget, counts
