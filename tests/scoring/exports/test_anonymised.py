"""The anonymised archive (issue 46, item 7): no original name, e-mail, EMA number, club or typed
text in it; the same person the same pseudonym everywhere; imported into an empty database it
verifies and gives the same standings, place by place."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scoring import exports
from scoring.exports.reading.anonymised import KEPT, MODELS, RULES, is_text
from scoring.sheets.entry.reading.export import HANDS_HEADER, hands_table
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services.reconcile import reconcile_event
from scoring.verify import event_differences
from tests.support.archive_event import SNAPSHOT_ROWS, run
from tests.support.personal_event import build_personal_event, originals
from tournament.events.models import Event


@pytest.fixture
def personal(make_hall):
    hall = make_hall("mcr")
    build_personal_event(hall)
    reconcile_event(hall.event.pk)
    return hall


@pytest.mark.django_db
def test_no_original_value_appears_in_the_anonymised_archive(personal):
    event = personal.event
    original = exports.archive_json(event)
    anonymised = exports.anonymised_archive_json(event)
    for what, found in originals(json.loads(original)).items():
        assert found, f"the test event has no {what}"
        for value in found:
            assert value in original  # the search finds what is there ...
            assert value.casefold() not in anonymised.casefold(), f"{what}: {value!r}"
    # ... and the clubs spelt two ways, the e-mail-like usernames and the device were there.
    assert "PRAHA DRAGONS" in original and "@example.cz" in original and "Pixel 8" in original


def without(rows: list[dict], key: str) -> list[dict]:
    return [{k: v for k, v in row.items() if k != key} for row in rows]


@pytest.mark.django_db
def test_pseudonyms_are_numbered_and_consistent(personal):
    data = exports.anonymised_archive(personal.event)
    players = data["players"]
    assert [p["name"] for p in players] == [f"Player {n}" for n in range(1, 10)]
    assert [p["name_key"] for p in players] == [f"player {n}" for n in range(1, 10)]
    # One club however capitalised; no club stays no club.
    assert [p["club"] for p in players] == [
        "Club 1",
        "Club 1",
        "Club 2",
        "Club 3",
        "Club 4",
        "",
        "Club 5",
        "Club 3",
        "Club 4",
    ]
    assert {p["ema_number"] for p in players} == {""}
    assert {(p["pin_digest"], p["pin_generation"]) for p in players} == {("", 0)}
    countries = personal.event.players.order_by("pk").values_list("country", flat=True)
    assert [p["country"] for p in players] == list(countries) != [""] * 9
    assert data["event"]["name"] == f"Anonymised event {personal.event.pk}"
    assert data["event"]["slug"] == exports.anonymised_slug(personal.event.pk)
    assert data["event"]["director"] == "director"
    assert data["users"] == ["director", "staff-1", "staff-2", "staff-3"]
    assert [t["name"] for t in data["teams"]] == ["Team 1"]
    assert [s["name"] for s in data["stages"]] == ["Stage 1"]
    # The same explanation in two reports is the same pseudonym; every text keeps its kind.
    reports = data["foul_reports"]
    explained = [r["explanation"] for r in reports if r["explanation"]]
    assert explained == ["Explanation 1", "Explanation 1"]
    assert [r["note"] for r in reports if r["note"]] == ["Note 1", "Note 2"]
    assert [a["text"] for a in data["announcements"]] == [
        "Announcement 1",
        "Announcement 2",
        "Announcement 3",
    ]
    keys = [r["idempotency_key"] for r in reports]
    assert keys == [f"foul-{r['id']}" for r in reports]
    # What the standings are made of is the original's.
    original = exports.event_archive(personal.event)
    for section in ("seats", "seat_scores", "cut_decisions", "rounds"):
        assert data[section] == original[section]
    assert without(data["ledger_entries"], "created_by") == without(
        original["ledger_entries"], "created_by"
    )
    assert [h["data"] for h in data["sheet_hands"]] == [h["data"] for h in original["sheet_hands"]]


@pytest.mark.django_db
def test_the_anonymised_archive_imports_into_an_empty_database_with_the_same_standings(
    personal, tmp_path
):
    """Another process, a fresh database: import, ``verify``, and the standings place by place;
    exporting the imported event gives the anonymised file again."""
    event = personal.event
    rows = StandingsSnapshot.objects.get(event=event).rows
    text = exports.anonymised_archive_json(event)
    archive = tmp_path / "anonymised.json"
    archive.write_text(text, encoding="utf-8")
    fresh = tmp_path / "fresh"
    run(fresh, "migrate", "--no-input", "-v", "0")
    slug = exports.anonymised_slug(event.pk)
    assert slug in run(fresh, "import_event", str(archive), "--create-users")
    assert "consistent" in run(fresh, "verify", slug)
    assert run(fresh, "export_event", slug) == text

    _method, imported = json.loads(
        run(fresh, "shell", "--no-imports", "-c", SNAPSHOT_ROWS.format(slug=slug))
    )
    pseudonym = {p["id"]: p["name"] for p in json.loads(text)["players"]}
    assert len(imported) == len(rows) >= 8
    for before, after in zip(rows, imported, strict=True):
        assert after["name"] == pseudonym[before["player"]]
        assert {k: v for k, v in after.items() if k != "name"} == {
            k: v for k, v in before.items() if k != "name"
        }
    assert any(r["penalties"] for r in imported)


def _ledger(event: Event, user) -> list[dict]:
    client = APIClient()
    client.force_authenticate(user)
    answer = client.get(f"/api/events/{event.slug}/ledger/?limit=500")
    assert answer.status_code == 200
    return answer.json()["results"]


@pytest.mark.django_db(transaction=True)
def test_the_same_player_is_the_same_pseudonym_in_results_ledger_and_sheets(personal):
    """Imported in place of the original (same database engine, after a flush): every table
    of the event reads as the original's with each name replaced by that player's pseudonym."""
    event = personal.event
    results = exports.results_table(event)[1]
    hands = hands_table(event)[1]
    ledger = _ledger(event, personal.director)
    standings = exports.standings_table(event)[1]
    names = dict(event.players.values_list("pk", "name"))
    club_of = dict(event.players.values_list("pk", "club"))
    anonymised = exports.anonymised_archive(event)
    call_command("flush", interactive=False, verbosity=0)

    imported = exports.import_event(anonymised, create_users=True)

    assert event_differences(imported) == []
    pseudonyms = dict(imported.players.values_list("pk", "name"))
    renamed = {names[pk]: pseudonyms[pk] for pk in names}
    assert len(set(renamed.values())) == len(renamed) == 9
    clubs = {club_of[pk]: club for pk, club in imported.players.values_list("pk", "club")}
    # Results: the player's name (column 4) and EMA number (column 5, left out).
    assert exports.results_table(imported)[1] == [
        [*row[:4], renamed[row[4]], "", *row[6:]] for row in results
    ]
    # Standings: place, name, EMA number (left out), country, club, then the values.
    assert exports.standings_table(imported)[1] == [
        [row[0], renamed[row[1]], "", row[3], clubs[row[4]], *row[5:]] for row in standings
    ]
    # Sheets: the seats' names are the last four columns; the reason is a pseudonym.
    hands_after = hands_table(imported)[1]
    reason = HANDS_HEADER.index("reason")
    for before, after in zip(hands, hands_after, strict=True):
        assert after[-4:] == [renamed[n] for n in before[-4:]]
        assert (
            after[:reason] == before[:reason] and after[reason + 1 : -4] == before[reason + 1 : -4]
        )
        assert (after[reason] == "") == (before[reason] == "")
    # Ledger: who paid and who received.
    ledger_after = _ledger(imported, imported.director)
    assert [(e["player_name"], e["counterpart_name"], e["points"]) for e in ledger_after] == [
        (renamed[e["player_name"]], renamed.get(e["counterpart_name"]), e["points"]) for e in ledger
    ]


def test_every_text_field_of_the_archive_is_decided():
    """A text field added to an archived model later must be named: replaced (``RULES``) or
    kept because no person is in it (``KEPT``)."""
    undecided = [
        (section, field.name)
        for section, model in MODELS.items()
        for field in model._meta.concrete_fields
        if is_text(field)
        and field.name not in RULES.get(section, {})
        and field.name not in KEPT.get(section, ())
    ]
    assert undecided == []


@pytest.mark.django_db
def test_a_field_nobody_decided_about_is_replaced_as_typed_text(personal):
    data = exports.event_archive(personal.event)
    data["players"][0]["online_name"] = "jana_tenhou_92"
    data["players"][1]["online_name"] = "jana_tenhou_92"
    data["players"][2]["contacts"] = {"phone": "+420 601 234 567"}
    anonymised = exports.anonymise(data)
    assert [p.get("online_name") for p in anonymised["players"][:2]] == ["Text 1", "Text 1"]
    assert anonymised["players"][2]["contacts"] == {}
    assert "jana_tenhou_92" not in json.dumps(anonymised)
