"""The ranking across events at scale: 10 000 persons, 2 000 ranking events over 4 years and
100 000 results (50 per event on average, places with ties), built in bulk in a throw-away
database (SQLite by default; ``--database-url postgres://...`` for PostgreSQL).

    python bench/ranking.py [--persons 10000] [--events 2000] [--results 100000]
                            [--database-url ...] [--repeat 5]

- ``full_s``: ``compute.recompute(family)`` whole (read every result, the exact arithmetic of
  ``rules.ranking``, write every listed person's row and place), median of ``--repeat`` runs.
  A first, untimed run writes every row; the timed ones find them equal and rewrite none. The
  line before gives ``full_moved_s``: the same as of tomorrow and today in turn, where results
  age and nearly every place moves, so nearly every row is rewritten (best of 2 x
  ``--repeat``); and ``follow_players_s``: the check that every result's copy of its
  player's person is the player's (``storing.follow_players``, run by ``ranking --full`` and
  the daily run before they recompute, not by a recompute; it finds nothing to copy here).
- ``incremental_ms``: a new 100-player ranking event's results stored, then the recompute of
  its 100 persons (their rows and every place), median of ``--repeat`` events.
- ``page_ms``: the slower of the ranking page (first page) and a person's page (a person with
  many results), median of 30 requests each through Django's test client in this process;
  the line before gives each, and each rendered afresh (``*_cold_ms``: the cache cleared
  first). ``ping_ms``: ``/ping`` the same way.

Budgets: full recompute <= 3 s, incremental <= 500 ms. Last line: ``persons=<n> events=<n>
results=<n> full_s=<> budget_full_s=3.0 incremental_ms=<> budget_incremental_ms=500
page_ms=<> ping_ms=<> budget_ok=True|False``; the exit status is 1 over budget. The run fails
if ``verify`` finds a difference.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from tests.support.build import fresh_database, setup_django  # noqa: E402

FULL_BUDGET_S = 3.0
INCREMENTAL_BUDGET_MS = 500
COUNTRIES = ["NL", "DE", "FR", "CZ", "PL", "FI", "DK", "AT", "CH", "IT", "ES", "GB", "HU", "SE"]


def build(persons: int, events: int, results: int, seed: int = 7) -> None:
    """Persons, finished events with their players and published final places, in bulk."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from rules import ranking as rk
    from scoring.ranking.models import RankingEvent, RankingResult
    from tournament.events.models import Event
    from tournament.persons.models import Person
    from tournament.players.models import Player

    rng = np.random.default_rng(seed)
    today = timezone.localdate()
    with transaction.atomic():
        user, _ = get_user_model().objects.get_or_create(username="bench-director")
        Person.objects.bulk_create(
            [
                Person(
                    name=f"Person {i:05d}",
                    country=COUNTRIES[i % len(COUNTRIES)],
                    ema_number=f"{10000000 + i}",
                )
                for i in range(persons)
            ],
            batch_size=2000,
        )
        person_ids = np.array(Person.objects.order_by("pk").values_list("pk", flat=True))
        sizes = rng.multinomial(results - 2 * events, np.ones(events) / events) + 2
        sizes = np.minimum(sizes, persons)
        days_ago = rng.integers(0, 4 * 365, size=events)
        event_rows = [
            Event(
                name=f"Event {e:04d}",
                slug=f"event-{e:04d}",
                ruleset="mcr",
                status=Event.Status.FINISHED,
                start_date=today - timedelta(days=int(days_ago[e]) + 1),
                end_date=today - timedelta(days=int(days_ago[e])),
                is_public=True,
                director=user,
            )
            for e in range(events)
        ]
        Event.objects.bulk_create(event_rows, batch_size=1000)
        event_ids = list(Event.objects.order_by("pk").values_list("pk", flat=True))
        players = []
        places: list[list[int]] = []
        for e, event_id in enumerate(event_ids):
            chosen = rng.choice(len(person_ids), size=int(sizes[e]), replace=False)
            # places with ties: every tenth player ties with the one before
            order = []
            for rank in range(len(chosen)):
                tie = rank and rng.random() < 0.1
                order.append(order[-1] if tie else rank + 1)
            places.append(order)
            for i in chosen:
                players.append(
                    Player(
                        event_id=event_id,
                        name=f"Person {int(i):05d}",
                        country=COUNTRIES[int(i) % len(COUNTRIES)],
                        ema_number=f"{10000000 + int(i)}",
                        person_id=int(person_ids[i]),
                    )
                )
        Player.objects.bulk_create(players, batch_size=5000)
        RankingEvent.objects.bulk_create(
            [
                RankingEvent(
                    event_id=event_id,
                    family="mcr",
                    is_ranking=True,
                    published_at=timezone.now(),
                    last_day=event_rows[e].end_date,
                    days=2,
                    players=int(sizes[e]),
                    countries=min(int(sizes[e]), len(COUNTRIES)),
                    weight=str(
                        rk.event_weight(
                            rk.EventFacts(2, int(sizes[e]), min(int(sizes[e]), len(COUNTRIES)))
                        ).total
                    ),
                )
                for e, event_id in enumerate(event_ids)
            ],
            batch_size=1000,
        )
        by_event: dict[int, list[tuple[int, int]]] = {}
        for pk, event_id, person in Player.objects.order_by("pk").values_list(
            "pk", "event_id", "person_id"
        ):
            by_event.setdefault(event_id, []).append((pk, person))
        RankingResult.objects.bulk_create(
            [
                RankingResult(
                    event_id=event_id,
                    player_id=pk,
                    person_id=person,
                    place=place,
                    shared=places[e].count(place),
                )
                for e, event_id in enumerate(event_ids)
                for (pk, person), place in zip(by_event[event_id], places[e], strict=True)
            ],
            batch_size=5000,
        )


