"""The migration that gives existing players their name key keeps every player, even two
names accepted before as different that now share a key."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0008_event_time_zone")]
AFTER = [("tournament", "0009_player_name_key")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_names_get_keys_and_old_lookalikes_stay():
    old = migrate(BEFORE)
    try:
        User = old.get_model("auth", "User")
        Event = old.get_model("tournament", "Event")
        Player = old.get_model("tournament", "Player")
        director = User.objects.create(username="old-director")
        event = Event.objects.create(name="Old", slug="old", ruleset="mcr", director=director)
        other = Event.objects.create(name="Other", slug="other", ruleset="mcr", director=director)
        for name in ("Šťastný", "ŠŤASTNÝ", "Novák"):
            Player.objects.create(event=event, name=name)
        Player.objects.create(event=other, name="šťastný")
        new = migrate(AFTER)
        Player = new.get_model("tournament", "Player")
        keys = dict(Player.objects.filter(event_id=event.pk).values_list("name", "name_key"))
        assert keys["Šťastný"] == "šťastný" and keys["Novák"] == "novák"
        assert keys["ŠŤASTNÝ"].startswith("šťastný\n")  # kept, with a key made unique
        assert Player.objects.get(event_id=other.pk).name_key == "šťastný"
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
