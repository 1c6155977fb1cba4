"""docs/rules/standings.md, examples 1-4, and docs/rules/ledger.md, example 8, end to end:
results and ledger rows in, standings out through the API."""

from __future__ import annotations

import pytest

from scoring.standings.reading.compute import compute


def post_result(client, event, scores, *, round_=1, table=1, **extra):
    return client.post(
        f"/api/events/{event.slug}/rounds/{round_}/tables/{table}/result/",
        {"scores": scores, **extra},
        format="json",
    )


def standings(client, event) -> dict:
    response = client.get(f"/api/events/{event.slug}/standings/")
    assert response.status_code == 200, response.content
    return response.json()


def by_name(body: dict, field: str) -> dict[str, str]:
    return {row["player"]["name"]: row[field] for row in body["rows"]}


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run the on-commit reconcile of everything written in the block (eager mode)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_example_1_mcr_false_win_moves_table_points(
    table_event, director_api, api, ledger, committed
):
    event, _table, (a, b, c, d) = table_event("mcr")
    with committed():
        response = post_result(director_api, event, {"E": 40, "S": 5, "W": 0, "N": -45})
    assert response.status_code == 201, response.content
    body = standings(api, event)
    assert body["current"] is True
    assert by_name(body, "table_points") == {a.name: "4", b.name: "2", c.name: "1", d.name: "0"}

    with committed():
        ledger.transfers(_table, b, {a: 10, c: 10, d: 10})
    body = standings(api, event)
    assert body["current"] is True
    assert by_name(body, "table_points") == {a.name: "4", c.name: "2", b.name: "1", d.name: "0"}
    assert by_name(body, "score") == {a.name: "50", c.name: "10", b.name: "-25", d.name: "-35"}
    assert by_name(body, "penalties") == {a.name: 10, c.name: 10, b.name: -30, d.name: 10}
    assert [(r["player"]["name"], r["place"]) for r in body["rows"]] == [
        (a.name, 1),
        (c.name, 2),
        (b.name, 3),
        (d.name, 4),
    ]
    line = body["rows"][2]["rounds"][0]
    assert line == {
        "round": 1,
        "table": 1,
        "score": -25,
        "units": "1",
        "units_display": "1",
        "table_points": "1",
        "penalty": -30,
    }


@pytest.mark.parametrize(
    "scores, points",
    [
        ((30, 30, -20, -40), ("3", "3", "1", "0")),
        ((10, 10, 10, -30), ("7/3", "7/3", "7/3", "0")),
        ((0, 0, 0, 0), ("7/4", "7/4", "7/4", "7/4")),
    ],
)
def test_example_2_mcr_ties_share_points(table_event, director_api, api, committed, scores, points):
    event, _table, players = table_event("mcr")
    with committed():
        response = post_result(director_api, event, dict(zip("ESWN", scores, strict=True)))
    assert response.status_code == 201, response.content
    body = standings(api, event)
    got = by_name(body, "table_points")
    assert [got[p.name] for p in players] == list(points)
    if "7/3" in points:
        assert body["rows"][0]["table_points_display"] == "2.33"
        assert [r["place"] for r in body["rows"]] == [1, 1, 1, 4]


def test_example_3_riichi_wrc_chombo_is_overall(table_event, director_api, api, ledger, committed):
    event, table, (a, b, c, d) = table_event("riichi_wrc")
    with committed():
        post_result(director_api, event, {"E": 45000, "S": 32000, "W": 25000, "N": 18000})
        ledger.deduct(table, c, -20000, "overall", code="chombo")
    body = standings(api, event)
    assert by_name(body, "total") == {
        a.name: "30000",
        b.name: "7000",
        c.name: "-30000",
        d.name: "-27000",
    }
    assert by_name(body, "total_display") == {
        a.name: "30.0",
        b.name: "7.0",
        c.name: "-30.0",
        d.name: "-27.0",
    }
    row_c = next(r for r in body["rows"] if r["player"]["id"] == c.pk)
    assert row_c["rounds"][0]["units"] == "-10000"  # the table's own result is unchanged
    assert row_c["rounds"][0]["penalty"] == 0
    assert row_c["penalties"] == -20000
    assert [r["player"]["name"] for r in body["rows"]] == [a.name, b.name, d.name, c.name]


def test_example_4_riichi_ema_tie_shares_uma(table_event, director_api, api, committed):
    event, _table, (a, b, c, d) = table_event("riichi_ema")
    with committed():
        post_result(director_api, event, {"E": 40000, "S": 40000, "W": 25000, "N": 15000})
    body = standings(api, event)
    assert by_name(body, "total") == {
        a.name: "20000",
        b.name: "20000",
        c.name: "-10000",
        d.name: "-30000",
    }
    assert [r["place"] for r in body["rows"]] == [1, 1, 3, 4]


def test_example_4_wrong_sum_shows_the_difference(table_event, director_api):
    event, _table, _players = table_event("riichi_ema")
    response = post_result(director_api, event, {"E": 40000, "S": 40000, "W": 25000, "N": 14000})
    assert response.status_code == 400
    assert "119000" in response.json()["scores"][0]
    assert "-1000" in response.json()["scores"][0]


def test_example_8_void_returns_standings(table_event, director_api, api, ledger, committed):
    event, table, (east, south, west, north) = table_event("classical")
    with committed():
        post_result(director_api, event, {"E": 100, "S": 50, "W": -50, "N": -100})
    before = standings(api, event)["rows"]
    with committed():
        report = ledger.transfers(table, south, {east: 300, west: 300, north: 300})
    during = standings(api, event)
    assert by_name(during, "score") == {
        east.name: "400",
        west.name: "250",
        north.name: "200",
        south.name: "-850",
    }
    with committed():
        ledger.void(report)
    after = standings(api, event)
    assert after["current"] is True
    assert after["rows"] == before
    assert report.entries.count() == 6  # the three originals and their three reversals stay
    revision, _method, rows = compute(event.pk)
    assert after["revision"] == revision and after["rows"][0]["total"] == rows[0]["total"]
