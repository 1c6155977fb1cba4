"""Importing what spreadsheets write: encodings, .xlsx, a preview before the import, and a
cap on the number of rows."""

from __future__ import annotations

import codecs
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from openpyxl import Workbook

from tournament.players.models import PlayerImport
from tournament.players.services import importing as player_import

pytestmark = pytest.mark.django_db

TEXT = "name,country,club,ema_number\nŠťastný Jan,CZ,Brno,04010001\nØstergaard Ida,DK,Århus,\n"
NAMES = {"Šťastný Jan", "Østergaard Ida"}


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def names(players) -> set[str]:
    return {p.name for p in players}


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + TEXT.encode("utf-8"), "utf-8-sig"),
        (TEXT.encode("utf-16"), "utf-16"),  # with its byte order mark
        (TEXT.encode("utf-16-le"), "utf-16-le"),
        (TEXT.encode("utf-16-be"), "utf-16-be"),
        ("name\nŠťastný Jan\nŁukasz Żak\n".encode("cp1250"), "cp1250"),
        ("name\nCamille Hélène\nJürgen Müller\n".encode("cp1252"), "cp1252"),
    ],
)
def test_encodings_are_detected(data, encoding):
    assert player_import.detect_encoding(data) == encoding


def test_a_windows_1252_file_from_excel_is_read(event):
    """Excel's plain "CSV" on a Western European computer; it used to be refused as not UTF-8."""
    text = "name;country;club\nCamille Hélène;FR;Café Mahjong\nMüller Jürgen;DE;Köln\n"
    players = player_import.import_players(event, text.encode("cp1252"))
    assert names(players) == {"Camille Hélène", "Müller Jürgen"}
    assert {p.club for p in players} == {"Café Mahjong", "Köln"}


def test_a_windows_1250_file_with_czech_names_is_read(event):
    text = "name,country\nŠťastný Jan,CZ\nŽofie Dvořáková,CZ\n"
    assert names(player_import.import_players(event, text.encode("cp1250"))) == {
        "Šťastný Jan",
        "Žofie Dvořáková",
    }


def test_an_ambiguous_8_bit_file_prefers_the_interface_languages_code_page():
    data = "name\nČerný\n".encode("cp1250")  # reads as "Èerný" in Windows-1252
    assert player_import.detect_encoding(data, prefer=("cp1250", "cp1252")) == "cp1250"
    assert player_import.detect_encoding(data, prefer=("cp1252", "cp1250")) == "cp1252"


def test_utf16_and_bom_files_import(event):
    assert names(player_import.import_players(event, TEXT.encode("utf-16"))) == NAMES


def test_a_chosen_encoding_wins_over_the_guess(event):
    data = "name\nČerný\n".encode("cp1250")
    file = player_import.read_player_file(data, encoding="cp1252")
    assert file.rows == [(2, ["Èerný"])]
    file = player_import.read_player_file(data, encoding="cp1250")
    assert file.rows == [(2, ["Černý"])]


def xlsx(rows) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def test_an_xlsx_workbook_is_imported_and_number_cells_keep_their_ema_zeros(event):
    data = xlsx(
        [
            ["Name", "Country", "Club", "EMA number", "Notes"],
            ["Šťastný Jan", "CZ", "Brno", 4010001],  # a number cell: the leading 0 is lost
            [None, None, None, None],
            ["Østergaard Ida", "DK", None, "04010002", "vegetarian"],
        ]
    )
    file = player_import.read_player_file(data, filename="players.xlsx")
    assert file.kind == "xlsx" and file.ignored_columns == ["notes"]
    players = player_import.import_players(event, data, filename="players.xlsx")
    assert {(p.name, p.ema_number) for p in players} == {
        ("Šťastný Jan", "04010001"),
        ("Østergaard Ida", "04010002"),
    }


def test_a_damaged_workbook_is_a_clear_error(event):
    with pytest.raises(player_import.CsvImportError) as error:
        player_import.import_players(event, b"PK\x03\x04 not really a zip", filename="p.xlsx")
    assert error.value.errors[0].message == "The file is not a readable .xlsx workbook."


def test_the_rows_are_capped_with_a_clear_message(event, settings):
    settings.PLAYER_IMPORT_MAX_ROWS = 5
    text = "name\n" + "\n".join(f"Player X{i}" for i in range(6))
    count = event.players.count()
    with pytest.raises(player_import.CsvImportError) as error:
        player_import.import_players(event, text)
    assert error.value.errors[0].message == (
        "The file has more than 5 players. Import at most 5 at a time: split the file."
    )
    assert event.players.count() == count
    player_import.import_players(event, "name\n" + "\n".join(f"Player Y{i}" for i in range(5)))
    assert event.players.count() == count + 5


