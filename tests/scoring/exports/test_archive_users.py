"""An archive import creates no user at will (issue 43, item 29): the users an archive names
must be users here, or be mapped to existing ones; otherwise the import is refused, naming
them. The operator may ask the command line to create them (without a password)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from penalties.models import FoulReport
from scoring import exports
from tests.support.archive_event import build_archive_event
from tournament.events.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()
NAMED = ["dir", "floor1", "floor1b", "head1"]


@pytest.fixture
def archive(make_hall, tmp_path):
    hall = make_hall("mcr")
    build_archive_event(hall)
    data = json.loads(exports.archive_json(hall.event))
    assert data["users"] == NAMED
    path = tmp_path / "archive.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("flush", interactive=False, verbosity=0)
    return data, path


def test_an_import_naming_unknown_users_is_refused_and_creates_none(archive):
    data, path = archive
    User.objects.create_user("keeper")
    with pytest.raises(exports.ArchiveError, match="dir, floor1, floor1b, head1"):
        exports.import_event(data)
    with pytest.raises(CommandError, match="no account here: dir, floor1, floor1b, head1"):
        call_command("import_event", str(path))
    assert list(User.objects.values_list("username", flat=True)) == ["keeper"]
    assert not Event.objects.exists()


def test_users_are_mapped_to_existing_ones(archive):
    """Several of the archive's users may be mapped to one: that user holds each of their
    roles once."""
    data, path = archive
    for name in ("keeper", "head1"):
        User.objects.create_user(name)
    with pytest.raises(CommandError, match="No user is called nobody"):
        call_command("import_event", str(path), "--user", "dir=nobody")
    with pytest.raises(CommandError, match="NAME=EXISTING"):
        call_command("import_event", str(path), "--user", "dir")
    mapped = [f"--user={name}=keeper" for name in ("dir", "floor1", "floor1b")]
    call_command("import_event", str(path), *mapped)
    assert sorted(User.objects.values_list("username", flat=True)) == ["head1", "keeper"]
    event = Event.objects.get(slug=data["event"]["slug"])
    assert event.director.username == "keeper"
    referees = {r.referee.username for r in FoulReport.objects.filter(event=event)}
    assert referees and referees <= {"keeper", "head1"}
    roles = sorted(event.referees.values_list("user__username", "role"))
    assert roles == [("head1", "head"), ("keeper", "floor")]


def test_the_operator_may_ask_for_the_users(archive):
    _data, path = archive
    call_command("import_event", str(path), "--create-users")
    assert sorted((u.username, u.has_usable_password()) for u in User.objects.all()) == [
        (name, False) for name in NAMED
    ]


def test_the_ranking_import_records_unknown_users_as_the_importer(make_hall, director, client):
    """A director importing a past event's archive (from another installation) for the
    ranking: the preview says which users have no account here, and the import records them
    as the director, creating none."""
    import io

    from scoring.ranking.services import importing
    from tests.support.ranking import play_and_publish

    hall = make_hall("mcr")
    event = play_and_publish(hall, director)
    data = json.loads(exports.archive_json(event))
    data["event"]["slug"] = "elsewhere-open"
    data["users"] = [f"far-{name}" for name in data["users"]]
    rows = [data["event"], *(r for v in data.values() if isinstance(v, list) for r in v)]
    for row in rows:
        for field, value in list(row.items()) if isinstance(row, dict) else []:
            if value in NAMED:
                row[field] = f"far-{value}"
    client.force_login(director)
    upload = io.BytesIO(json.dumps(data).encode())
    upload.name = "archive.json"
    preview = client.post(
        "/director/ranking/import/", {"upload": "1", "kind": "archive", "file": upload}
    )
    assert "recorded as you: far-dir, far-floor1" in preview.content.decode()

    call_command("flush", interactive=False, verbosity=0)
    importer = User.objects.create_user("importer")
    imported = importing.import_archive(json.dumps(data).encode(), by=importer)
    assert list(User.objects.values_list("username", flat=True)) == ["importer"]
    assert imported.director == importer
