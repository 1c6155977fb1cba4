"""An event with a bit of everything an archive holds, built through the services and API."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

from penalties.models import FoulReport
from scoring.results import services as result_services
from tournament.events import services as event_services
from tournament.hall import services as hall_services
from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats


def build_archive_event(hall) -> None:
    """``hall``: an MCR hall (round 1 live, two tables, head and floor referees)."""
    event = hall.event
    event.start_date = datetime.date(2026, 5, 1)
    event.end_date = datetime.date(2026, 5, 2)
    event.venue = "Praha, Národní dům"
    event.ruleset_options = {"false_win_amount": 20}
    event_services.save_event(event)
    round1 = event.rounds.get(number=1)
    table1, table2 = round1.tables.order_by("number")
    result_services.enter_result(table1, hall.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    result_services.enter_result(
        table1,
        hall.director,
        {"E": 30, "S": 15, "W": 0, "N": -45},
        based_on_version=1,
        reason="S counted a flower twice",
    )
    result_services.enter_result(table2, hall.head, {"E": 8, "S": 8, "W": 8, "N": -24})
    result_services.confirm_result(table2, hall.director, 1)
    false_win = hall.foul(
        hall.floor, "false_win", hall.east, {"co_offenders": [hall.south.pk]}, note="both called"
    )
    assert false_win.status_code == 201, false_win.content
    west2 = table2.seats.get(wind="W").player
    premature = hall.foul(hall.head, "premature_count", west2, table=2)
    assert premature.status_code == 201, premature.content
    assert hall.void(hall.head, premature.json()["id"]).status_code == 201
    assert FoulReport.objects.filter(event=event).count() == 2
    hall_services.add_announcement(event, "Round 2 starts at 14:00 — lunch in the hall")
    hidden = hall_services.add_announcement(event, "Old news")
    hall_services.set_announcement_shown(hidden, False)
    player_services.update_player(hall.north, status=Player.Status.DROPPED)
    substitute = player_services.add_player(event, name="Zoë Substitute", country="FI")
    Player.objects.filter(pk=substitute.pk).update(is_substitute=True)
    round_services.update_round(round1, status=Round.Status.CLOSED)
    round_services.update_round(
        round1, status=Round.Status.LIVE, reason="table 2 recounted", by=hall.director
    )
    round_services.update_round(round1, status=Round.Status.CLOSED)
    round2 = round_services.create_round(
        event, number=2, starts_at=datetime.datetime(2026, 5, 1, 14, tzinfo=datetime.UTC)
    )
    ids = list(event.players.exclude(pk=hall.north.pk).order_by("pk").values_list("pk", flat=True))
    seats.seat_round(round2, [ids[4:8], ids[0:4]])


ROOT = Path(__file__).resolve().parents[2]


def run(var_dir: Path, *args: str) -> str:
    """A management command in a separate process, on a fresh SQLite database in ``var_dir``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL"}
    }
    env.update(VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="config.settings")
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


SNAPSHOT_ROWS = (
    "import json; from scoring.standings.models import StandingsSnapshot as S; "
    "s = S.objects.get(event__slug={slug!r}); print(json.dumps([s.method, s.rows]))"
)
