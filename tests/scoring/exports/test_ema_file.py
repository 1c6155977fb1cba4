"""The EMA ranking results file, compared with files written and checked by hand.

MCR (``ema_mcr_expected.csv``), one round, table points 4/2/1/0, ties share:
  table 1: Dvořák 30, Novak 30 (tie: (4+2)/2 = 3 each), Dupont -20 (1), Virtanen -40 (0);
  table 2: Kowalski 40 (4), Sam Sub 10 (2, a substitute: not ranked), Svobodová -10 (1),
  Madonna -40 (0). Dupont (dropped, still ranked) has an overall deduction of 5: score -25.
  Ranked by table points, then score: Kowalski 4/40 first; Dvořák and Novak 3/30 share 2nd;
  Svobodová 1/-10 4th (the substitute's place is not counted); Dupont 1/-25 5th; Virtanen and
  Madonna 0/-40 share 6th. Points = table points, mahjong = score.

Riichi (``ema_riichi_expected.csv``): start 30000, uma +15000/+5000/-5000/-15000, shown in
thousands; total = raw - 30000 + uma (+ overall penalties):
  table 1: Laine 45000 -> 15000 + 15000 = 30.0 (4 table points); Petit 35000 -> 5000 + 5000 =
  10.0 (2); Roux 25000 -> -5000 - 5000 = -10.0, minus 20000 overall = -30.0 (1); Novy 15000 ->
  -15000 - 15000 = -30.0 (0);
  table 2: Nowak and Horak 40000 -> 10000 + (15000 + 5000) / 2 = 20.0 each (3 table points
  each); Muller 30000 -> 0 - 5000 = -5.0 (1); Kralova 10000 -> -20000 - 15000 = -35.0 (0).
  Ranked by total: Laine 1st; Nowak, Horak share 2nd; Petit 4th; Muller 5th; Roux, Novy share
  6th; Kralova 8th. Points = table points, mahjong = total.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring import exports
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services.reconcile import reconcile_event
from tests.support.ledger import Ledger

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.django_db


def expected(name: str) -> list[str]:
    return (HERE / name).read_text(encoding="utf-8").splitlines()


def test_mcr_file_with_shared_places_substitute_and_dropped_player(mcr_event):
    reconcile_event(mcr_event.event.pk)
    content = exports.ema_csv(mcr_event.event).decode("utf-8-sig")
    assert content.splitlines() == expected("ema_mcr_expected.csv")


def test_riichi_file_with_shared_places(riichi_event):
    reconcile_event(riichi_event.event.pk)
    content = exports.ema_csv(riichi_event.event).decode("utf-8-sig")
    assert content.splitlines() == expected("ema_riichi_expected.csv")


def test_a_stale_snapshot_is_not_exported(mcr_event, director):
    """Without a current snapshot the export computes the standings itself (and writes none)."""
    event = mcr_event.event
    reconcile_event(event.pk)
    current = exports.ema_csv(event)
    assert current.decode("utf-8-sig").splitlines() == expected("ema_mcr_expected.csv")
    stored = StandingsSnapshot.objects.get(event=event)
    stored = (stored.revision, stored.rows)
    table = event.rounds.get(number=1).tables.get(number=1)
    Ledger(director).deduct(table, mcr_event.players["Jiří Dvořák"], -100, "table")
    stale = exports.ema_csv(event)
    assert stale != current  # the deduction moves him down: computed, not the old snapshot
    after = StandingsSnapshot.objects.get(event=event)
    assert (after.revision, after.rows) == stored
    reconcile_event(event.pk)
    assert exports.ema_csv(event) == stale


@pytest.mark.parametrize(
    "name, split",
    [
        ("Jiří Dvořák", ("Dvořák", "Jiří")),
        ("Anna Marie Novak", ("Novak", "Anna Marie")),
        ("Madonna", ("Madonna", "")),
        ("  Jan   van  Dijk ", ("van Dijk", "Jan")),
        ("Sanne de Jong", ("de Jong", "Sanne")),
        ("Ludwig van der Berg", ("van der Berg", "Ludwig")),
        ("De Gaulle", ("Gaulle", "De")),
        ("", ("", "")),
    ],
)
def test_last_name_keeps_its_particles(name, split):
    assert exports.split_name(name) == split
