"""The seat corrections API: a correction, its resend, its dry run, the refusals, and the
operation in the OpenAPI schema."""

from __future__ import annotations

import pytest
import yaml

from scoring.reseat.models import SeatCorrection
from scoring.results import services as result_services
from scoring.results.models import TableResult
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(make_hall):
    hall = make_hall("mcr")
    table = Table.objects.get(round__event=hall.event, round__number=1, number=1)
    result_services.enter_result(table, hall.director, {"E": 40, "S": 5, "W": 0, "N": -45})
    hall.table = table
    hall.seats_url = hall.url + "rounds/1/tables/1/seat-corrections/"
    return hall


def body(hall, **extra):
    return {
        "swap": [hall.east.pk, hall.south.pk],
        "reason": "Swapped seats",
        "idempotency_key": "api-1",
        **extra,
    }


def east(hall) -> int:
    return Seat.objects.get(table=hall.table, wind="E").player_id


def test_a_correction_and_its_resend(hall):
    client = hall.client(hall.director)
    answer = client.post(hall.seats_url, body(hall), format="json")
    assert answer.status_code == 201, answer.content
    made = answer.json()
    assert made["before"]["E"] == hall.east.pk and made["after"]["E"] == hall.south.pk
    assert made["written"]["result_version"] == 2 and made["made_by"] == hall.director.username
    again = client.post(hall.seats_url, body(hall), format="json")
    assert again.status_code == 200 and again.json()["id"] == made["id"]
    other = client.post(
        hall.seats_url, body(hall, swap=[hall.west.pk, hall.north.pk]), format="json"
    )
    assert other.status_code == 409
    assert east(hall) == hall.south.pk and SeatCorrection.objects.count() == 1
    listed = hall.client(None).get(hall.seats_url)
    assert listed.status_code == 200 and [c["id"] for c in listed.json()] == [made["id"]]


def test_a_dry_run_writes_nothing(hall):
    client = hall.client(hall.director)
    answer = client.post(hall.seats_url, body(hall, dry_run=True), format="json")
    assert answer.status_code == 200, answer.content
    plan = answer.json()
    assert plan["result_version"] == 1
    assert plan["scores"][str(hall.east.pk)] == [40, 40]
    assert plan["after"]["S"] == hall.east.pk
    assert east(hall) == hall.east.pk
    assert not SeatCorrection.objects.exists() and TableResult.objects.count() == 1


def test_the_whole_seating_by_wind(hall):
    seats = {"E": hall.north.pk, "S": hall.east.pk, "W": hall.south.pk, "N": hall.west.pk}
    answer = hall.client(hall.director).post(
        hall.seats_url,
        {"seats": seats, "reason": "The winds were wrong", "idempotency_key": "winds"},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    assert dict(Seat.objects.filter(table=hall.table).values_list("wind", "player_id")) == seats


@pytest.mark.parametrize(
    "who, status",
    [("floor", 403), ("other_floor", 403), (None, 403), ("head", 201)],
)
def test_who_may(hall, who, status):
    user = getattr(hall, who) if who else None
    answer = hall.client(user).post(hall.seats_url, body(hall), format="json")
    assert answer.status_code == status, answer.content
    assert SeatCorrection.objects.count() == (1 if status == 201 else 0)


def test_a_closed_round_is_refused_with_the_way_out(hall):
    round_services.update_round(Round.objects.get(pk=hall.table.round_id), status="closed")
    answer = hall.client(hall.director).post(hall.seats_url, body(hall), format="json")
    assert answer.status_code == 409
    assert "reopens the round" in answer.json()["detail"]
    assert not SeatCorrection.objects.exists() and east(hall) == hall.east.pk


@pytest.mark.parametrize(
    "extra, field",
    [
        ({"reason": ""}, "reason"),
        ({"swap": [999998, 999999]}, "swap"),
        ({"idempotency_key": ""}, "idempotency_key"),
        ({"based_on": "stale"}, None),
    ],
)
def test_refusals_say_why(hall, extra, field):
    if extra.get("based_on") == "stale":
        extra = {
            "based_on": {
                "E": hall.south.pk,
                "S": hall.east.pk,
                "W": hall.west.pk,
                "N": hall.north.pk,
            }
        }
    answer = hall.client(hall.director).post(hall.seats_url, body(hall, **extra), format="json")
    assert answer.status_code in (400, 409)
    if field:
        assert answer.status_code == 400 and field in answer.json()
    else:
        assert answer.status_code == 409 and "changed meanwhile" in answer.json()["detail"]
    assert not SeatCorrection.objects.exists()


def test_the_operation_is_in_the_schema(api):
    schema = yaml.safe_load(api.get("/api/schema/").content)
    path = schema["paths"]["/api/events/{event}/rounds/{number}/tables/{table}/seat-corrections/"]
    assert {"get", "post"} <= set(path)
    assert "409" in path["post"]["responses"] and "201" in path["post"]["responses"]
    fields = schema["components"]["schemas"]["SeatCorrectionInRequest"]["properties"]
    assert {"swap", "seats", "reason", "idempotency_key", "dry_run", "based_on"} <= set(fields)
