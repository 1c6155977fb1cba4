"""`make backup` / `make restore`: a backup taken, a change made, the backup restored."""

from __future__ import annotations

import shutil

import pytest
from django.core.management import call_command
from django.db import connection

from tournament.events.models import Event
from tournament.players import services as player_services
from tournament.players.models import Player


@pytest.mark.django_db(transaction=True)
def test_backup_and_restore_round_trip(make_event, tmp_path):
    if connection.vendor == "postgresql" and not shutil.which("pg_dump"):
        pytest.skip("pg_dump is not installed")
    event = make_event("backup-open", players=4, rounds=1, seated=True)
    path = tmp_path / "db.backup"
    call_command("backup", output=str(path))
    assert path.stat().st_size > 0

    player_services.add_player(event, name="Added After The Backup")
    Event.objects.filter(pk=event.pk).update(venue="Changed")
    call_command("restore", str(path), yes=True)

    connection.close()
    assert not Player.objects.filter(name="Added After The Backup").exists()
    assert Event.objects.get(slug="backup-open").venue == ""
    assert Player.objects.filter(event__slug="backup-open").count() == 4
