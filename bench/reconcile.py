"""Benchmark of a full standings reconcile, held to the hall's budget.

.venv/bin/python bench/reconcile.py                       # 500 players x 12 rounds, 3000 fouls
.venv/bin/python bench/reconcile.py --players 5000 --fouls 30000
.venv/bin/python bench/reconcile.py --database-url postgres://postgres@127.0.0.1:5432/bench_reconcile
.venv/bin/python bench/reconcile.py --teams --stages

Builds the event in a fresh database (a temporary SQLite file by default; the PostgreSQL
database named in the URL is created and dropped), then times ``reconcile_event`` (forced, so
every run reads, computes and writes), median of ``--runs``. The budget is 150 ms for 500
players and grows with the players (1.5 s for 5000): 0.3 ms a player.

``--teams`` puts the players into teams of four (the best three count); ``--stages`` splits the
rounds into a qualifying stage and a last stage of two rounds that the top half reaches by a
confirmed cut (half the totals carried, the others in a consolation group). With either, the
plain reconcile is timed first, then the one that also computes and stores the team and stage
standings and the final ranking, whose budget is 1.5 times the plain figure.

Last line: ``reconcile_ms=<median> budget_ms=<> [format_ms=<> format_budget_ms=<>]
queries=<count> budget_ok=True|False``; the exit status is 1 over budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import build_event, fresh_database, setup_django  # noqa: E402


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

    from scoring.standings.reading.compute import current_formats as current
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


MS_PER_PLAYER = 0.3
FORMAT_FACTOR = 1.5


def timed(event_id: int, runs: int) -> tuple[float, int]:
    """Median milliseconds of ``runs`` forced reconciles, and the queries of the last."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.standings.services.reconcile import reconcile_event

    times, queries = [], 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter()
            outcome = reconcile_event(event_id, force=True)
            times.append((time.perf_counter() - t0) * 1000)
        assert outcome["status"] == "written", outcome
        queries = len(captured.captured_queries)
    print("runs_ms:", " ".join(f"{t:.1f}" for t in times))
    return statistics.median(times), queries


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--fouls", type=int, default=3000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--database-url", default="")
    ap.add_argument("--teams", action="store_true", help="teams of four, best three count")
    ap.add_argument("--stages", action="store_true", help="a cut to the top half, two rounds")
    args = ap.parse_args()

    url, drop = fresh_database(args.database_url, "bench_reconcile")
    try:
        setup_django(url)
        from django.db import connection

        from scoring.standings.models import StandingsSnapshot
        from scoring.standings.services.reconcile import reconcile_event

        t0 = time.perf_counter()
        event_id = build_event(args.players, args.rounds, args.fouls)
        print(
            f"{connection.vendor}: built {args.players} players x {args.rounds} rounds, "
            f"{args.fouls} fouls in {time.perf_counter() - t0:.1f} s"
        )
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        reconcile_event(event_id)  # warm-up (and the first write creates the snapshot row)
        plain, queries = timed(event_id, args.runs)
        rows = StandingsSnapshot.objects.get(event_id=event_id).rows
        assert len(rows) == args.players, len(rows)
        budget = MS_PER_PLAYER * args.players
        ok = plain <= budget
        line = f"reconcile_ms={plain:.1f} budget_ms={budget:.0f}"
        if args.teams or args.stages:
            from scoring.standings.models import FormatStandings

            if args.teams:
                add_teams(event_id)
            if args.stages:
                add_stages(event_id, args.rounds)
            reconcile_event(event_id)
            with_format, queries = timed(event_id, args.runs)
            data = FormatStandings.objects.get(event_id=event_id).data
            assert not args.teams or len(data["teams"]) == args.players // 4
            assert not args.stages or len(data["final"]) == args.players
            print(
                f"teams={len(data.get('teams', []))} "
                f"stages={len(data.get('stages', {}))} final={len(data.get('final', []))}"
            )
            format_budget = FORMAT_FACTOR * plain
            ok = ok and with_format <= format_budget
            line += f" format_ms={with_format:.1f} format_budget_ms={format_budget:.1f}"
        print(f"{line} queries={queries} budget_ok={ok}")
    finally:
        drop()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
