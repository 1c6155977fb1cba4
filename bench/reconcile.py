"""Benchmark of a full standings reconcile against the floor: one raw SQL aggregate.

.venv/bin/python bench/reconcile.py --players 1000 --rounds 12 --fouls 5000
.venv/bin/python bench/reconcile.py --database-url postgres://postgres@127.0.0.1:5432/bench_reconcile
.venv/bin/python bench/reconcile.py --teams --stages

``--teams`` puts the players into teams of four (the best three count); ``--stages`` splits the
rounds into a qualifying stage and a last stage of two rounds that the top half reaches by a
confirmed cut (half the totals carried, the others in a consolation group): the reconcile then
also computes team and stage standings and the final ranking, and stores them. The floor is
the same SQL statement either way.

Builds the event in a fresh database (a temporary SQLite file by default; the PostgreSQL
database named in the URL is created and dropped), then times ``reconcile_event`` (forced, so
every run computes and writes) and one SQL statement that sums each player's seat scores and
ledger points over the same rows. Last line:
``reconcile_s=<median> raw_sql_s=<median> ratio=<reconcile/raw> queries=<count>``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _build import build_event, fresh_database, setup_django

RAW_SQL = """
SELECT p.id, COALESCE(s.total, 0), COALESCE(l.total, 0)
FROM tournament_player p
LEFT JOIN (
    SELECT ss.player_id AS pid, SUM(ss.score) AS total
    FROM scoring_seatscore ss JOIN scoring_tableresult r ON r.id = ss.result_id
    WHERE r.event_id = %s AND r.counts
    GROUP BY ss.player_id
) s ON s.pid = p.id
LEFT JOIN (
    SELECT x.pid, SUM(x.points) AS total FROM (
        SELECT player_id AS pid,
               CASE WHEN kind = 'transfer' THEN -points WHEN kind = 'deduct' THEN points
                    ELSE 0 END AS points
        FROM penalties_ledgerentry WHERE event_id = %s
        UNION ALL
        SELECT counterpart_id, points FROM penalties_ledgerentry
        WHERE event_id = %s AND kind = 'transfer'
    ) x GROUP BY x.pid
) l ON l.pid = p.id
WHERE p.event_id = %s
"""


def add_teams(event_id: int) -> None:
    """Teams of four players by registration order; the best three count."""
    from tournament.events.models import Event
    from tournament.players.models import Player, Team

    players = list(Player.objects.filter(event_id=event_id).order_by("pk"))
    teams = Team.objects.bulk_create(
        [Team(event_id=event_id, name=f"T{i:04d}") for i in range(len(players) // 4)]
    )
    for i, player in enumerate(players):
        player.team = teams[i // 4] if i // 4 < len(teams) else None
    Player.objects.bulk_update(players, ["team"], batch_size=2000)
    Event.objects.filter(pk=event_id).update(team_best=3, has_teams=True)


def add_stages(event_id: int, rounds: int) -> None:
    """A qualifying stage and a last stage of two rounds after a confirmed cut to the top
    half (rounded down to a multiple of four), half carried, a consolation group."""
    from django.contrib.auth import get_user_model
    from django.db.models import F

    from scoring.formats.cuts import current
    from tournament.events.models import Event
    from tournament.formats.models import CutDecision, Stage

    Stage.objects.create(
        event_id=event_id, number=1, name="Q", first_round=1, last_round=rounds - 2
    )
    event = Event.objects.get(pk=event_id)
    standing = current(event)["stages"]["1"]
    size = len(standing) // 2 // 4 * 4
    final = Stage.objects.create(
        event_id=event_id,
        number=2,
        name="F",
        first_round=rounds - 1,
        last_round=rounds,
        cut_size=size,
        carry=Stage.Carry.HALF,
        rest=Stage.Rest.CONSOLATION,
    )
    CutDecision.objects.create(
        stage=final,
        standing=[[who, place] for place, who, *_v in standing],
        qualified=[who for _p, who, *_v in standing[:size]],
        decided_by=get_user_model().objects.get(username="bench-director"),
    )
    Event.objects.filter(pk=event_id).update(revision=F("revision") + 1, has_stages=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--fouls", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--database-url", default="")
    ap.add_argument("--teams", action="store_true", help="teams of four, best three count")
    ap.add_argument("--stages", action="store_true", help="a cut to the top half, two rounds")
    args = ap.parse_args()

    url, drop = fresh_database(args.database_url, "bench_reconcile")
    try:
        setup_django(url)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from scoring.standings.models import StandingsSnapshot
        from scoring.standings.reconcile import reconcile_event

        t0 = time.perf_counter()
        event_id = build_event(args.players, args.rounds, args.fouls)
        print(
            f"{connection.vendor}: built {args.players} players x {args.rounds} rounds, "
            f"{args.fouls} fouls in {time.perf_counter() - t0:.1f} s"
        )
        if args.teams:
            add_teams(event_id)
        if args.stages:
            add_stages(event_id, args.rounds)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        reconcile_event(event_id)  # warm-up (and the first write creates the snapshot row)
        with connection.cursor() as cursor:
            cursor.execute(RAW_SQL, [event_id] * 4)
            cursor.fetchall()

        reconcile_times, raw_times, queries = [], [], 0
        for _ in range(args.runs):
            with CaptureQueriesContext(connection) as captured:
                t0 = time.perf_counter()
                outcome = reconcile_event(event_id, force=True)
                reconcile_times.append(time.perf_counter() - t0)
            assert outcome["status"] == "written", outcome
            queries = len(captured.captured_queries)
            t0 = time.perf_counter()
            with connection.cursor() as cursor:
                cursor.execute(RAW_SQL, [event_id] * 4)
                rows = cursor.fetchall()
            raw_times.append(time.perf_counter() - t0)
        snapshot = StandingsSnapshot.objects.get(event_id=event_id)
        assert len(snapshot.rows) == len(rows)
        if args.teams or args.stages:
            from scoring.standings.models import FormatStandings

            data = FormatStandings.objects.get(event_id=event_id).data
            assert not args.teams or len(data["teams"]) == len(rows) // 4
            assert not args.stages or len(data["final"]) == len(rows)
            print(
                f"teams={len(data.get('teams', []))} "
                f"stages={len(data.get('stages', {}))} final={len(data.get('final', []))}"
            )
        print("reconcile runs:", " ".join(f"{t:.3f}" for t in reconcile_times))
        print("raw sql runs:  ", " ".join(f"{t:.3f}" for t in raw_times))
        rec, raw = statistics.median(reconcile_times), statistics.median(raw_times)
        print(f"reconcile_s={rec:.3f} raw_sql_s={raw:.3f} ratio={rec / raw:.2f} queries={queries}")
    finally:
        drop()


if __name__ == "__main__":
    main()
