"""The event archive: its content, an exact round trip through a fresh database, and refusals."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from penalties.models import LedgerEntry
from scoring import exports
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services.reconcile import reconcile_event
from tests.support.archive_event import SNAPSHOT_ROWS, build_archive_event, run
from tournament.events.models import Announcement, Event
from tournament.hall import services as hall_services
from tournament.players import services as player_services
from tournament.players.models import Player


@pytest.fixture
def archived(make_hall):
    hall = make_hall("mcr")
    build_archive_event(hall)
    return hall


@pytest.mark.django_db
def test_archive_holds_everything(archived):
    data = json.loads(exports.archive_json(archived.event))
    assert data["format"] == "mahjong-tournament-event" and data["version"] == 6
    assert data["event"]["slug"] == archived.event.slug
    assert data["event"]["director"] == "dir"
    assert data["event"]["start_date"] == "2026-05-01"
    assert data["event"]["ruleset_options"] == {"false_win_amount": 20}
    counts = {key: len(data[key]) for key, _model in exports.SECTIONS}
    assert counts == {
        "teams": 0,
        "players": 9,
        "stages": 0,
        "cut_decisions": 0,
        "rounds": 2,
        "round_status_changes": 1,
        "tables": 4,
        "seats": 16,
        "referee_assignments": 3,
        "announcements": 2,
        "results": 3,
        "seat_scores": 12,
        "foul_reports": 2,
        "voids": 1,
        "replacements": 0,
        "ledger_entries": LedgerEntry.objects.filter(event=archived.event).count(),
        "score_sheets": 0,
        "sheet_hands": 0,
        "hand_confirmations": 0,
        "seat_corrections": 0,
    }
    assert set(data["users"]) == {
        "dir",
        "head1",
        "floor1",
        "floor1b",
    }
    assert {a["user"] for a in data["referee_assignments"]} == {"head1", "floor1", "floor1b"}
    versions = [(r["table"], r["version"], r["counts"]) for r in data["results"]]
    assert sorted(versions)[:2] == [(versions[0][0], 1, False), (versions[0][0], 2, True)]
    false_win = next(r for r in data["foul_reports"] if r["code"] == "false_win")
    assert false_win["co_offenders"] == [archived.south.pk]
    assert false_win["referee"] == "floor1"
    reversals = [e for e in data["ledger_entries"] if e["reverses"] is not None]
    assert reversals and all(e["void"] == data["voids"][0]["id"] for e in reversals)
    assert data["voids"][0]["voided_by"] == "head1"
    (reopened,) = data["round_status_changes"]
    assert (reopened["old_status"], reopened["new_status"]) == ("closed", "live")
    assert reopened["reason"] == "table 2 recounted" and reopened["changed_by"] == "dir"
    assert "standings_snapshot" not in data


@pytest.mark.django_db
def test_round_trip_through_a_fresh_database_is_exact(archived, tmp_path):
    """export -> import into a fresh database (another process) -> export gives the same
    archive; the standings recomputed there are the same as here."""
    event = archived.event
    reconcile_event(event.pk)
    snapshot = StandingsSnapshot.objects.get(event=event)
    original = exports.archive_json(event)
    archive = tmp_path / "archive.json"
    archive.write_text(original, encoding="utf-8")
    fresh = tmp_path / "fresh"
    run(fresh, "migrate", "--no-input", "-v", "0")
    assert event.slug in run(fresh, "import_event", "--create-users", str(archive))
    run(fresh, "export_event", event.slug, "-o", str(tmp_path / "again.json"))
    assert (tmp_path / "again.json").read_text(encoding="utf-8") == original
    assert run(fresh, "export_event", event.slug) == original

    run(fresh, "reconcile", event.slug)
    method, rows = json.loads(
        run(fresh, "shell", "--no-imports", "-c", SNAPSHOT_ROWS.format(slug=event.slug))
    )
    assert method == snapshot.method
    assert rows == snapshot.rows
    assert [r["place"] for r in rows] and any(r["penalties"] for r in rows)

    users = run(
        fresh,
        "shell",
        "--no-imports",
        "-c",
        "from django.contrib.auth.models import User; "
        "print(sorted((u.username, u.has_usable_password()) for u in User.objects.all()))",
    )
    assert users.strip() == str(
        sorted((name, False) for name in ("dir", "floor1", "floor1b", "head1"))
    )


@pytest.mark.django_db(transaction=True)
def test_round_trip_in_the_same_database_after_a_flush(archived):
    """The same round trip in this process and database engine (on PostgreSQL: sequences).
    ``flush`` empties every table as the end of a transactional test does anyway."""
    event = archived.event
    reconcile_event(event.pk)
    rows = StandingsSnapshot.objects.get(event=event).rows
    original = exports.archive_json(event)
    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists()

    imported = exports.import_event(json.loads(original), create_users=True)

    assert exports.archive_json(imported) == original
    assert StandingsSnapshot.objects.get(event=imported).rows == rows  # reconciled on commit
    assert not get_user_model().objects.get(username="dir").has_usable_password()
    # New rows get fresh ids after the imported ones.
    player = player_services.add_player(imported, name="Late Arrival")
    assert player.pk > max(p.pk for p in Player.objects.exclude(pk=player.pk))
    note = hall_services.add_announcement(imported, "Welcome")
    assert note.pk > max(a.pk for a in Announcement.objects.exclude(pk=note.pk))


@pytest.mark.django_db
def test_import_refuses_an_existing_slug(archived):
    data = json.loads(exports.archive_json(archived.event))
    with pytest.raises(ValueError, match="already exists"):
        exports.import_event(data)


@pytest.mark.django_db
def test_import_refuses_ids_in_use(archived):
    """Under another short name the rows would still take ids of the existing event."""
    data = json.loads(exports.archive_json(archived.event))
    data["event"]["slug"] = "another-slug"
    before = (Event.objects.count(), LedgerEntry.objects.count())
    with pytest.raises(ValueError, match="ids already used"):
        exports.import_event(data)
    assert (Event.objects.count(), LedgerEntry.objects.count()) == before


@pytest.mark.django_db
@pytest.mark.parametrize("version", [0, 7, "1", None])
def test_import_refuses_an_unknown_version(archived, version):
    data = json.loads(exports.archive_json(archived.event))
    data["event"]["slug"] = "another-slug"
    data["version"] = version
    with pytest.raises(ValueError, match="Unknown archive format version"):
        exports.import_event(data)


@pytest.mark.django_db(transaction=True)
def test_a_version_1_archive_still_imports(archived):
    data = json.loads(exports.archive_json(archived.event))
    data["event"]["slug"] = "from-version-1"
    del data["event"]["announcements_revision"]
    data["version"] = 1
    call_command("flush", interactive=False, verbosity=0)
    imported = exports.import_event(data, create_users=True)
    assert (imported.slug, imported.announcements_revision) == ("from-version-1", 0)
    assert imported.announcements.count() == 2


@pytest.mark.django_db
def test_import_refuses_what_is_not_an_archive(db):
    for data in ([], {}, {"format": "something else", "version": 1}):
        with pytest.raises(ValueError, match="not an event archive"):
            exports.import_event(data)


@pytest.mark.django_db
def test_import_refuses_rows_of_another_event_and_unknown_fields(archived):
    data = json.loads(exports.archive_json(archived.event))
    data["event"]["slug"] = "another-slug"
    data["players"][0]["event"] = data["event"]["id"] + 1000
    with pytest.raises(ValueError, match="not in the archive"):
        exports.import_event(data)
    data = json.loads(exports.archive_json(archived.event))
    data["event"]["slug"] = "another-slug"
    data["players"][0]["nickname"] = "x"
    with pytest.raises(ValueError, match="Unknown fields"):
        exports.import_event(data)


@pytest.mark.django_db
def test_commands_report_refusals(archived, tmp_path):
    with pytest.raises(CommandError, match="No event"):
        call_command("export_event", "no-such-event")
    path = tmp_path / "archive.json"
    call_command("export_event", archived.event.slug, "-o", str(path))
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_event", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match="Unknown archive format version 99"):
        call_command("import_event", str(path))
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("import_event", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_event", str(tmp_path / "missing.json"))
