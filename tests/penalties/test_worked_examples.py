"""The worked examples' penalty side (docs/rules/fouls.md, examples 5-7; docs/rules/ledger.md,
example 8), end to end through the API (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from penalties.models import LedgerEntry

pytestmark = pytest.mark.django_db


def balances(event, scope="table"):
    """Net points per player from the stored ledger (transfers move points; deductions
    are signed)."""
    result: dict[int, int] = defaultdict(int)
    for e in LedgerEntry.objects.filter(event=event):
        if e.kind == "transfer":
            result[e.player_id] -= e.points
            result[e.counterpart_id] += e.points
        elif e.kind == "deduct" and e.scope == scope:
            result[e.player_id] += e.points
    return {p: v for p, v in result.items() if v}


def kinds(report_json):
    return sorted(e["kind"] for e in report_json["entries"])


def test_example_1_mcr_false_win_pays_ten_to_each(make_hall):
    h = make_hall("mcr")
    response = h.foul(h.floor, "false_win", h.south, {"reason": "invalid_hand"})
    assert response.status_code == 201, response.content
    assert balances(h.event) == {h.east.pk: 10, h.south.pk: -30, h.west.pk: 10, h.north.pk: 10}
    assert "dead_hand" in kinds(response.json())


def test_example_3_riichi_wrc_chombo_is_overall(make_hall):
    h = make_hall("riichi_wrc", {"chombo_points": 30000})
    response = h.foul(h.floor, "chombo", h.west, {"kind": "noten_riichi"})
    assert response.status_code == 201, response.content
    assert balances(h.event, "table") == {}
    assert balances(h.event, "overall") == {h.west.pk: -30000}
    assert "redeal" in kinds(response.json())


def test_example_5_classical_false_mahjong_by_south(hall):
    h = hall
    response = h.foul(h.floor, "false_win", h.south, {"others_exposed": True})
    assert response.status_code == 201, response.content
    assert balances(h.event) == {h.south.pk: -900, h.east.pk: 300, h.west.pk: 300, h.north.pk: 300}
    assert kinds(response.json()) == ["hand_ends", "transfer", "transfer", "transfer"]
    assert "South pays 300 to each opponent" in response.json()["description"]


def test_example_5_classical_false_mahjong_by_east_passes_east(hall):
    h = hall
    response = h.foul(h.floor, "false_win", h.east, {"others_exposed": True})
    assert balances(h.event) == {h.east.pk: -900, h.south.pk: 300, h.west.pk: 300, h.north.pk: 300}
    assert "dealer_passes" in kinds(response.json())


def test_example_5_nobody_exposed_writes_no_entries(hall):
    h = hall
    response = h.foul(h.floor, "false_win", h.south, {"others_exposed": False})
    assert response.status_code == 201
    assert response.json()["entries"] == []
    assert LedgerEntry.objects.filter(event=h.event).count() == 0


def test_example_6_french_false_mahjong(make_hall):
    h = make_hall("french")
    h.foul(h.floor, "false_win", h.east, {"others_exposed": True, "revealed": True})
    assert balances(h.event) == {h.east.pk: -1500, h.south.pk: 500, h.west.pk: 500, h.north.pk: 500}
    h2 = make_hall("french")
    h2.foul(h2.floor, "false_win", h2.south, {"others_exposed": True, "revealed": True})
    assert balances(h2.event) == {
        h2.south.pk: -1000,
        h2.east.pk: 500,
        h2.west.pk: 250,
        h2.north.pk: 250,
    }
    h3 = make_hall("french")
    response = h3.foul(h3.floor, "false_win", h3.south, {"others_exposed": False})
    assert response.json()["entries"] == []


def test_example_7_wsom_false_win_penalty_tiles(make_hall):
    h = make_hall("wsom")
    response = h.foul(
        h.floor,
        "false_win",
        h.south,
        {"revealed": True, "revealed_count": 14, "others_exposed_counts": {str(h.west.pk): 3}},
    )
    assert response.status_code == 201, response.content
    tiles = {
        e["player"]: e["detail"]["count"]
        for e in response.json()["entries"]
        if e["kind"] == "penalty_tiles"
    }
    assert tiles[h.west.pk] == 3 and tiles[h.south.pk] > 0
    assert balances(h.event) == {}
    assert not {"hand_ends", "redeal"} & set(kinds(response.json()))


def test_example_8_void_reverses_with_three_entries(hall):
    h = hall
    report = h.foul(h.floor, "false_win", h.south, {"others_exposed": True}).json()
    before = list(LedgerEntry.objects.order_by("pk").values_list("pk", "points", "player_id"))
    response = h.void(h.director, report["id"], "Appeal upheld: West had not exposed")
    assert response.status_code == 201, response.content
    body = response.json()
    reversals = [e for e in body["entries"] if e["reverses"]]
    assert len(reversals) == 3
    assert balances(h.event) == {}
    assert body["void"]["reason"] == "Appeal upheld: West had not exposed"
    assert body["void"]["voided_by"] == h.director.username
    originals = LedgerEntry.objects.filter(pk__in=[pk for pk, *_ in before]).order_by("pk")
    assert list(originals.values_list("pk", "points", "player_id")) == before
