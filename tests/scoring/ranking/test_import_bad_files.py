"""Issue 43, item 25: the import of past events answers a file it cannot take with a message
on the form, never a server error, and stores nothing: JSON nested 50 000 deep, a NUL in a name
of an EMA file (or of the event, or of the file), a cell over the CSV reader's 131 072
characters, a NUL in an archive's player name or EMA number. Run on SQLite and on PostgreSQL
(``make test-services``), whose text columns refuse NUL."""

from __future__ import annotations

import io
import json

import pytest
from django.test import Client

from scoring.ranking.services import importing
from tournament.events.models import Event
from tournament.persons.models import Person
from tournament.players.models import Player

pytestmark = pytest.mark.django_db

HEADER = b"place,EMA number,last name,first name,country,points,mahjong\n"
EMA_FIELDS = {
    "kind": "ema",
    "name": "Old Open",
    "ruleset": "mcr",
    "first_day": "2025-01-04",
    "last_day": "2025-01-05",
}


def archive(**player) -> bytes:
    players = [{"id": 1, "name": "Anna Alpha", "country": "NL", "ema_number": ""}]
    players.append({"id": 2, "name": "Bram Beta", "country": "NL", "ema_number": "", **player})
    return json.dumps({"version": 5, "event": {"slug": "old-open"}, "players": players}).encode()


CASES = {
    "json nested 50 000 deep": ("archive", b"[" * 50_000 + b"]" * 50_000, "not a JSON"),
    "NUL in a player's name": (
        "ema",
        HEADER + b"1,,Alpha,Anna,NL,0,0\n2,,Be\x00ta,Bram,NL,0,0\n",
        "Line 3: A name cannot contain control",
    ),
    "a cell over 131 072 characters": (
        "ema",
        HEADER + b"1,,Alpha,Anna,NL,0,0\n2,," + b"B" * 131_073 + b",Bram,NL,0,0\n",
        "Line 3",
    ),
    "NUL in an archive's player name": (
        "archive",
        archive(name="Bram\x00Beta"),
        "Player 2: A name cannot contain control",
    ),
    "NUL in an archive's EMA number": (
        "archive",
        archive(ema_number="1000\x000002"),
        "Player 2: An EMA number",
    ),
}


def upload(client: Client, kind: str, data: bytes, filename: str = "past.csv", **fields):
    file = io.BytesIO(data)
    file.name = filename
    return client.post(
        "/director/ranking/import/",
        {**EMA_FIELDS, "upload": "1", "kind": kind, "file": file, **fields},
    )


def nothing_stored():
    return (
        not Event.objects.exists() and not Player.objects.exists() and not Person.objects.exists()
    )


@pytest.fixture
def director_client(director):
    client = Client()
    client.force_login(director)
    return client


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_file_that_cannot_be_taken_is_a_form_error(director_client, case):
    kind, data, message = CASES[case]
    answer = upload(director_client, kind, data)
    assert answer.status_code == 200
    assert message in answer.content.decode()
    assert "import-preview" not in answer.content.decode()
    assert nothing_stored()


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_services_refuse_them_with_a_validation_error(director, case):
    from django.core.exceptions import ValidationError

    kind, data, _message = CASES[case]
    with pytest.raises(ValidationError):
        if kind == "archive":
            importing.import_archive(data, by=director)
        else:
            from datetime import date

            importing.import_ema(
                data,
                name="Old Open",
                ruleset="mcr",
                first_day=date(2025, 1, 4),
                last_day=date(2025, 1, 5),
                by=director,
            )
    assert nothing_stored()


def test_a_nul_in_the_events_name_is_a_form_error(director_client):
    good = HEADER + b"1,,Alpha,Anna,NL,0,0\n2,,Beta,Bram,NL,0,0\n"
    preview = upload(director_client, "ema", good)
    assert "import-preview" in preview.content.decode()
    answer = director_client.post(
        "/director/ranking/import/",
        {**EMA_FIELDS, "confirm": "1", "token": preview.context["token"], "name": "Old\x00Open"},
    )
    assert answer.status_code == 200
    assert "cannot contain control" in answer.content.decode()
    assert nothing_stored()


def test_a_nul_in_the_files_name_changes_nothing(director_client):
    good = HEADER + b"1,,Alpha,Anna,NL,0,0\n2,,Beta,Bram,NL,0,0\n"
    answer = upload(director_client, "ema", good, filename="past\x00.csv")
    assert answer.status_code in (200, 400)
    assert nothing_stored()
