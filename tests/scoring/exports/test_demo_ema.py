"""The EMA results file of the demo event, against a file checked by hand.

The expected file was checked with an independent computation (table points from the raw
seat scores and ledger rows, shared ties, places) before it was committed: the same places,
EMA numbers, points and mahjong values (tied players at place 3 and 21 may be listed in
either order; the export keeps the standings' order).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from scoring.demo import load_full_demo
from scoring.exports import ema_csv

pytestmark = pytest.mark.django_db

EXPECTED = Path(__file__).with_name("ema_demo_expected.csv")


def test_demo_ema_file_matches_the_hand_checked_file():
    event, _ = load_full_demo()
    content = ema_csv(event)
    assert content.startswith("\ufeff".encode())  # Excel reads UTF-8 only with it
    text = content.decode("utf-8-sig")
    assert text.splitlines() == EXPECTED.read_text(encoding="utf-8").splitlines()


def test_hand_checked_file_invariants():
    rows = [line.split(",") for line in EXPECTED.read_text(encoding="utf-8").splitlines()[1:]]
    assert len(rows) == 32
    # 8 tables x 2 played rounds, each table hands out exactly 7 table points.
    assert sum(Fraction(r[5]) for r in rows) == 8 * 2 * 7
    # Scores sum to zero per table; the only point penalty left standing is one 10-point
    # premature-count deduction (the voided false win is reversed).
    assert sum(int(r[6]) for r in rows) == -10
    keys = [(-Fraction(r[5]), -int(r[6])) for r in rows]
    assert keys == sorted(keys)
