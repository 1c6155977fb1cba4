"""Writing the places (``scoring.ranking.services.storing.place``): whatever the stored places
were (a new row's 0, ties, a few persons passing many), the places afterwards are the exact
places of the values (``rules.ranking.places``), and a second pass writes nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import ranking as rk
from scoring.ranking.models import RankingEntry
from scoring.ranking.services import storing
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db

PEOPLE = 40


@pytest.fixture
def persons(db) -> list[int]:
    return [Person.objects.create(name=f"Person {i}").pk for i in range(PEOPLE)]


def stored(family: str) -> dict[int, int]:
    return dict(RankingEntry.objects.filter(family=family).values_list("pk", "place"))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 45)), min_size=1, max_size=PEOPLE),
    runs_at_once=st.sampled_from([0, 1, 1000]),
)
def test_places_follow_the_values_from_any_stored_places(persons, rows, runs_at_once, monkeypatch):
    monkeypatch.setattr(storing, "RUNS_AT_ONCE", runs_at_once)
    RankingEntry.objects.all().delete()
    RankingEntry.objects.bulk_create(
        RankingEntry(
            family="mcr", person_id=persons[i], place=place, value=str(Fraction(value, 3)),
            part_a="0", part_b="0", score=value / 3, results=1, name=f"Person {i}",
        )
        for i, (value, place) in enumerate(rows)
    )  # fmt: skip
    storing.place("mcr")
    values = dict(RankingEntry.objects.filter(family="mcr").values_list("pk", "value"))
    assert stored("mcr") == rk.places({pk: Fraction(v) for pk, v in values.items()})
    with CaptureQueriesContext(connection) as again:
        storing.place("mcr")
    assert [q["sql"] for q in again if q["sql"].startswith("UPDATE")] == []


def test_persons_passing_others_move_the_rest_by_runs(persons):
    """Two persons rise past thirty others: one statement moves them and the thirty (three
    runs of places: 1-30 down by two, 31 and 32 up to the top)."""
    RankingEntry.objects.bulk_create(
        RankingEntry(
            family="mcr", person_id=pk, place=i + 1, value=str(100 - i), part_a="0",
            part_b="0", score=100 - i, results=1, name=f"Person {i}",
        )
        for i, pk in enumerate(persons)
    )  # fmt: skip
    RankingEntry.objects.filter(person_id__in=persons[30:32]).update(value="200", score=200)
    with CaptureQueriesContext(connection) as written:
        storing.place("mcr")
    updates = [q["sql"] for q in written if q["sql"].startswith("UPDATE")]
    assert len(updates) == 1, updates
    places = dict(RankingEntry.objects.values_list("person_id", "place"))
    assert [places[p] for p in persons[30:32]] == [1, 1]
    assert [places[p] for p in persons[:3]] == [3, 4, 5]
    assert places[persons[32]] == 33
