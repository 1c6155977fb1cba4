"""Standings and table results as CSV and XLSX (read back with openpyxl). Expected values are
worked out by hand in test_ema_file.py's docstring; here they are laid out per column."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from scoring import exports
from scoring.results import services as result_services
from tests.support.export_event import build_event
from tests.support.ledger import Ledger

pytestmark = pytest.mark.django_db

STANDINGS_HEADER = [
    "Place",
    "Player",
    "EMA number",
    "Country",
    "Club",
    "Table points",
    "Score",
    "Games",
    "Penalties",
    "Dropped",
    "Round 1",
]
MCR_STANDINGS = [
    ["1", "Jan Kowalski", "10000005", "PL", "", "4", "40", "1", "0", "", "4"],
    ["2", "Jiří Dvořák", "07000001", "CZ", "", "3", "30", "1", "0", "", "3"],
    ["2", "Anna Marie Novak", "07000002", "CZ", "", "3", "30", "1", "0", "", "3"],
    ["4", "Eva Svobodová", "", "CZ", "", "1", "-10", "1", "0", "", "1"],
    ["5", "Pierre Dupont", "04000003", "FR", "", "1", "-25", "1", "-5", "yes", "1"],
    ["6", "Mika Virtanen", "02000004", "FI", "", "0", "-40", "1", "0", "", "0"],
    ["6", "Madonna", "", "", "", "0", "-40", "1", "0", "", "0"],
]
RESULTS_HEADER = [
    "Round",
    "Table",
    "Version",
    "Wind",
    "Player",
    "EMA number",
    "Score",
    "Penalties",
    "Score after penalties",
    "Table points",
    "Standing points",
]
MCR_RESULTS = [
    ["1", "1", "1", "E", "Jiří Dvořák", "07000001", "30", "0", "30", "3", "3"],
    ["1", "1", "1", "S", "Anna Marie Novak", "07000002", "30", "0", "30", "3", "3"],
    ["1", "1", "1", "W", "Pierre Dupont", "04000003", "-20", "0", "-20", "1", "1"],
    ["1", "1", "1", "N", "Mika Virtanen", "02000004", "-40", "0", "-40", "0", "0"],
    ["1", "2", "1", "E", "Jan Kowalski", "10000005", "40", "0", "40", "4", "4"],
    ["1", "2", "1", "S", "Sam Sub", "07000006", "10", "0", "10", "2", "2"],
    ["1", "2", "1", "W", "Eva Svobodová", "", "-10", "0", "-10", "1", "1"],
    ["1", "2", "1", "N", "Madonna", "", "-40", "0", "-40", "0", "0"],
]


def read_csv(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def read_xlsx(content: bytes) -> tuple[str, list[list]]:
    sheet = load_workbook(io.BytesIO(content)).active
    rows = [[("" if v is None else v) for v in row] for row in sheet.iter_rows(values_only=True)]
    return sheet.title, rows


def test_standings_csv(mcr_event):
    assert read_csv(exports.standings_csv(mcr_event.event)) == [STANDINGS_HEADER, *MCR_STANDINGS]


def test_standings_xlsx_has_numbers_as_numbers(mcr_event):
    title, rows = read_xlsx(exports.standings_xlsx(mcr_event.event))
    assert title == "Standings"
    assert rows[0] == STANDINGS_HEADER
    assert rows[1:] == [
        [int(v) if i in (0, 5, 6, 7, 8, 10) else v for i, v in enumerate(row)]
        for row in MCR_STANDINGS
    ]
    assert rows[2][2] == "07000001"  # EMA numbers stay text: their leading zeros matter


def test_results_csv_includes_substitutes(mcr_event):
    assert read_csv(exports.results_csv(mcr_event.event)) == [RESULTS_HEADER, *MCR_RESULTS]


def test_results_xlsx(mcr_event):
    title, rows = read_xlsx(exports.results_xlsx(mcr_event.event))
    assert title == "Results"
    assert rows == [
        RESULTS_HEADER,
        *[[int(v) if i not in (3, 4, 5) else v for i, v in enumerate(row)] for row in MCR_RESULTS],
    ]


def test_riichi_results_show_the_counting_version_penalties_and_thousands(riichi_event, director):
    """Table 1: Petit pays Laine 1000 at the table: 46000 -> 16000 + 15000 uma = 31.0, and
    34000 -> 4000 + 5000 = 9.0. Table 2 corrected (version 2): Muller 31000 -> 1000 - 5000 =
    -4.0, Kralova 9000 -> -21000 - 15000 = -36.0. Table points are plain numbers."""
    event, players = riichi_event.event, riichi_event.players
    round_ = event.rounds.get(number=1)
    table1, table2 = round_.tables.get(number=1), round_.tables.get(number=2)
    Ledger(director).transfers(table1, players["Bruno Petit"], {players["Aino Laine"]: 1000})
    result_services.enter_result(
        table2,
        director,
        {"E": 40000, "S": 40000, "W": 31000, "N": 9000},
        based_on_version=1,
        reason="typo",
    )
    rows = read_csv(exports.results_csv(event))
    assert rows[1:] == [
        ["1", "1", "1", "E", "Aino Laine", "02000011", "45000", "1000", "46000", "4", "31.0"],
        ["1", "1", "1", "S", "Bruno Petit", "04000012", "35000", "-1000", "34000", "2", "9.0"],
        ["1", "1", "1", "W", "Celine Marie Roux", "04000013", "25000", "0", "25000", "1", "-10.0"],
        ["1", "1", "1", "N", "Dan Novy", "07000014", "15000", "0", "15000", "0", "-30.0"],
        ["1", "2", "2", "E", "Ewa Nowak", "10000015", "40000", "0", "40000", "3", "20.0"],
        ["1", "2", "2", "S", "Filip Horak", "07000016", "40000", "0", "40000", "3", "20.0"],
        ["1", "2", "2", "W", "Gerd Muller", "05000017", "31000", "0", "31000", "1", "-4.0"],
        ["1", "2", "2", "N", "Hana Kralova", "07000018", "9000", "0", "9000", "0", "-36.0"],
    ]
    standings = read_csv(exports.standings_csv(event))
    assert standings[1] == [
        "1", "Aino Laine", "02000011", "FI", "", "31.0", "4", "1", "1.0", "", "31.0"
    ]  # fmt: skip
    assert standings[0][5] == "Total" and standings[0][8] == "Penalties"  # both in thousands
    _title, sheet = read_xlsx(exports.standings_xlsx(event))
    assert sheet[0][5:7] == ["Total", "Table points"]
    assert sheet[1][5:7] == [31.0, 4]


def test_table_points_of_a_three_way_tie_show_two_decimals(director):
    built = build_event(
        director,
        "mcr",
        "tie-cup",
        [(f"Player {i}", "", "") for i in range(4)],
        [[("Player 0", 10), ("Player 1", 10), ("Player 2", 10), ("Player 3", -30)]],
    )
    rows = read_csv(exports.standings_csv(built.event))
    assert [(r[0], r[1], r[5]) for r in rows[1:]] == [
        ("1", "Player 0", "2.33"),
        ("1", "Player 1", "2.33"),
        ("1", "Player 2", "2.33"),
        ("4", "Player 3", "0"),
    ]


def test_a_name_like_a_formula_stays_text_in_xlsx(mcr_event):
    player = mcr_event.players["Madonna"]
    player.name = "=1+1"
    player.save()
    _title, rows = read_xlsx(exports.standings_xlsx(mcr_event.event))
    assert rows[-1][1] == "=1+1"
    sheet = load_workbook(io.BytesIO(exports.standings_xlsx(mcr_event.event))).active
    assert sheet.cell(row=len(rows), column=2).data_type == "s"
