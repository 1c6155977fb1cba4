"""Bad input that gave a 500 (issue 18, item 16): NUL in a hall announcement or a void
reason, a non-numeric toggle on the hall page; a riichi referee amount in the wrong unit
(item 9)."""

from __future__ import annotations

import pytest
from django.test import Client

from penalties.models import FoulReport, Void
from tournament.events.models import Announcement


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_nul_in_an_announcement_is_refused(hall):
    answer = web(hall.director).post(
        f"/director/{hall.event.slug}/hall/",
        {"announce": "1", "text": "Lunch\x00 at 13"},
        follow=True,
    )
    assert answer.status_code == 200
    assert "control character" in answer.content.decode()
    assert not Announcement.objects.exists()


@pytest.mark.parametrize("value", ["abc", "", "9" * 40, "１"])
def test_a_toggle_that_is_no_number_is_a_404(hall, value):
    answer = web(hall.director).post(f"/director/{hall.event.slug}/hall/", {"toggle": value})
    assert answer.status_code == 404


def test_a_table_that_is_no_number_is_a_404(hall):
    answer = web(hall.director).post(
        f"/director/{hall.event.slug}/rounds/1/extra-time/",
        {"table": "x", "minutes": "5", "reason": "ruling", "key": "k1"},
    )
    assert answer.status_code == 404


def test_nul_in_a_void_reason_is_refused(hall):
    report = hall.foul(hall.floor, "short_hand", hall.south).json()
    answer = web(hall.head).post(
        f"/referee/{hall.event.slug}/fouls/{report['id']}/void/",
        {"reason": "appeal\x00"},
        follow=True,
    )
    assert answer.status_code == 200 and "NUL" in answer.content.decode()
    assert not Void.objects.exists()


def test_riichi_amount_under_100_proposes_raw_points(make_hall):
    hall = make_hall("riichi_ema")
    details = {"sanction": "deduct", "amount": 20, "scope": "overall"}
    answer = hall.foul(hall.head, "referee_decision", hall.south, details)
    assert answer.status_code == 400
    text = " ".join(answer.json()["details.amount"])
    assert "Did you mean 20\u00a0000 (= 20.0 points)?" in text
    assert not FoulReport.objects.exists()
    details["amount"] = 20000
    assert hall.foul(hall.head, "referee_decision", hall.south, details).status_code == 201


def test_the_referee_decision_form_names_the_unit(make_hall):
    hall = make_hall("riichi_ema")
    page = web(hall.head).get(f"/referee/{hall.event.slug}/r1/t1/referee_decision/")
    assert "20 000 = 20.0 points" in page.content.decode()
    rulesets = Client().get("/api/rulesets/").json()
    units = {r["key"]: r["points_unit"] for r in rulesets}
    assert "20 000 = 20.0 points" in units["riichi_ema"] and "MCR" in units["mcr"]
