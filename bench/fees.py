"""Fees at the check-in desk of a big event: who owes what (``tournament.fees.reading.lines``,
read by the fees page, the desk's list and the exports), the desk's state (polled every 5 s by
each desk), the desk's search with each person's fee, and one payment recorded through the
service (the person's lock, the checks, the insert).

    python bench/fees.py [--persons 500] [--repeat 20] [--database-url ...]

The event's registrants, players, contacts and check-ins are bulk-inserted; two thirds of the
persons have paid (cash, card or transfer), a tenth were given a reduced fee. Each reading is
timed ``--repeat`` times and the median printed, with its number of queries.

Last line: ``persons=<n> payments=<n> lines_ms=<median> lines_queries=<n> desk_state_ms=<median>
desk_search_ms=<median> pay_ms=<median>``. Goal: every reading under 100 ms at 500 persons,
a payment under 50 ms; queries that do not grow with the event.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import fresh_database, setup_django  # noqa: E402


def build(persons: int):
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from tournament.contacts.models import Contact
    from tournament.events.models import Event
    from tournament.fees import services
    from tournament.fees.models import FeeChoice, Payment
    from tournament.players.models import Player
    from tournament.registration.models import Attendance, Registration, RegistrationSettings

    user, _ = get_user_model().objects.get_or_create(username="fees-director")
    event = Event.objects.create(name="Fees", slug="fees-bench", ruleset="mcr", director=user)
    RegistrationSettings.objects.create(event=event, cap=persons, places_taken=persons)
    standard = services.save_fee(event, None, name="Standard", amount=4000)
    reduced = services.save_fee(event, None, name="Reduced", amount=2500)
    now = timezone.now()
    with transaction.atomic():
        players = Player.objects.bulk_create(
            Player(event=event, name=f"Player {i:04d}") for i in range(persons)
        )
        contacts = Contact.objects.bulk_create(
            Contact(event=event, player=p, email=f"p{i}@example.org") for i, p in enumerate(players)
        )
        Registration.objects.bulk_create(
            Registration(
                event=event,
                name=p.name,
                name_key=p.name_key,
                contact=c,
                player=p,
                status=Registration.Status.ACCEPTED,
                link_nonce=f"{i:032d}",
            )
            for i, (p, c) in enumerate(zip(players, contacts, strict=True))
        )
        Attendance.objects.bulk_create(
            Attendance(player=p, checked_in_at=now, how="desk") for p in players
        )
        FeeChoice.objects.bulk_create(
            FeeChoice(event=event, contact=c, fee=reduced, by=user) for c in contacts[::10]
        )
        methods = ("cash", "card", "transfer")
        Payment.objects.bulk_create(
            Payment(
                event=event,
                contact=c,
                kind="payment",
                amount=reduced.amount if i % 10 == 0 else standard.amount,
                method=methods[i % 3],
                by=user,
                key=f"bulk-{i}",
            )
            for i, c in enumerate(contacts)
            if i % 3
        )
    return event, user


def median_ms(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--persons", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    url, drop = fresh_database(args.database_url, "bench_fees")
    try:
        setup_django(url)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from tournament.fees import reading, services
        from tournament.fees.models import Payment
        from tournament.fees.reading import desk
        from tournament.registration.services import checkin

        event, user = build(args.persons)
        with CaptureQueriesContext(connection) as queries:
            everyone = reading.lines(event)
        assert len(everyone) == args.persons
        lines_ms = median_ms(lambda: reading.lines(event), args.repeat)
        state_ms = median_ms(lambda: desk.state(event), args.repeat)

        def search():
            found = [f.__dict__ for f in checkin.search(event, "player 01")]
            desk.found(event, found)

        search_ms = median_ms(search, args.repeat)
        unpaid = iter([line.key for line in everyone if line.to_pay])
        pay_ms = median_ms(
            lambda: services.record_payment(
                event, next(unpaid), amount=100, method="card", by=user, key=f"b{time.time_ns()}"
            ),
            args.repeat,
        )
        print(
            f"persons={args.persons} payments={Payment.objects.filter(event=event).count()} "
            f"lines_ms={lines_ms:.1f} lines_queries={len(queries)} desk_state_ms={state_ms:.1f} "
            f"desk_search_ms={search_ms:.1f} pay_ms={pay_ms:.1f}"
        )
    finally:
        drop()


if __name__ == "__main__":
    main()
