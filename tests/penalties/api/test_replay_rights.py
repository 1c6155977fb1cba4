"""Replaying an idempotency key (issue 18, item 15): the rights are checked first, so a
recorder who learns another report's key reads nothing; a mismatched replay's 409 does not
name the report."""

from __future__ import annotations

from penalties.models import FoulReport


def test_the_own_referee_replays_and_gets_the_report(hall):
    first = hall.foul(hall.floor, "short_hand", hall.south, key="k-1")
    again = hall.foul(hall.floor, "short_hand", hall.south, key="k-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]


def test_a_referee_of_another_table_learns_nothing_from_the_key(hall):
    report = hall.foul(hall.floor, "short_hand", hall.south, key="k-1").json()
    answer = hall.foul(hall.other_floor, "short_hand", hall.south, key="k-1")
    assert answer.status_code in (403, 409)
    text = answer.content.decode()
    assert str(report["id"]) not in text and "device" not in text
    assert FoulReport.objects.count() == 1


def test_a_mismatched_replay_does_not_name_the_report(hall):
    report = hall.foul(hall.floor, "short_hand", hall.south, key="k-1").json()
    answer = hall.foul(hall.floor, "short_hand", hall.west, key="k-1")
    assert answer.status_code == 409
    assert f"#{report['id']}" not in answer.content.decode()
    assert "already used for another report" in answer.content.decode()


def test_the_head_referee_replay_reads_the_report(hall):
    first = hall.foul(hall.floor, "short_hand", hall.south, key="k-1").json()
    again = hall.foul(hall.head, "short_hand", hall.south, key="k-1")
    assert again.status_code == 200 and again.json()["id"] == first["id"]


def test_moving_a_round_back_through_the_api_needs_a_reason(hall):
    url = hall.url + "rounds/1/"
    client = hall.client(hall.director)
    answer = client.patch(url, {"status": "seated"}, format="json")
    assert answer.status_code == 400 and "reason" in answer.json()
    answer = client.patch(url, {"status": "seated", "reason": "Started early"}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "seated"
    answer = client.patch(url, {"length_minutes": 10**9}, format="json")
    assert answer.status_code == 400