def best_of(repeat: int, call) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = call()
        best = min(best, time.perf_counter() - started)
    return best, result


def new_event(index: int, persons: list[int]) -> list[int]:
    """A new 100-player ranking event (yesterday), stored without recomputing: its persons."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from scoring.ranking import services
    from scoring.ranking.models import RankingEvent
    from tournament.events.models import Event
    from tournament.persons.models import Person
    from tournament.players.models import Player

    day = timezone.localdate() - timedelta(days=1)
    with transaction.atomic():
        event = Event.objects.create(
            name=f"New {index}",
            slug=f"new-{index}",
            ruleset="mcr",
            status="finished",
            start_date=day,
            end_date=day,
            is_public=True,
            director=get_user_model().objects.get(username="bench-director"),
        )
        people = list(Person.objects.filter(pk__in=persons))
        Player.objects.bulk_create(
            [Player(event=event, name=p.name, country=p.country, person=p) for p in people]
        )
        entry = RankingEvent.objects.create(
            event=event,
            family="mcr",
            is_ranking=True,
            published_at=timezone.now(),
            last_day=day,
            days=1,
            players=len(people),
            countries=10,
            weight="5/2",
        )
        ids = Player.objects.filter(event=event).order_by("pk").values_list("pk", flat=True)
        services.store_results(entry, [(pk, i + 1) for i, pk in enumerate(ids)])
    return [p.pk for p in people]


def timed_get(client, path: str, times: int = 30) -> float:
    samples = []
    for _ in range(times):
        started = time.perf_counter()
        response = client.get(path)
        samples.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{path} answered {response.status_code}")
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--persons", type=int, default=10_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()

    url, drop = fresh_database(args.database_url, "bench_ranking")
    try:
        setup_django(
            url,
            DEBUG="0",
            ALLOWED_HOSTS="testserver,127.0.0.1",
            HTTPS="0",
            SECRET_KEY="benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
            LOG_LEVEL="ERROR",
            STATIC_ROOT=tempfile.mkdtemp(prefix="bench-ranking-static-"),
        )
        from django.core.management import call_command

        call_command("collectstatic", interactive=False, verbosity=0)
        from django.db.models import Count
        from django.test import Client
        from django.utils import timezone

        from scoring.ranking.models import RankingEntry, RankingResult
        from scoring.ranking.services import compute, storing
        from tournament.persons.models import Person

        started = time.perf_counter()
        build(args.persons, args.events, args.results)
        built = time.perf_counter() - started
        total = RankingResult.objects.count()
        compute.recompute("mcr")  # writes every row; the timed runs find them equal
        full_runs = [best_of(1, lambda: compute.recompute("mcr"))[0] for _ in range(args.repeat)]
        full_s = statistics.median(full_runs)
        # the same with every place moving: as of tomorrow (results age), then today again
        today = timezone.localdate()
        moved_s = []
        for _ in range(args.repeat):
            for day in (today + timedelta(days=1), today):
                started = time.perf_counter()
                compute.recompute("mcr", on=day)
                moved_s.append(time.perf_counter() - started)
        problems = compute.verify("mcr")
        if problems:
            raise SystemExit(f"verify: {problems[:5]}")
        follow_s, moved = best_of(args.repeat, storing.follow_players)
        if moved:
            raise SystemExit(f"{moved} results named another person than their player")
        listed = RankingEntry.objects.filter(family="mcr").count()
        rng = random.Random(3)
        all_persons = list(Person.objects.values_list("pk", flat=True))
        incremental = []
        for index in range(args.repeat):
            chosen = rng.sample(all_persons, 100)
            moved = new_event(index, chosen)
            started = time.perf_counter()
            outcome = compute.recompute("mcr", moved)
            incremental.append((time.perf_counter() - started) * 1000)
            assert not outcome.full
        if compute.verify("mcr"):
            raise SystemExit("verify after the incremental recomputes failed")

        client = Client()
        busiest = (
            RankingResult.objects.values("player__person")
            .order_by()
            .annotate(n=Count("pk"))
            .order_by("-n")
            .first()["player__person"]
        )
        timed_get(client, "/ping", 5)
        ping_ms = timed_get(client, "/ping")
        ranking_ms = timed_get(client, "/ranking/mcr/")
        person_ms = timed_get(client, f"/ranking/persons/{busiest}/")
        page_ms = max(ranking_ms, person_ms)
        from django.core.cache import cache

        def cold(path: str) -> float:
            samples = []
            for _ in range(10):
                cache.clear()
                samples.append(timed_get(client, path, 1))
            return statistics.median(samples)

        person_cold_ms = cold(f"/ranking/persons/{busiest}/")
        ranking_cold_ms = cold("/ranking/mcr/")
        print(
            f"built_s={built:.1f} listed={listed} ranking_page_ms={ranking_ms:.1f} "
            f"person_page_ms={person_ms:.1f} ranking_page_cold_ms={ranking_cold_ms:.1f} "
            f"person_page_cold_ms={person_cold_ms:.1f} person_results="
            f"{RankingResult.objects.filter(player__person=busiest).count()} "
            f"incremental_all_ms={','.join(f'{x:.0f}' for x in incremental)} "
            f"full_moved_s={min(moved_s):.3f} follow_players_s={follow_s:.3f}"
        )
        incremental_ms = statistics.median(incremental)
        ok = full_s <= FULL_BUDGET_S and incremental_ms <= INCREMENTAL_BUDGET_MS
        print(
            f"persons={args.persons} events={args.events} results={total} "
            f"full_s={full_s:.3f} budget_full_s={FULL_BUDGET_S} "
            f"incremental_ms={incremental_ms:.0f} budget_incremental_ms={INCREMENTAL_BUDGET_MS} "
            f"page_ms={page_ms:.1f} ping_ms={ping_ms:.2f} budget_ok={ok}"
        )
    finally:
        drop()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
