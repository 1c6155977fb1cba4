"""The pages: a player imports their table's log and sets their online names from their own
page; the director checks a round's logs, sees where each goes and confirms; the director
sets online names. Refusals show their reason and store nothing; a success redirects."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.onlinelogs import services
from scoring.onlinelogs.models import LogImport, OnlineName
from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from tests.scoring.onlinelogs.conftest import given, log_bytes, name_table, table
from tests.support.players import player_client
from tournament.events.models import Event


def director_client(hall) -> Client:
    client = Client()
    client.force_login(hall.director)
    return client


def test_a_player_imports_their_tables_log(online_event):
    hall = online_event()
    name_table(hall.event, "usual.xml")
    east = table(hall.event).seats.get(wind="E").player
    client = player_client(hall, east)
    page = client.get(f"/e/{hall.event.slug}/play/")
    assert "online-log-link" in page.content.decode()
    address = f"/e/{hall.event.slug}/play/online-log/"
    assert client.get(address).status_code == 200
    bad = client.post(address, {"file": SimpleUploadedFile("g.xml", b"<mjloggm></mjloggm>")})
    assert bad.status_code == 400 and "not a complete game log" in bad.content.decode()
    assert SheetHand.objects.count() == 0
    done = client.post(address, {"file": SimpleUploadedFile("g.xml", log_bytes("usual.xml"))})
    assert done.status_code == 302 and done["Location"] == f"/e/{hall.event.slug}/play/"
    page = client.get(done["Location"]).content.decode()
    assert "16 hands imported into table 1." in page
    assert SheetHand.objects.count() == 16 and LogImport.objects.count() == 1


def test_a_player_sets_their_online_names(online_event):
    hall = online_event()
    east = table(hall.event).seats.get(wind="E").player
    client = player_client(hall, east)
    address = f"/e/{hall.event.slug}/play/online-log/"
    answer = client.post(address, {"action": "names", "tenhou": "  NoName ", "majsoul": ""})
    assert answer.status_code == 302
    assert OnlineName.objects.get(player=east).name == "NoName"


def test_a_disagreeing_sheet_is_shown_with_both_hands(online_event):
    hall = online_event()
    name_table(hall.event, "usual.xml")
    target = table(hall.event)
    sheets.add_hand(
        target,
        {"kind": "draw"},
        author=sheets.Author(user=hall.director),
        number=1,
        idempotency_key="x",
    )
    client = player_client(hall, target.seats.get(wind="S").player)
    answer = client.post(
        f"/e/{hall.event.slug}/play/online-log/",
        {"file": SimpleUploadedFile("g.xml", log_bytes("usual.xml"))},
    )
    assert answer.status_code == 409
    text = answer.content.decode()
    assert "Hand 1 on the sheet differs from the log" in text and "Draw" in text
    assert SheetHand.objects.count() == 1


def test_the_director_checks_then_confirms_a_round(online_event):
    hall = online_event()
    name_table(hall.event, "format6/usual.json", number=1)
    name_table(hall.event, "usual.xml", number=2)
    client = director_client(hall)
    board = client.get(f"/director/{hall.event.slug}/rounds/1/").content.decode()
    assert "online-logs-link" in board
    address = f"/director/{hall.event.slug}/rounds/1/online-logs/"
    proposal = client.post(
        address,
        {
            "action": "propose",
            "file1": SimpleUploadedFile("usual.json", log_bytes("format6/usual.json")),
            "file2": SimpleUploadedFile(
                "2015010100gm-0009-0000-0a0b0c0d.xml", log_bytes("usual.xml")
            ),
        },
    )
    text = proposal.content.decode()
    assert proposal.status_code == 200 and 'data-testid="confirm-form"' in text
    assert SheetHand.objects.count() == 0
    logs = [v for k, v in _hidden(text) if k == "log"]
    names = [v for k, v in _hidden(text) if k == "name"]
    done = client.post(address, {"action": "confirm", "log": logs, "name": names})
    assert done.status_code == 302
    assert SheetHand.objects.count() == 9 + 16
    assert set(LogImport.objects.values_list("log_id", flat=True)) == {
        "2023101214gm-00a9-0000-8cb902d4",
        "2015010100gm-0009-0000-0a0b0c0d",
    }


def _hidden(html: str) -> list[tuple[str, str]]:
    import re

    return re.findall(r'<input type="hidden" name="(log|name)" value="([^"]*)">', html)


def test_the_director_sets_online_names(online_event):
    hall = online_event()
    east = table(hall.event).seats.get(wind="E").player
    address = f"/director/{hall.event.slug}/online-names/"
    client = director_client(hall)
    assert client.get(address).status_code == 200
    answer = client.post(address, {f"p{east.pk}-tenhou": "Ace", f"p{east.pk}-majsoul": "12345"})
    assert answer.status_code == 302
    assert dict(east.online_names.values_list("platform", "name")) == {
        "tenhou": "Ace",
        "majsoul": "12345",
    }
    two = [s.player for s in table(hall.event).seats.all()][:2]
    refused = client.post(address, {f"p{p.pk}-tenhou": "Same" for p in two})
    assert refused.status_code == 400 and "already the online name" in refused.content.decode()
    assert not OnlineName.objects.filter(name="Same").exists()


def test_a_new_riichi_event_takes_an_online_platforms_rules(director):
    client = Client()
    client.force_login(director)
    form = {
        "name": "Online League",
        "slug": "online-league",
        "ruleset": "riichi_wrc",
        "status": "draft",
        "online_rules": "tenhou",
        "option_riichi_wrc_uma": "20000, 10000, -10000, -20000",
    }
    assert client.post("/director/new/", form).status_code == 302
    options = Event.objects.get(slug="online-league").ruleset_options
    assert options["start_points"] == 25000 and options["liability"] == "whole"
    assert options["uma"] == [20000, 10000, -10000, -20000]  # the director's own stays
    refused = client.post("/director/new/", form | {"slug": "mcr-league", "ruleset": "mcr"})
    assert refused.status_code == 200
    assert "riichi rules" in refused.content.decode()


def test_a_50_mb_upload_on_the_pages_is_refused_before_it_is_read(online_event):
    hall = online_event()
    big = SimpleUploadedFile("big.xml", b"<" + b"a" * (50 * 1024 * 1024))
    client = player_client(hall, table(hall.event).seats.get(wind="E").player)
    answer = client.post(f"/e/{hall.event.slug}/play/online-log/", {"file": big})
    assert answer.status_code == 413 and "too large" in answer.content.decode()
    big.seek(0)
    answer = director_client(hall).post(
        f"/director/{hall.event.slug}/rounds/1/online-logs/", {"action": "propose", "file1": big}
    )
    assert answer.status_code == 413
    assert SheetHand.objects.count() == 0 and LogImport.objects.count() == 0


@pytest.mark.parametrize(
    ("log", "text", "column", "value"),
    [
        ("four_riichi_draw.xml", "Abortive draw: four riichi", "abortive", "four_riichi"),
        ("nagashi.xml", "Draw; nagashi mangan: ", "nagashi", "N"),
        ("pao_ron.xml", "liable: ", "pao", "N"),
    ],
)
def test_imported_hands_read_on_the_sheet_and_in_the_export(online_event, log, text, column, value):
    hall = online_event()
    name_table(hall.event, log)
    services.import_table_log(
        table(hall.event), given(log), author=sheets.Author(user=hall.director)
    )
    client = director_client(hall)
    page = client.get(f"/sheets/{hall.event.slug}/r1/t1/").content.decode()
    assert text in page
    rows = list(csv.DictReader(io.StringIO(sheets.hands_csv(hall.event).decode("utf-8-sig"))))
    assert value in {row[column] for row in rows}
