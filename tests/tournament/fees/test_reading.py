"""Who owes what is read in a constant number of queries, whatever the number of persons,
payments and fee choices; the fees page and the desk's state too."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournament.fees import reading, services
from tournament.fees.models import Fee
from tournament.fees.reading import desk
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


def _grown(event, director, count: int) -> None:
    checkin.open_check_in(event)
    reduced = Fee.objects.get(event=event, name="Reduced")
    for n, line in enumerate(reading.lines(event)[:count]):
        if line.player_id:
            checkin.check_in(event, event.players.get(pk=line.player_id))
        services.choose_fee(event, line.key, reduced, director)
        services.record_payment(
            event, line.key, amount=1000, method="card", by=director, key=f"{n}"
        )


def test_the_readings_do_not_grow_with_the_event(fee_event, director):
    counts = []
    for slug, registrants in (("small", 4), ("large", 24)):
        event = fee_event(registrants=registrants, cap=registrants - 2, slug=slug)
        _grown(event, director, registrants - 2)
        client = Client()
        client.force_login(director)
        counts.append(
            (
                _queries(lambda e=event: reading.lines(e)),
                _queries(lambda e=event: desk.state(e)),
                _queries(lambda c=client, e=event: c.get(f"/director/{e.slug}/fees/")),
            )
        )
    assert counts[0] == counts[1], counts
    assert counts[0][0] <= 7, counts
