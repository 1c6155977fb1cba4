"""The standings API a page at a time or for one player, with an ETag that answers 304 until
the standings or the event change; bad query parameters get a 400."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring.results import services as result_services
from scoring.standings.services import reconcile

pytestmark = pytest.mark.django_db


@pytest.fixture
def big(make_hall):
    h = make_hall("mcr", players=40)
    for table in h.event.rounds.get(number=1).tables.all():
        result_services.enter_result(
            table, h.director, dict(zip("ESWN", (30, 10, -10, -30), strict=True))
        )
    reconcile.reconcile_event(h.event.pk)
    return h


def url(hall) -> str:
    return f"/api/events/{hall.event.slug}/standings/"


def test_pages_of_rows(big):
    api = APIClient()
    first = api.get(url(big), {"page_size": 15}).json()
    assert (first["count"], first["page"], first["pages"], len(first["rows"])) == (40, 1, 3, 15)
    last = api.get(url(big), {"page_size": 15, "page": 3}).json()
    assert len(last["rows"]) == 10
    every = api.get(url(big), {"page_size": 1000}).json()["rows"]
    assert [r["player"]["id"] for r in every] == [
        r["player"]["id"]
        for p in (1, 2, 3)
        for r in api.get(url(big), {"page_size": 15, "page": p}).json()["rows"]
    ]
    default = api.get(url(big)).json()
    assert default["page_size"] == 100 and len(default["rows"]) == 40
    assert every[0]["played"] == 1 and every[0]["history"] == [{"round": 1, "place": 1}]


def test_one_players_row(big):
    body = APIClient().get(url(big), {"player": big.south.pk}).json()
    assert [r["player"]["id"] for r in body["rows"]] == [big.south.pk]
    assert APIClient().get(url(big), {"player": 10**6}).json()["rows"] == []


def test_if_none_match_answers_304_until_something_changes(big):
    api = APIClient()
    first = api.get(url(big), {"page": 1})
    etag = first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = api.get(url(big), {"page": 1}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    # the event (visibility), the snapshot's revision (without its rows)
    assert len(queries) <= 2, [q["sql"] for q in queries]
    assert api.get(url(big), {"page": 2}, HTTP_IF_NONE_MATCH=etag).status_code == 200
    big.foul(big.floor, "false_win", big.south, {"reason": "invalid_hand"})
    reconcile.reconcile_event(big.event.pk)
    changed = api.get(url(big), {"page": 1}, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


@pytest.mark.parametrize(
    "params",
    [
        {"page": "0"},
        {"page": "abc"},
        {"page": "9223372036854775808"},
        {"page_size": "0"},
        {"page_size": "1001"},
        {"player": "-1"},
        {"player": "9223372036854775808"},
    ],
)
def test_bad_parameters_get_a_400(big, params):
    response = APIClient().get(url(big), params)
    assert response.status_code == 400
    assert list(response.json()) == list(params)
