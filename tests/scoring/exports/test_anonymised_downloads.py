"""The anonymised archive as the director gets it: the exports page's link, the API and
``export_event --anonymised``; nobody else gets it."""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from scoring import exports
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_exports_page_links_the_file_named_as_it_downloads(mcr_event, director):
    event = mcr_event.event
    client = logged_in(director)
    page = client.get(f"/director/{event.slug}/exports/").content.decode()
    url = f"/director/{event.slug}/export/anonymised-archive.json"
    link = re.search(rf'<a [^>]*href="{re.escape(url)}"[^>]*>([^<]+)</a>', page)
    assert link, page
    file = f"anonymised-{event.pk}-archive.json"
    assert link[1] == file
    assert "to share for testing or research" in page
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{file}"'
    assert response["Cache-Control"] == "private, no-store"
    assert response.content.decode() == exports.anonymised_archive_json(event)
    assert "Jiří Dvořák" not in response.content.decode()


def test_only_the_director_downloads_it(mcr_event, make_user, other_director):
    event = mcr_event.event
    url = f"/director/{event.slug}/export/anonymised-archive.json"
    head = make_user("head")
    staff_services.assign_referee(event, head, role=RefereeAssignment.Role.HEAD)
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert logged_in(other_director).get(url).status_code == 403
    assert logged_in(head).get(url).status_code == 403
    event.is_public = False
    event.save()
    assert logged_in(other_director).get(url).status_code == 404


def test_the_api_gives_the_archive_and_the_anonymised_archive(mcr_event, director):
    event = mcr_event.event
    url = f"/api/events/{event.slug}/archive/"
    client = api(director)
    plain = client.get(url)
    assert plain.status_code == 200 and plain["Cache-Control"] == "private, no-store"
    assert plain.json() == json.loads(exports.archive_json(event))
    for flag in ("true", "1"):
        anonymised = client.get(url, {"anonymised": flag})
        assert anonymised.json() == json.loads(exports.anonymised_archive_json(event))
    assert client.get(url, {"anonymised": "false"}).json() == plain.json()
    refused = client.get(url, {"anonymised": "perhaps"})
    assert refused.status_code == 400 and "anonymised" in refused.json()


def test_the_api_refuses_everybody_but_the_director(mcr_event, make_user, other_director):
    event = mcr_event.event
    url = f"/api/events/{event.slug}/archive/?anonymised=true"
    head = make_user("head")
    staff_services.assign_referee(event, head, role=RefereeAssignment.Role.HEAD)
    for user in (None, other_director, head):
        answer = api(user).get(url)
        assert answer.status_code == 403
        assert "director" in answer.json()["detail"]
    event.is_public = False
    event.save()
    assert api(other_director).get(url).status_code == 404
    assert api(other_director).get("/api/events/nope/archive/").status_code == 404


def test_the_command_writes_the_anonymised_archive(mcr_event, tmp_path):
    event = mcr_event.event
    out = tmp_path / "shared.json"
    call_command("export_event", event.slug, "--anonymised", "-o", str(out))
    assert out.read_text(encoding="utf-8") == exports.anonymised_archive_json(event)
