"""Score sheets in the archive (exact round trip, hands, confirmations, the sheet-derived
result), the hands export, and ``verify`` checking results against their sheets."""

from __future__ import annotations

import csv
import io
import json
import uuid

import pytest
from django.core.management import call_command

from scoring import exports
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import ScoreSheet
from scoring.sheets.services import Author
from tests.support.archive_event import build_archive_event, run
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table


def mcr_win(winner, fan, discarder=None):
    return {"kind": "win", "winner": winner, "fan": fan, "discarder": discarder}


def add(table, data, author, number, **extra):
    return sheets.add_hand(
        table, data, author=author, number=number, idempotency_key=uuid.uuid4().hex, **extra
    )


@pytest.fixture
def with_sheets(make_hall):
    """The archive event, with round 2 live and a sheet on table 1: a head referee's hand, a
    player's hand confirmed by another player, a draw naming a false win, closed."""
    hall = make_hall("mcr")
    build_archive_event(hall)
    event = hall.event
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    round2 = event.rounds.get(number=2)
    round_services.update_round(round2, status=Round.Status.LIVE)
    table = Table.objects.select_related("round__event").get(round=round2, number=1)
    seats = sheets.read_sheet(table).seats
    add(table, mcr_win(0, 12, discarder=1), Author(user=hall.head), 1)
    add(table, mcr_win(1, 8), Author(player=seats[1].player), 2)
    sheets.confirm_hand(table, 2, author=Author(player=seats[2].player), version=1)
    offender = seats[3].player
    foul = hall.foul(hall.head, "false_win", offender, round=2, table=1)
    assert foul.status_code == 201, foul.content
    add(table, {"kind": "draw"}, Author(user=hall.head), 3, foul_report=foul.json()["id"])
    sheets.close_sheet(table, author=Author(user=hall.head), reason="time")
    hall.table = table
    return hall


@pytest.mark.django_db
def test_the_archive_holds_the_sheets_and_round_trips_exactly(with_sheets, tmp_path):
    event = with_sheets.event
    original = exports.archive_json(event)
    data = json.loads(original)
    assert data["version"] == 6
    assert (
        len(data["score_sheets"]),
        len(data["sheet_hands"]),
        len(data["hand_confirmations"]),
    ) == (1, 3, 1)
    from_sheet = [r for r in data["results"] if r["sheet"] is not None]
    assert len(from_sheet) == 1 and from_sheet[0]["entered_by"] == with_sheets.head.username
    assert data["sheet_hands"][2]["foul_report"] is not None
    archive = tmp_path / "archive.json"
    archive.write_text(original, encoding="utf-8")
    fresh = tmp_path / "fresh"
    run(fresh, "migrate", "--no-input", "-v", "0")
    run(fresh, "import_event", "--create-users", str(archive))
    assert run(fresh, "export_event", event.slug) == original
    assert "consistent" in run(fresh, "verify", event.slug)


@pytest.mark.django_db
def test_hands_csv_and_xlsx(with_sheets, client):
    client.force_login(with_sheets.director)
    response = client.get(f"/director/{with_sheets.event.slug}/export/hands.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert response.content.startswith(b"\xef\xbb\xbf")  # every CSV export has the BOM
    assert rows[0][:6] == ["round", "table", "hand", "version", "counts", "kind"]
    assert [r[2] for r in rows[1:]] == ["1", "2", "3"]
    column = {name: i for i, name in enumerate(rows[0])}
    assert [rows[1][column[w]] for w in "ESWN"] == ["36", "-20", "-8", "-8"]
    assert rows[3][column["foul report"]] != ""  # the draw names its foul report
    # What each win announced (issue 31, item 15): MCR fan, the discarder or self-draw.
    assert [r[column["fan"]] for r in rows[1:]] == ["12", "8", ""]
    assert [r[column["discarder"]] for r in rows[1:]] == ["S", "", ""]
    assert {"han", "fu", "limit", "yakuman", "bonus", "riichi", "tenpai"} <= set(column)
    xlsx = client.get(f"/director/{with_sheets.event.slug}/export/hands.xlsx")
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


@pytest.mark.django_db
def test_verify_reports_a_result_that_differs_from_its_sheet(with_sheets, capsys):
    from scoring.standings.services.reconcile import reconcile_event

    reconcile_event(with_sheets.event.pk)
    call_command("verify", with_sheets.event.slug)
    assert "consistent" in capsys.readouterr().out
    sheet = ScoreSheet.objects.get(table=with_sheets.table)
    latest = TableResult.objects.filter(table=with_sheets.table).order_by("-version").first()

    from scoring.results import services as result_services

    result_services.enter_result(
        with_sheets.table, with_sheets.director, {"E": 1, "S": -1, "W": 0, "N": 0},
        based_on_version=latest.version, reason="typed over", sheet=sheet,
    )  # fmt: skip
    reconcile_event(with_sheets.event.pk)
    with pytest.raises(SystemExit):
        call_command("verify", with_sheets.event.slug)
    assert "differs from its sheet" in capsys.readouterr().out
