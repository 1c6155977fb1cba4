"""The round-closing and seat-correction races on PostgreSQL: a row held in another
connection, work in threads, and waiting until a statement waits for a lock."""

from __future__ import annotations

import threading
import time

import psycopg
from django.db import connection, connections

from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table


class RowHolder:
    """A second connection that holds one row ``FOR UPDATE`` until ``release``."""

    def __init__(self, table: str, pk: int):
        settings = connection.settings_dict
        self.conn = psycopg.connect(
            host=settings["HOST"] or "127.0.0.1",
            port=settings["PORT"] or 5432,
            user=settings["USER"] or None,
            password=settings["PASSWORD"] or None,
            dbname=settings["NAME"],
        )
        self.conn.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE", [pk])

    def release(self) -> None:
        self.conn.commit()
        self.conn.close()


def waiting_for_locks() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(DISTINCT pid) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0]


def wait_until_waiting(count: int) -> None:
    deadline = time.monotonic() + 20
    while waiting_for_locks() < count:
        assert time.monotonic() < deadline, "the request never waited for the lock"
        time.sleep(0.05)


def in_thread(send) -> tuple[threading.Thread, list]:
    answers: list = []

    def run():
        try:
            answers.append(send())
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, answers


def table_one(hall) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=1
    )


def ron(winner, discarder):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": 1, "fu": 30}


def close_round(hall) -> None:
    round_services.update_round(
        Round.objects.get(event=hall.event, number=1), status=Round.Status.CLOSED
    )
