"""Every CSV export: a byte order mark (Excel reads UTF-8 only with it), cells that would run as
formulas neutralised (OWASP), numbers left as numbers; players who never played are not ranked
(standings) and not in the EMA file; an event without games lists every player with zero."""

from __future__ import annotations

import csv
import io

import pytest

from scoring import exports
from tournament import writes
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players import services as player_services
from tournament.players.models import Player

pytestmark = pytest.mark.django_db

CSV_EXPORTS = [exports.standings_csv, exports.results_csv, exports.ema_csv]


def read(content: bytes) -> list[list[str]]:
    assert content.startswith(b"\xef\xbb\xbf") and not content.startswith(b"\xef\xbb\xbf" * 2)
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("export", CSV_EXPORTS, ids=lambda e: e.__name__)
def test_every_csv_export_starts_with_a_bom_and_keeps_accents(mcr_event, export):
    rows = read(export(mcr_event.event))
    assert any("Dvořák" in cell for row in rows for cell in row)


@pytest.mark.parametrize(
    "name, club",
    [
        ('=HYPERLINK("http://x","y")', "+SUM(1)"),
        ("@cmd", "-2+3"),
        ("+1 Madonna", "=1+1"),
    ],
)
@pytest.mark.parametrize("export", CSV_EXPORTS, ids=lambda e: e.__name__)
def test_formulas_in_names_and_clubs_are_neutralised(mcr_event, export, name, club):
    madonna = mcr_event.players["Madonna"]
    # Straight into the database: the export must be safe whatever way a name came in.
    Player.objects.filter(pk=madonna.pk).update(name=name, club=club)
    writes.bump_revision(mcr_event.event)
    cells = [cell for row in read(export(mcr_event.event)) for cell in row]
    for cell in cells:
        assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
        assert not cell.startswith("-") or is_number(cell), cell
    if export is not exports.ema_csv:  # the EMA file splits the name in two
        assert "'" + name in cells
    if export is exports.standings_csv:
        assert "'" + club in cells and club not in cells
    numbers = [c for c in cells if c.lstrip("-").isdigit()]
    assert "-40" in numbers  # a negative score stays a number, not text


@pytest.mark.parametrize("value", ["=1", "+1", "-x", "@x", "\tx", "\rx"])
def test_a_cell_starting_like_a_formula_becomes_text(value):
    assert exports.csv_cell(value) == "'" + value
    assert exports.csv_cell(-40) == -40 and exports.csv_cell(-2.5) == -2.5
    assert exports.csv_cell("Jiří") == "Jiří"


def test_a_player_who_never_played_is_not_ranked_nor_in_the_ema_file(mcr_event):
    player_services.add_player(
        mcr_event.event, name="Late Comer", country="CZ", ema_number="07000099"
    )
    standings = read(exports.standings_csv(mcr_event.event))
    header = standings[0]
    late = next(r for r in standings if r[1] == "Late Comer")
    assert late[0] == ""  # no place
    assert late[header.index("Games")] == "0"
    assert late is standings[-1]
    ema = read(exports.ema_csv(mcr_event.event))
    assert not any("Comer" in cell for row in ema for cell in row)
    assert [r[0] for r in ema[1:]] == ["1", "2", "2", "4", "5", "6", "6"]


def test_standings_without_games_list_every_player_with_zero(director):
    event = event_services.save_event(
        Event(name="Empty", slug="empty", ruleset="riichi_ema", director=director)
    )
    names = [f"Player {i}" for i in range(5)]
    for name in names:
        player_services.add_player(event, name=name)
    standings = read(exports.standings_csv(event))
    header, rows = standings[0], standings[1:]
    assert sorted(r[1] for r in rows) == names
    assert all(r[0] == "" for r in rows)  # nobody ranked
    assert {r[header.index("Total")] for r in rows} == {"0.0"}
    assert {r[header.index("Games")] for r in rows} == {"0"}
    assert read(exports.ema_csv(event))[1:] == []


def test_shared_table_points_read_as_the_api_writes_them(make_hall):
    """Issue 31, item 28: South and West tie for second: 1.50 table points each, in the API
    and in standings.csv alike (not 1.5)."""
    from scoring.results import services as result_services
    from scoring.standings.services.reconcile import reconcile_event
    from tournament.rounds.models import Table

    hall = make_hall("mcr")
    table = Table.objects.get(round__event=hall.event, round__number=1, number=1)
    result_services.enter_result(table, hall.director, {"E": 40, "S": 0, "W": 0, "N": -40})
    reconcile_event(hall.event.pk)
    api = hall.client(None).get(f"/api/events/{hall.event.slug}/standings/").json()
    shown = {row["player"]["name"]: row["table_points_display"] for row in api["rows"]}
    assert shown[hall.south.name] == "1.50"
    rows = read(exports.standings_csv(hall.event))
    column = rows[0].index("Table points")
    by_name = {row[1]: row[column] for row in rows[1:]}
    assert by_name[hall.south.name] == shown[hall.south.name] == by_name[hall.west.name]
