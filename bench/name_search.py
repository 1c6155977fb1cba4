"""Searching names by the one rule of ``tournament.collation``: the check-in desk over a big
event (the players' names folded in Python, per keystroke) and the persons registry over the
whole registry (``Person.match_key`` filtered by the database).

    python bench/name_search.py [--players 1000] [--persons 10000] [--repeat 30]
        [--database-url ...]

The event's players and the persons are bulk-inserted with Polish, Czech, Nordic and plain
names; each search is timed ``--repeat`` times through the service (the desk) or the page's
query (the registry: the count and the first 100), and the median printed.

Last line: ``players=<n> desk_search_ms=<median> persons=<n> persons_search_ms=<median>``.
Goal: both under 50 ms (the desk asks at every pause in typing).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import fresh_database, setup_django  # noqa: E402

FIRST = ["Łukasz", "Małgorzata", "Jiří", "Søren", "Æsa", "Zoë", "Anna", "Þórður", "Eero", "Jan"]
LAST = ["Żółkiewski", "Wiśniewska", "Šťastný", "Ørsted", "Dæhlie", "Müller", "Nowak", "Straße"]


def names(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}" for i in range(count)]


def build(players: int, persons: int) -> object:
    from django.contrib.auth import get_user_model

    from tournament.events.models import Event
    from tournament.persons.models import Person
    from tournament.players.models import Player

    user = get_user_model().objects.create(username="bench-director")
    event = Event.objects.create(name="Bench", slug="bench", ruleset="mcr", director=user)
    Player.objects.bulk_create(
        [Player(event=event, name=name) for name in names(players, 1)], batch_size=1000
    )
    Person.objects.bulk_create([Person(name=name) for name in names(persons, 2)], batch_size=2000)
    return event


def median_ms(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--persons", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url, drop = fresh_database(args.database_url, "bench_names")
    try:
        setup_django(url)
        from tournament.collation import key_filter
        from tournament.persons.models import Person
        from tournament.registration.services import checkin

        event = build(args.players, args.persons)
        desk = median_ms(lambda: checkin.search(event, "lukasz zol"), args.repeat)

        def registry():
            found = Person.objects.filter(key_filter("match_key", "lukasz zol"))
            found.count()
            list(found.order_by("name", "pk")[:100])

        persons = median_ms(registry, args.repeat)
        print(
            f"players={args.players} desk_search_ms={desk:.1f} "
            f"persons={args.persons} persons_search_ms={persons:.1f}"
        )
    finally:
        drop()


if __name__ == "__main__":
    main()
