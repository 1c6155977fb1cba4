"""A recompute rewrites what changed (values, places, a person's name), repairs any column and
removes who is no longer listed; ``verify`` agrees after each."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.ranking.models import RankingEntry
from scoring.ranking.services import compute
from tests.support.ranking import PEOPLE, eight_events
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db

COLUMNS = (
    "family",
    "person_id",
    "place",
    "value",
    "part_a",
    "part_b",
    "score",
    "results",
    "country",
    "name",
)


def rows() -> list[tuple]:
    return sorted(RankingEntry.objects.filter(family="mcr").values_list(*COLUMNS))


def test_whoever_is_no_longer_listed_is_removed_and_comes_back_named(director):
    eight_events(director)
    today = timezone.localdate()
    compute.recompute("mcr", on=today + timedelta(days=2000))  # every result too old
    assert rows() == [] and compute.verify("mcr") == []
    compute.recompute("mcr", on=today + timedelta(days=396))  # E1, E6, E7 at 2/3 count
    people = {
        pk: (country, name)
        for pk, country, name in Person.objects.values_list("pk", "country", "name")
    }
    assert rows() and all(people[row[1]] == row[-2:] for row in rows())
    assert compute.verify("mcr") == []
    compute.recompute("mcr", on=today)
    assert len(rows()) == 5 and all(people[row[1]] == row[-2:] for row in rows())
    assert compute.verify("mcr") == []


def test_a_renamed_person_is_renamed_in_the_ranking(director):
    eight_events(director)
    anna = Person.objects.get(ema_number=PEOPLE["A"][3])
    Person.objects.filter(pk=anna.pk).update(name="Anna van Alpha", country="BE")
    before = {row[1]: row for row in rows()}
    compute.recompute("mcr")
    after = {row[1]: row for row in rows()}
    assert after[anna.pk][-2:] == ("BE", "Anna van Alpha")
    assert after[anna.pk][:-2] == before[anna.pk][:-2]
    assert {k: v for k, v in after.items() if k != anna.pk} == {
        k: v for k, v in before.items() if k != anna.pk
    }


@pytest.mark.parametrize(
    ("column", "wrong"),
    [
        ("place", 99),
        ("value", "1"),
        ("part_a", "1"),
        ("part_b", "1"),
        ("score", 1.0),
        ("results", 99),
        ("country", "XX"),
        ("name", "Somebody Else"),
    ],
)
def test_a_whole_recompute_repairs_any_column(director, column, wrong):
    eight_events(director)
    before = rows()
    RankingEntry.objects.filter(family="mcr", place=2).update(**{column: wrong})
    assert rows() != before
    compute.recompute("mcr")
    assert rows() == before
