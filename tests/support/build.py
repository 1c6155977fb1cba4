"""Shared by the benchmarks and the tests: a throw-away database and a big event built in bulk."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def fresh_database(url: str | None, default_name: str) -> tuple[str, callable]:
    """A new empty database: a temporary SQLite file, or ``url``'s PostgreSQL database created
    (dropped first if it exists). Returns the URL to use and a function that removes it."""
    if not url:
        folder = tempfile.mkdtemp(prefix=default_name)
        path = Path(folder) / "bench.sqlite3"

        def drop_sqlite():
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
            os.rmdir(folder)

        return f"sqlite:///{path}", drop_sqlite
    import psycopg
    from psycopg import sql

    parsed = urlparse(url)
    name = parsed.path.lstrip("/") or default_name
    admin = urlunparse(parsed._replace(path="/postgres"))

    def run(statement):
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(statement)

    def drop_pg():
        from django.db import connections

        connections.close_all()
        run(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    drop_pg_first = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    run(drop_pg_first)
    run(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return urlunparse(parsed._replace(path="/" + name)), drop_pg


def setup_django(database_url: str, **env: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build_event(players: int, rounds: int, fouls: int, *, slug="bench", seed=1) -> int:
    """An mcr event with every table's result entered and ``fouls`` reports in the ledger
    (transfers, table and overall deductions, some voided), all by bulk inserts."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from penalties.models import FoulReport, LedgerEntry, Void
    from scoring.results.models import SeatScore, TableResult
    from tournament.events.models import Event
    from tournament.players.models import Player
    from tournament.rounds.models import Round, Seat, Table

    rng = random.Random(seed)
    players -= players % 4
    with transaction.atomic():
        user, _ = get_user_model().objects.get_or_create(username=f"{slug}-director")
        event = Event.objects.create(name=slug, slug=slug, ruleset="mcr", director=user)
        people = Player.objects.bulk_create(
            [Player(event=event, name=f"P{i:05d}") for i in range(players)], batch_size=2000
        )
        round_objs = Round.objects.bulk_create(
            [Round(event=event, number=n) for n in range(1, rounds + 1)]
        )
        tables = Table.objects.bulk_create(
            [Table(round=r, number=t) for r in round_objs for t in range(1, players // 4 + 1)],
            batch_size=2000,
        )
        seats, results, where = [], [], []
        for index, table in enumerate(tables):
            round_obj = round_objs[index // (players // 4)]
            if table.number == 1:
                order = people[:]
                rng.shuffle(order)
            four = order[(table.number - 1) * 4 : table.number * 4]
            where.append((round_obj, table, four))
            seats += [
                Seat(table=table, round=round_obj, wind=w, player=p)
                for w, p in zip("ESWN", four, strict=True)
            ]
            results.append(
                TableResult(
                    event=event,
                    round=round_obj,
                    table=table,
                    version=1,
                    entered_by=user,
                    counts=True,
                )
            )
        Seat.objects.bulk_create(seats, batch_size=5000)
        TableResult.objects.bulk_create(results, batch_size=2000)
        scores = []
        for result, (_r, _t, four) in zip(results, where, strict=True):
            values = [rng.randrange(-60, 61) for _ in range(3)]
            values.append(-sum(values))
            scores += [
                SeatScore(result=result, player=p, wind=w, score=v)
                for w, p, v in zip("ESWN", four, values, strict=True)
            ]
        SeatScore.objects.bulk_create(scores, batch_size=5000)
        picks = [where[rng.randrange(len(where))] for _ in range(fouls)]
        reports = FoulReport.objects.bulk_create(
            [
                FoulReport(
                    event=event,
                    round=r,
                    table=t,
                    offender=four[0],
                    code="false_win",
                    ruleset_key="mcr",
                    ruleset_version="bench",
                    referee=user,
                    idempotency_key=f"b{i}",
                )
                for i, (r, t, four) in enumerate(picks)
            ],
            batch_size=2000,
        )
        entries = []
        for report, (r, t, four) in zip(reports, picks, strict=True):
            common = dict(
                event=event,
                round=r,
                table=t,
                report=report,
                ruleset_key="mcr",
                ruleset_version="bench",
                created_by=user,
            )
            kind = rng.random()
            if kind < 0.6:
                entries += [
                    LedgerEntry(
                        player=four[0],
                        counterpart=o,
                        kind="transfer",
                        points=10,
                        scope="table",
                        **common,
                    )
                    for o in four[1:]
                ]
                entries.append(LedgerEntry(player=four[0], kind="dead_hand", **common))
            elif kind < 0.8:
                entries.append(
                    LedgerEntry(player=four[1], kind="deduct", points=-10, scope="table", **common)
                )
            else:
                entries.append(
                    LedgerEntry(player=four[2], kind="deduct", points=-5, scope="overall", **common)
                )
        LedgerEntry.objects.bulk_create(entries, batch_size=5000)
        voided = reports[: fouls // 20]
        voids = Void.objects.bulk_create(
            [Void(report=rep, reason="bench", voided_by=user) for rep in voided]
        )
        void_of = {v.report_id: v for v in voids}
        reversals = [
            LedgerEntry(
                event=event,
                round_id=e.round_id,
                table_id=e.table_id,
                player_id=e.player_id,
                counterpart_id=e.counterpart_id,
                kind=e.kind,
                points=-e.points,
                scope=e.scope,
                report_id=e.report_id,
                void=void_of[e.report_id],
                reverses=e,
                ruleset_key="mcr",
                ruleset_version="bench",
                created_by=user,
            )
            for e in entries
            if e.report_id in void_of and e.kind in ("transfer", "deduct")
        ]
        LedgerEntry.objects.bulk_create(reversals, batch_size=5000)
        Event.objects.filter(pk=event.pk).update(revision=1)
    return event.pk
