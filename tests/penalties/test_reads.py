"""Lists with filters, the audit trail for the head referee and director, and the
disciplinary record."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def busy_hall(make_hall):
    h = make_hall("mcr")
    h.foul(h.floor, "false_win", h.south, {"reason": "invalid_hand"})
    h.foul(h.floor, "slow_play", h.west, {"seconds": 25})
    h.foul(h.floor, "short_hand", h.west, {"count": 12})
    table2 = h.event.rounds.get(number=1).tables.get(number=2)
    east2 = table2.seats.get(wind="E").player
    h.foul(
        h.other_floor,
        "referee_decision",
        east2,
        {"sanction": "deduct", "amount": 30, "scope": "table"},
        table=2,
    )
    return h, east2


def ids(response):
    return [r["offender"] for r in response.json()["results"]]


def test_foul_list_filters(busy_hall):
    h, east2 = busy_hall
    client = h.client(None)
    assert len(client.get(h.url + "fouls/").json()["results"]) == 4
    assert set(ids(client.get(h.url + "fouls/?table=2"))) == {east2.pk}
    assert set(ids(client.get(h.url + f"fouls/?player={h.west.pk}"))) == {h.west.pk}
    assert ids(client.get(h.url + "fouls/?code=false_win")) == [h.south.pk]
    assert client.get(h.url + "fouls/?round=2").json()["results"] == []
    assert client.get(h.url + "fouls/?round=x").status_code == 400


def test_audit_trail_only_for_head_referee_and_director(busy_hall):
    h, _ = busy_hall
    public = h.client(None).get(h.url + "fouls/").json()["results"][0]
    assert "user_agent" not in public and "idempotency_key" not in public
    floor = h.client(h.floor).get(h.url + "fouls/").json()["results"][0]
    assert "user_agent" not in floor
    for user in (h.head, h.director):
        row = h.client(user).get(h.url + "fouls/").json()["results"][0]
        assert {"user_agent", "idempotency_key", "referee", "created_at"} <= set(row)


def test_user_agent_recorded(hall):
    client = hall.client(hall.floor)
    response = client.post(
        hall.url + "fouls/",
        {
            "round": 1,
            "table": 1,
            "offender": hall.south.pk,
            "code": "short_hand",
            "idempotency_key": "ua-1",
        },
        format="json",
        HTTP_USER_AGENT="Tablet/1.0 (Android 14)",
    )
    assert response.json()["user_agent"] == "Tablet/1.0 (Android 14)"
    assert response.json()["referee"] == hall.floor.username


def test_ledger_filters(busy_hall):
    h, east2 = busy_hall
    rows = h.client(None).get(h.url + f"ledger/?player={h.south.pk}").json()["results"]
    assert {r["kind"] for r in rows} == {"transfer", "dead_hand"}
    rows = h.client(None).get(h.url + "ledger/?kind=deduct").json()["results"]
    assert [(r["player"], r["points"], r["scope"]) for r in rows] == [(east2.pk, -30, "table")]


def test_disciplinary_record(busy_hall):
    h, east2 = busy_hall
    rows = {r["player"]: r for r in h.client(None).get(h.url + "discipline/").json()}
    assert rows[h.south.pk]["table_points"] == -30 and rows[h.south.pk]["dead_hands"] == 1
    assert rows[h.west.pk]["warnings"] == 1 and rows[h.west.pk]["dead_hands"] == 1
    assert rows[h.west.pk]["table_points"] == 10
    assert rows[east2.pk]["table_points"] == -30
    one = h.client(None).get(h.url + f"players/{h.west.pk}/discipline/").json()
    assert one == [rows[h.west.pk]]


def test_void_removes_the_record(busy_hall):
    h, _ = busy_hall
    report = h.client(None).get(h.url + "fouls/?code=slow_play").json()["results"][0]
    h.void(h.head, report["id"], "Clock was wrong")
    row = h.client(None).get(h.url + f"players/{h.west.pk}/discipline/").json()[0]
    assert row["warnings"] == 0 and row["dead_hands"] == 1
    voided = h.client(None).get(h.url + "fouls/?code=slow_play").json()["results"][0]
    assert voided["void"]["reason"] == "Clock was wrong"


def test_private_event_fouls_hidden(make_hall):
    h = make_hall("mcr")
    h.event.is_public = False
    h.event.save()
    assert h.client(None).get(h.url + "fouls/").status_code == 404
    assert h.client(h.floor).get(h.url + "fouls/").status_code == 200


def test_ruleset_catalogue(api):
    body = api.get("/api/rulesets/").json()
    assert [r["key"] for r in body] == [
        "mcr",
        "riichi_ema",
        "riichi_wrc",
        "wsom",
        "classical",
        "french",
    ]
    riichi = api.get("/api/rulesets/riichi_ema/").json()
    assert "chombo" in [f["code"] for f in riichi["fouls"]]
    assert api.get("/api/rulesets/poker/").status_code == 404
