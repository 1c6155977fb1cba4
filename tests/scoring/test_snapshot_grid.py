"""The reconcile's bulk path (bulk reads into arrays, ``rules.rank_grid``, the packed
snapshot) against the standings computed from plain ORM rows, one object at a time."""

from __future__ import annotations

from collections import defaultdict
from contextlib import contextmanager
from fractions import Fraction

import numpy as np
import pytest
from django.db import connection, transaction

from bench._build import build_event
from penalties.models import LedgerEntry
from rules import PlayerEntry, TableResult, get_ruleset
from scoring.results.models import SeatScore
from scoring.standings import reconcile as standings_reconcile
from scoring.standings.snapshot import (
    Formatter,
    compute,
    int_rows,
    load_grid,
    pack_rows,
    positions,
    unpack,
)
from tournament.events.models import Event
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


def standings_from_objects(event: Event) -> list[tuple]:
    """(player, place, total, table points, score, penalties, dropped, rounds) per ranked
    player, from model instances and ``rules.compute_standings``."""
    tables: dict[int, dict] = {}
    for seat in SeatScore.objects.filter(result__event=event, result__counts=True).select_related(
        "result__round", "result__table"
    ):
        table = tables.setdefault(
            seat.result.table_id,
            {"round": seat.result.round.number, "number": seat.result.table.number, "scores": {}},
        )
        table["scores"][seat.player_id] = seat.score
    at_table: dict[tuple[int, int], int] = defaultdict(int)
    overall: dict[int, int] = defaultdict(int)
    for e in LedgerEntry.objects.filter(event=event):
        if e.kind == LedgerEntry.Kind.TRANSFER:
            at_table[(e.player_id, e.table_id)] -= e.points
            at_table[(e.counterpart_id, e.table_id)] += e.points
        elif e.kind == LedgerEntry.Kind.DEDUCT and e.scope == LedgerEntry.Scope.TABLE:
            at_table[(e.player_id, e.table_id)] += e.points
        elif e.kind == LedgerEntry.Kind.DEDUCT:
            overall[e.player_id] += e.points
    results = [
        TableResult(
            t["round"],
            t["number"],
            t["scores"],
            {p: at_table[(p, table_id)] for p in t["scores"] if at_table[(p, table_id)]},
        )
        for table_id, t in tables.items()
    ]
    players = list(Player.objects.filter(event=event).order_by("pk"))
    entries = [PlayerEntry(p.pk, overall[p.pk], p.status == Player.Status.DROPPED) for p in players]
    substitutes = {p.pk for p in players if p.is_substitute}
    ruleset = get_ruleset(event.ruleset)
    fmt, plain = Formatter(ruleset.method), Formatter("table_points")
    rows, place, previous = [], 0, None
    for row in ruleset.standings(results, entries, event.ruleset_options):
        if row.player in substitutes:
            continue
        key = {
            "table_points": (row.table_points, row.score),
            "riichi": (row.total,),
        }.get(ruleset.method, (row.total, row.table_points))
        if key != previous:
            place, previous = len(rows) + 1, key
        rows.append(
            (
                row.player,
                place,
                fmt(int(row.total * 12))[0],
                plain(int(row.table_points * 12))[0],
                fmt(int(row.score * 12))[0],
                row.penalties,
                row.dropped,
                [
                    (line.round, line.table, line.score, str(line.units), line.penalty)
                    for line in row.rounds
                ],
            )
        )
    return rows


def standings_from_snapshot(event: Event) -> list[tuple]:
    _revision, _method, rows = standings_reconcile.compute(event.pk)
    return [
        (
            r["player"],
            r["place"],
            r["total"],
            r["table_points"],
            r["score"],
            r["penalties"],
            r["dropped"],
            [(line[0], line[1], line[2], line[3], line[6]) for line in r["rounds"]],
        )
        for r in rows
    ]


@pytest.mark.parametrize("ruleset", ["mcr", "riichi_ema", "wsom"])
def test_bulk_path_equals_the_standings_from_objects(director, ruleset):
    event = Event.objects.get(pk=build_event(40, 4, 80, slug=f"grid-{ruleset}", seed=7))
    event.ruleset = ruleset
    event.save()
    players = list(Player.objects.filter(event=event).order_by("pk"))
    Player.objects.filter(pk=players[3].pk).update(status=Player.Status.DROPPED)
    Player.objects.filter(pk__in=[players[5].pk, players[17].pk]).update(is_substitute=True)
    expected = standings_from_objects(event)
    assert len(expected) == 38
    assert any(row[5] for row in expected), "the event needs penalties to prove anything"
    assert standings_from_snapshot(event) == expected


@contextmanager
def past_the_triggers():
    """Seat scores are append-only below the application; this test builds its tie by
    rewriting them, the way the test database's wipe is let through."""
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL session_replication_role = replica")
            yield
        else:
            cursor.execute("INSERT OR IGNORE INTO integrity_maintenance (id) VALUES (1)")
            yield
            cursor.execute("DELETE FROM integrity_maintenance")


def test_ties_share_places_in_the_bulk_path(director):
    event = Event.objects.get(pk=build_event(16, 2, 0, slug="grid-ties"))
    with past_the_triggers():
        SeatScore.objects.filter(result__event=event).update(score=0)
    rows = standings_reconcile.compute(event.pk)[2]
    assert {(r["place"], r["table_points"], r["table_points_display"]) for r in rows} == {
        (1, "7/2", "3.50")
    }


def test_packing_round_trips_and_keeps_big_values_exact(director):
    event = Event.objects.get(pk=build_event(16, 3, 20, slug="grid-pack"))
    event.ruleset = "riichi_ema"
    event.save()
    method, packed = compute(event.ruleset, event.ruleset_options, load_grid(event.pk))
    rows = unpack(method, packed)
    assert unpack(method, pack_rows(rows)) == rows
    big = 5_000_000_000  # a score beyond 32-bit integers: its column is stored as 64-bit
    rows[0]["rounds"][0][2] = big
    assert unpack(method, pack_rows(rows))[0]["rounds"][0][2] == big
    assert rows[0]["total_display"] == f"{float(Fraction(rows[0]['total'])) / 1000:.1f}"


@pytest.mark.parametrize("spread", [1, 3, 1000])  # consecutive, gapped, sparse ids
def test_positions_finds_every_id_and_marks_outsiders(spread):
    rng = np.random.default_rng(spread)
    ids = np.unique(rng.integers(50, 50 + 300 * spread, size=300))
    values = np.concatenate(
        (rng.choice(ids, size=1000), rng.integers(0, 60 + 300 * spread + 100, size=1000))
    )
    where = {int(i): n for n, i in enumerate(ids)}
    expected = [where.get(int(v), -1) for v in values]
    assert positions(ids, values).tolist() == expected
    assert -1 in expected and any(e >= 0 for e in expected)
    assert positions(ids[:0], values[:3]).tolist() == [-1, -1, -1]


def test_int_rows_keep_signs_and_64_bits_and_refuse_nulls(db):
    big = 2**63 - 1
    rows = int_rows(f"SELECT -5, {big} UNION ALL SELECT 0, {-big}", [], 2)
    assert sorted(rows.tolist()) == [[-5, big], [0, -big]]
    assert int_rows("SELECT 1, 2 WHERE 1 = 0", [], 2).shape == (0, 2)
    with pytest.raises((ValueError, TypeError)):
        int_rows("SELECT 1, NULL UNION ALL SELECT 2, 3", [], 2)