def test_the_default_cap_is_the_documented_one(settings):
    from pathlib import Path

    reference = Path(__file__).resolve().parents[3] / "docs" / "reference" / "production.md"
    text = reference.read_text()
    assert settings.PLAYER_IMPORT_MAX_ROWS == 2000
    assert "`PLAYER_IMPORT_MAX_ROWS` | `2000`" in text


def upload(web, event, data: bytes, name: str = "players.csv", **extra):
    return web.post(
        f"/director/{event.slug}/players/",
        {"upload": "1", "file": SimpleUploadedFile(name, data), **extra},
    )


def test_upload_preview_then_confirm(event, web):
    count = event.players.count()
    response = upload(web, event, TEXT.encode("utf-16"))
    assert response.status_code == 302
    draft = PlayerImport.objects.get()
    assert event.players.count() == count  # nothing imported yet
    preview = web.get(response.url)
    assert preview.status_code == 200
    text = preview.content.decode()
    assert "Šťastný Jan" in text and "Østergaard Ida" in text
    assert "UTF-16" in text
    assert preview.context["checked"].ok
    response = web.post(
        f"/director/{event.slug}/players/import/{draft.pk}/", {"confirm": "1"}, follow=True
    )
    assert "2 players imported." in response.content.decode()
    assert names(event.players.filter(name__in=NAMES)) == NAMES
    assert not PlayerImport.objects.exists()


def test_the_preview_reads_again_with_another_encoding(event, web):
    response = upload(web, event, "name\nČerný\n".encode("cp1250"))
    draft = PlayerImport.objects.get()
    page = web.get(response.url, {"encoding": "cp1252"})
    assert page.context["preview"][0]["cells"] == [("Name", "Èerný")]
    page = web.get(response.url, {"encoding": "cp1250"})
    assert page.context["preview"][0]["cells"] == [("Name", "Černý")]
    web.post(
        f"/director/{event.slug}/players/import/{draft.pk}/",
        {"confirm": "1", "encoding": "cp1250"},
    )
    assert event.players.filter(name="Černý").exists()


def test_a_preview_with_bad_lines_offers_no_import_and_cancel_forgets_the_file(event, web):
    response = upload(web, event, b"name,ema_number\nGood One,\nBad One,123\n")
    page = web.get(response.url)
    assert [e.line for e in page.context["errors"]] == [3]
    assert b'name="confirm"' not in page.content
    draft = PlayerImport.objects.get()
    web.post(f"/director/{event.slug}/players/import/{draft.pk}/", {"cancel": "1"})
    assert not PlayerImport.objects.exists()
    assert not event.players.filter(name="Good One").exists()


def test_another_directors_upload_is_not_visible(event, web, make_user):
    other = PlayerImport.objects.create(
        event=event, created_by=make_user("somebody"), data=b"name\nX\n"
    )
    response = web.get(f"/director/{event.slug}/players/import/{other.pk}/")
    assert response.status_code == 302


def test_the_api_imports_xlsx_and_previews_with_dry_run(event, director_api):
    data = xlsx([["name", "country"], ["Api Xlsx", "FI"]])
    url = f"/api/events/{event.slug}/players/import/"
    response = director_api.post(
        url,
        {"file": SimpleUploadedFile("p.xlsx", data), "dry_run": "true"},
        format="multipart",
    )
    assert response.status_code == 200, response.content
    assert response.json()["players"] == [
        {"line": 2, "name": "Api Xlsx", "country": "FI", "club": "", "ema_number": ""}
    ]
    assert not event.players.filter(name="Api Xlsx").exists()
    response = director_api.post(
        url, {"file": SimpleUploadedFile("p.xlsx", data)}, format="multipart"
    )
    assert response.status_code == 201
    response = director_api.post(
        url,
        {
            "file": SimpleUploadedFile("p.csv", "name\nČerný\n".encode("cp1250")),
            "encoding": "cp1250",
        },
        format="multipart",
    )
    assert response.status_code == 201 and response.json()[0]["name"] == "Černý"


def test_a_csv_ema_number_that_lost_its_zero_is_padded_like_a_workbooks(event):
    """Issue 31, item 21: Excel saves 04010001 as 4010001 in a CSV file."""
    data = "name,ema_number\nŠťastný Jan,4010001\nØstergaard Ida,04010002\n".encode()
    players = player_import.import_players(event, data, filename="players.csv")
    assert {(p.name, p.ema_number) for p in players} == {
        ("Šťastný Jan", "04010001"),
        ("Østergaard Ida", "04010002"),
    }
