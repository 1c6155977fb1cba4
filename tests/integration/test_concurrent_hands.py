"""Devices at one table (threads, each with its own PostgreSQL connection) send hand 1 at once:
with one key, one hand is stored and every answer is it; with a key per device, one is stored
and the others get 409 with the stored hand."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from scoring.sheets.models import ScoreSheet, SheetHand
from tournament.events.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def send_all(hall, bodies):
    barrier = threading.Barrier(len(bodies))
    answers: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def send(body):
        client = APIClient()
        client.force_authenticate(hall.head)
        try:
            barrier.wait()
            response = client.post(hall.url + "rounds/1/tables/1/sheet/hands/", body, format="json")
            with lock:
                answers.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


@pytest.fixture
def riichi(make_hall):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True)
    return hall


def hand(winner):
    return {"kind": "win", "winner": winner, "discarder": (winner + 1) % 4, "han": 2, "fu": 30}


def test_ten_devices_one_key_store_one_hand(riichi):
    body = {"number": 1, "hand": hand(1), "idempotency_key": "device-key"}
    answers = send_all(riichi, [body] * 10)
    assert sorted(s for s, _ in answers) == [200] * 9 + [201]
    assert SheetHand.objects.count() == 1 and ScoreSheet.objects.count() == 1


def test_ten_devices_ten_keys_one_stored_the_others_409_with_it(riichi):
    bodies = [{"number": 1, "hand": hand(i % 4), "idempotency_key": f"d{i}"} for i in range(10)]
    answers = send_all(riichi, bodies)
    assert sorted(s for s, _ in answers) == [201] + [409] * 9
    stored = SheetHand.objects.get()
    for status, body in answers:
        if status == 409:
            assert body["hand"]["number"] == 1 and body["hand"]["hand"] == stored.data
