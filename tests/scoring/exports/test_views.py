"""Director downloads: the event's director gets each file; nobody else does."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db

FILES = [
    ("standings.csv", "text/csv; charset=utf-8"),
    ("standings.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("results.csv", "text/csv; charset=utf-8"),
    ("results.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("ema.csv", "text/csv; charset=utf-8"),
    ("archive.json", "application/json; charset=utf-8"),
]


def client_of(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("name, content_type", FILES)
def test_the_director_downloads(mcr_event, director, name, content_type):
    response = client_of(director).get(f"/director/mcr-cup/export/{name}")
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="mcr-cup-{name}"'
    assert response.content


def test_the_downloaded_files_are_the_exports(mcr_event, director):
    client = client_of(director)
    ema = client.get("/director/mcr-cup/export/ema.csv").content.decode()
    assert ema.splitlines()[1] == "1,10000005,Kowalski,Jan,PL,4,40"
    archive = json.loads(client.get("/director/mcr-cup/export/archive.json").content)
    assert archive["event"]["slug"] == "mcr-cup" and len(archive["players"]) == 8


@pytest.mark.parametrize("name", [name for name, _type in FILES])
def test_other_users_get_nothing(mcr_event, make_user, other_director, name):
    url = f"/director/mcr-cup/export/{name}"
    head = make_user("head")
    staff_services.assign_referee(mcr_event.event, head, role=RefereeAssignment.Role.HEAD)
    anonymous = client_of(None).get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert client_of(other_director).get(url).status_code == 403  # a public event
    assert client_of(head).get(url).status_code == 403


def test_a_private_event_is_not_found_for_strangers(mcr_event, other_director):
    mcr_event.event.is_public = False
    mcr_event.event.save()
    response = client_of(other_director).get("/director/mcr-cup/export/ema.csv")
    assert response.status_code == 404


def test_unknown_event_and_post_are_refused(mcr_event, director):
    client = client_of(director)
    assert client.get("/director/nope/export/ema.csv").status_code == 404
    assert client.post("/director/mcr-cup/export/ema.csv").status_code == 405
