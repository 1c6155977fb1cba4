"""Malformed requests get a 4xx, never a 500: JSON nested 100 000 levels deep to any API
endpoint, integer query parameters past 64 bits, numbers in paths past what the database holds."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

DEEP = ("[" * 100_000 + "]" * 100_000).encode()
DEEP_OBJECT = ('{"a":' * 100_000 + "1" + "}" * 100_000).encode()
HUGE = "9223372036854775808"


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT])
@pytest.mark.parametrize(
    "method,path",
    [
        ("post", "/api/events/"),
        ("patch", "/api/events/{slug}/"),
        ("post", "/api/events/{slug}/players/"),
        ("post", "/api/events/{slug}/fouls/"),
        ("post", "/api/events/{slug}/rounds/"),
        ("put", "/api/events/{slug}/rounds/1/tables/1/seats/"),
        ("post", "/api/events/{slug}/rounds/1/tables/1/result/"),
    ],
)
def test_deeply_nested_json_is_a_400(hall, method, path, body):
    client = APIClient()
    client.force_authenticate(hall.director)
    response = getattr(client, method)(
        path.format(slug=hall.event.slug), body, content_type="application/json"
    )
    assert response.status_code in (400, 404, 405), response.status_code
    if response.status_code == 400:
        assert "JSON parse error" in str(response.json())


def test_deeply_nested_json_from_an_anonymous_client_is_a_4xx(hall):
    response = APIClient().post(
        f"/api/events/{hall.event.slug}/fouls/", DEEP, content_type="application/json"
    )
    assert response.status_code in (400, 401, 403)


@pytest.mark.parametrize("name", ["player", "round", "table"])
@pytest.mark.parametrize("value", [HUGE, "-" + HUGE + "1", "²", "1" * 40])
@pytest.mark.parametrize("endpoint", ["fouls", "ledger"])
def test_integer_query_parameters_are_bounded_in_the_api(hall, name, value, endpoint):
    assert (
        hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}).status_code == 201
    )
    response = APIClient().get(f"/api/events/{hall.event.slug}/{endpoint}/?{name}={value}")
    assert response.status_code == 400
    assert name in response.json()


def test_a_large_but_valid_player_id_is_an_empty_list(hall):
    response = APIClient().get(f"/api/events/{hall.event.slug}/fouls/?player=9223372036854775807")
    assert response.status_code == 200
    assert response.json()["results"] == []


@pytest.mark.parametrize("value", [HUGE, "²", "1" * 40])
def test_integer_query_parameters_are_bounded_on_the_head_referee_list(hall, value):
    client = Client()
    client.force_login(hall.head)
    for name in ("player", "round", "table"):
        response = client.get(f"/referee/{hall.event.slug}/fouls/?{name}={value}")
        assert response.status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/api/events/{slug}/players/99999999999999999999999/",
        "/api/events/{slug}/rounds/99999999999999999999999/",
        "/e/{slug}/players/99999999999999999999999/",
        "/e/{slug}/rounds/99999999999999999999999/",
    ],
)
def test_a_number_in_a_path_past_64_bits_is_not_a_500(hall, path):
    client = Client(raise_request_exception=False)
    client.force_login(hall.director)
    response = client.get(path.format(slug=hall.event.slug))
    assert response.status_code in (400, 404)
