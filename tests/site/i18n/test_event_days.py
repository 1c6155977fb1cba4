"""One event's days are written one way on every page (issue 43, item 19): the home page wrote
"28 Dec 2024" (its first day) while the ranking wrote "2024-12-29" (its last day, in ISO)."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from scoring.ranking.services import compute, importing
from tests.support.ranking import ema_file
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db

DAYS = {
    "en": "28 Dec 2024 – 29 Dec 2024",
    "cs": "28. prosince 2024 – 29. prosince 2024",
    "pl": "28 grudnia 2024 – 29 grudnia 2024",
}


@pytest.fixture
def vienna(director):
    """Two past events, so that the persons are listed and their pages draw the history."""
    importing.import_ema(
        ema_file([(1, "B"), (2, "A")]),
        name="Graz Open 2025",
        ruleset="mcr",
        first_day=date(2025, 3, 1),
        last_day=date(2025, 3, 1),
        by=director,
    )
    event = importing.import_ema(
        ema_file([(1, "A"), (2, "B")]),
        name="Vienna MCR Cup 2024",
        ruleset="mcr",
        first_day=date(2024, 12, 28),
        last_day=date(2024, 12, 29),
        by=director,
    )
    compute.recompute("mcr")  # here, not by a worker the suite may run with
    return event


@pytest.mark.parametrize("language", DAYS)
def test_the_home_event_and_ranking_pages_write_the_days_alike(vienna, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    person = Person.objects.get(ema_number="10000001")
    for url in ("/", f"/e/{vienna.slug}/", f"/ranking/persons/{person.pk}/"):
        page = client.get(url).content.decode()
        assert DAYS[language] in page, url
        assert "2024-12-29" not in page and "2024-12-28" not in page, url
        if "ranking" in url:
            assert 'data-testid="ranking-chart"' in page


def test_a_message_writes_a_day_as_the_pages_do(vienna, director):
    with pytest.raises(Exception, match="Vienna MCR Cup 2024 of 29 Dec 2024 is in the ranking"):
        importing.import_ema(
            ema_file([(1, "A"), (2, "B")]),
            name="Vienna MCR Cup 2024",
            ruleset="mcr",
            first_day=date(2024, 12, 28),
            last_day=date(2024, 12, 29),
            by=director,
        )
