"""The tournament API: visibility, director-only writes, and every seating rule answered 400."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tournament.players.models import Player
from tournament.rounds.models import Round, Seat
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db


def url(event, tail=""):
    return f"/api/events/{event.slug}/{tail}"


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


# Visibility and rights ----------------------------------------------------------------------


def test_public_event_readable_anonymously(api, event):
    response = api.get(url(event, "rounds/1/tables/1/"))
    assert response.status_code == 200
    assert [s["wind"] for s in response.json()["seats"]] == ["E", "S", "W", "N"]


def test_private_event_hidden_from_public_but_not_staff(api, make_event, director, make_user):
    private = make_event("closed-club-night", public=False)
    assert api.get(url(private)).status_code == 404
    assert api.get(url(private, "players/")).status_code == 404
    assert private.slug not in [e["slug"] for e in api.get("/api/events/").json()["results"]]
    assert client_for(director).get(url(private)).status_code == 200
    assert client_for(make_user("nobody")).get(url(private)).status_code == 404


@pytest.mark.parametrize(
    "method,tail,body",
    [
        ("post", "players/", {"name": "Intruder"}),
        ("patch", "", {"venue": "Elsewhere"}),
        ("post", "rounds/", {}),
        ("put", "rounds/1/tables/1/seats/", {"E": None}),
        ("post", "referees/", {"username": "floor", "role": "floor"}),
    ],
)
def test_writes_only_for_the_events_director(
    api, event, other_director, floor_referee, method, tail, body
):
    before = (event.players.count(), event.rounds.count(), Seat.objects.count())
    assert getattr(api, method)(url(event, tail), body, format="json").status_code in (401, 403)
    for user in (other_director, floor_referee):
        response = getattr(client_for(user), method)(url(event, tail), body, format="json")
        assert response.status_code == 403, response.content
    assert (event.players.count(), event.rounds.count(), Seat.objects.count()) == before


def test_only_directors_create_events(make_user, director):
    body = {"name": "Summer Cup", "slug": "summer-cup", "ruleset": "riichi_ema"}
    assert client_for(make_user("player")).post("/api/events/", body).status_code == 403
    response = client_for(director).post("/api/events/", body)
    assert response.status_code == 201, response.content
    assert response.json()["director"] == "dir"


def test_event_validation(director_api, event):
    bad = director_api.patch(url(event), {"start_date": "2026-05-02", "end_date": "2026-05-01"})
    assert bad.status_code == 400 and "end_date" in bad.json()
    bad = director_api.patch(url(event), {"ruleset": "poker"})
    assert bad.status_code == 400 and "ruleset" in bad.json()


def test_token_auth(director, event):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=director)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.post(url(event, "players/"), {"name": "By Token"}).status_code == 201


def test_schema_and_docs_served(api):
    assert api.get("/api/schema/").status_code == 200
    assert api.get("/api/docs/").status_code == 200


# Players ------------------------------------------------------------------------------------


def test_add_player_and_reject_bad_ones(director_api, event):
    ok = director_api.post(
        url(event, "players/"),
        {"name": "Aino Virtanen", "country": "FI", "club": "Helsinki", "ema_number": "11000001"},
    )
    assert ok.status_code == 201, ok.content
    count = event.players.count()
    for body, field in [
        ({"name": "Aino Virtanen"}, "name"),
        ({"name": "X", "ema_number": "11000001"}, "ema_number"),
        ({"name": "Y", "ema_number": "1234"}, "ema_number"),
        ({"name": "Z", "country": "XX"}, "country"),
        ({"name": ""}, "name"),
    ]:
        response = director_api.post(url(event, "players/"), body)
        assert response.status_code == 400 and field in response.json(), (body, response.content)
    assert event.players.count() == count


def test_drop_player(director_api, event):
    player = event.players.first()
    response = director_api.patch(url(event, f"players/{player.pk}/"), {"status": "dropped"})
    assert response.status_code == 200
    player.refresh_from_db()
    assert player.status == Player.Status.DROPPED


def _csv(text: str):
    return {"file": SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")}


def test_csv_import_all_or_nothing(director_api, event):
    count = event.players.count()
    bad = (
        "name,country,club,ema_number\n"
        "Jana Nováková,CZ,Praha,07000101\n"
        "Jana Nováková,CZ,Praha,07000102\n"
        "Piotr Nowak,QQ,Warszawa,08000001\n"
        "Eero Laine,FI,,123\n"
        "Camille Martin,FR,Paris,07000101\n"
    )
    response = director_api.post(url(event, "players/import/"), _csv(bad), format="multipart")
    assert response.status_code == 400
    lines = {e["line"]: e["message"] for e in response.json()["lines"]}
    assert set(lines) == {3, 4, 5, 6}
    assert "Duplicate player" in lines[3]
    assert "QQ" in lines[4]
    assert "8 digits" in lines[5]
    assert "Duplicate EMA number" in lines[6]
    assert event.players.count() == count
    good = "name,country,club,ema_number\nJana Nováková,CZ,Praha,07000101\nOtto Heikkinen,FI,,\n"
    response = director_api.post(url(event, "players/import/"), _csv(good), format="multipart")
    assert response.status_code == 201
    assert event.players.count() == count + 2


def test_csv_without_a_name_column_is_refused_and_optional_columns_may_be_missing(
    director_api, event
):
    response = director_api.post(
        url(event, "players/import/"), _csv("player,country\nA,CZ\n"), format="multipart"
    )
    assert response.status_code == 400
    message = response.json()["lines"][0]["message"]
    assert "at least name" in message and "player, country" in message
    response = director_api.post(
        url(event, "players/import/"), _csv("name,country\nA,CZ\n"), format="multipart"
    )
    assert response.status_code == 201
    assert event.players.get(name="A").country == "CZ"


def test_csv_player_already_registered(director_api, event):
    existing = event.players.first()
    text = f"name,country,club,ema_number\n{existing.name},CZ,,\n"
    response = director_api.post(url(event, "players/import/"), _csv(text), format="multipart")
    assert response.status_code == 400
    assert response.json()["lines"][0]["line"] == 2


# Rounds and seating -------------------------------------------------------------------------


def test_create_round_numbers_itself(director_api, event):
    response = director_api.post(url(event, "rounds/"), {"length_minutes": 90}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["number"] == 3
    again = director_api.post(url(event, "rounds/"), {"number": 3}, format="json")
    assert again.status_code == 400 and "number" in again.json()


def test_round_status_transitions(director_api, event):
    assert director_api.patch(url(event, "rounds/1/"), {"status": "closed"}).status_code == 400
    assert director_api.patch(url(event, "rounds/1/"), {"status": "live"}).status_code == 200
    assert director_api.patch(url(event, "rounds/1/"), {"status": "closed"}).status_code == 200
    empty = director_api.post(url(event, "rounds/"), {}, format="json").json()["number"]
    response = director_api.patch(url(event, f"rounds/{empty}/"), {"status": "seated"})
    assert response.status_code == 400 and "status" in response.json()


def _ids(event):
    return list(event.players.order_by("pk").values_list("pk", flat=True))


def test_seat_round_by_hand(director_api, event):
    ids = _ids(event)
    number = director_api.post(url(event, "rounds/"), {}, format="json").json()["number"]
    response = director_api.put(
        url(event, f"rounds/{number}/seating/"),
        {"tables": [ids[0:4], [ids[4], ids[5], ids[6], None]]},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert [len(t["seats"]) for t in response.json()] == [4, 3]
    assert Round.objects.get(event=event, number=number).status == Round.Status.SEATED


def test_seating_a_player_twice_in_a_round_rejected(director_api, event):
    ids = _ids(event)
    before = list(Seat.objects.order_by("pk").values_list("pk", "player_id"))
    response = director_api.put(
        url(event, "rounds/1/seating/"), {"tables": [ids[0:4], [ids[0], *ids[5:8]]]}, format="json"
    )
    assert response.status_code == 400 and "seats" in response.json()
    table1 = director_api.get(url(event, "rounds/1/tables/1/")).json()
    elsewhere = next(p for p in ids if p not in [s["player"] for s in table1["seats"]])
    response = director_api.put(
        url(event, "rounds/1/tables/1/seats/"), {"E": elsewhere}, format="json"
    )
    assert response.status_code == 400
    assert "already sits at table" in str(response.json())
    assert list(Seat.objects.order_by("pk").values_list("pk", "player_id")) == before


def test_fifth_player_at_a_table_rejected(director_api, event):
    ids = _ids(event)
    response = director_api.put(
        url(event, "rounds/1/seating/"), {"tables": [ids[0:5], ids[5:8]]}, format="json"
    )
    assert response.status_code == 400
    response = director_api.put(
        url(event, "rounds/1/tables/1/seats/"), {"E": ids[0], "X": ids[1]}, format="json"
    )
    assert response.status_code == 400 and "seats" in response.json()


def test_seat_in_closed_round_rejected(director_api, event):
    director_api.patch(url(event, "rounds/1/"), {"status": "live"})
    director_api.patch(url(event, "rounds/1/"), {"status": "closed"})
    before = list(Seat.objects.order_by("pk").values_list("pk", "player_id", "wind"))
    ids = _ids(event)
    response = director_api.put(
        url(event, "rounds/1/tables/1/seats/"), {"E": ids[0], "S": None}, format="json"
    )
    assert response.status_code == 400 and "round" in response.json()
    response = director_api.put(
        url(event, "rounds/1/seating/"), {"tables": [ids[:4]]}, format="json"
    )
    assert response.status_code == 400 and "closed" in str(response.json())
    response = director_api.post(url(event, "rounds/1/tables/"), {"number": 9}, format="json")
    assert response.status_code == 400
    assert list(Seat.objects.order_by("pk").values_list("pk", "player_id", "wind")) == before


def test_player_of_another_event_cannot_be_seated(director_api, event, make_event):
    stranger = make_event("elsewhere", players=1).players.get()
    response = director_api.put(
        url(event, "rounds/2/tables/1/seats/"), {"E": stranger.pk}, format="json"
    )
    assert response.status_code == 400
    message = str(response.json())
    assert "not registered in this event" in message and str(stranger.pk) not in message


def test_revision_bumps_on_seating(director_api, event):
    event.refresh_from_db()
    before = event.revision
    ids = _ids(event)
    director_api.put(
        url(event, "rounds/2/seating/"), {"tables": [ids[:4], ids[4:8]]}, format="json"
    )
    event.refresh_from_db()
    assert event.revision == before + 1


# Referees -----------------------------------------------------------------------------------


def test_assign_referees(director_api, event, make_user, director, make_event):
    anna = make_user("anna")
    staff_services.assign_referee(
        make_event("autumn-open", players=4), anna, role=RefereeAssignment.Role.FLOOR
    )
    response = director_api.post(
        url(event, "referees/"),
        {"username": "anna", "role": "floor", "table_numbers": [2, 1]},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["table_numbers"] == [1, 2]
    assert (
        director_api.post(
            url(event, "referees/"), {"username": "ghost", "role": "floor"}, format="json"
        ).status_code
        == 400
    )
    assert (
        director_api.post(
            url(event, "referees/"), {"username": "anna", "role": "boss"}, format="json"
        ).status_code
        == 400
    )
    assert (
        director_api.post(
            url(event, "referees/"), {"username": director.username, "role": "head"}, format="json"
        ).status_code
        == 400
    )
    pk = response.json()["id"]
    assert (
        director_api.patch(url(event, f"referees/{pk}/"), {"role": "head"}, format="json").json()[
            "role"
        ]
        == "head"
    )
    assert director_api.delete(url(event, f"referees/{pk}/")).status_code == 204


def test_referee_list_is_for_the_director(api, event, floor_referee):
    assert client_for(floor_referee).get(url(event, "referees/")).status_code == 403
    assert api.get(url(event, "referees/")).status_code in (401, 403)
