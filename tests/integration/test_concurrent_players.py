"""Directors on several devices add or import the same names at once (threads, each with its
own PostgreSQL connection): one player per name whatever the case, the others get a clear
400, and nobody a 500."""

from __future__ import annotations

import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, connections
from rest_framework.test import APIClient

from tournament.players.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(director, requests) -> list:
    barrier = threading.Barrier(len(requests))
    answers: list = [None] * len(requests)

    def send(index, call):
        client = APIClient()
        client.force_authenticate(director)
        try:
            barrier.wait()
            answers[index] = call(client)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(i, call)) for i, call in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


@pytest.fixture
def postgres():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")


def test_case_variants_added_at_once_make_one_player(postgres, make_event, director):
    event = make_event("race-cup", players=0)
    url = f"/api/events/{event.slug}/players/"
    names = ["Case", "CASE", "case", "cAsE"] * 5

    def add(name):
        return lambda client: client.post(url, {"name": name}, format="json")

    answers = run_at_once(director, [add(n) for n in names])
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201] + [400] * (len(names) - 1), statuses
    assert all("already registered" in str(a.json()) for a in answers if a.status_code == 400)
    assert Player.objects.filter(event=event).count() == 1


def test_overlapping_imports_at_once_import_one_file_and_refuse_the_others(
    postgres, make_event, director
):
    event = make_event("import-race", players=0)
    url = f"/api/events/{event.slug}/players/import/"

    def upload(i):
        text = f"name\nŠťastný\nOnly In File {i}\n"
        if i % 2:
            text = text.replace("Šťastný", "ŠŤASTNÝ")
        return lambda client: client.post(
            url, {"file": SimpleUploadedFile(f"p{i}.csv", text.encode())}, format="multipart"
        )

    answers = run_at_once(director, [upload(i) for i in range(12)])
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201] + [400] * 11, statuses
    for answer in answers:
        if answer.status_code == 400:
            assert answer.json()["lines"][0]["line"] == 2
    assert Player.objects.filter(event=event).count() == 2
