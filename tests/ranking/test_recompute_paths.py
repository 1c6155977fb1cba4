"""A recompute stores the same rows whichever path computes them (the arrays of
``scoring.ranking.bulk``, or ``rules.ranking`` where the arrays path declines), rewrites what
changed (values, places, a person's name) and removes who is no longer listed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.ranking import bulk, compute, services, storing
from scoring.ranking.models import RankingEntry
from tests.ranking.helpers import PEOPLE, eight_events, past_event
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db

COLUMNS = (*storing.ENTRY_COLUMNS, "country", "name")


def rows() -> list[tuple]:
    return sorted(RankingEntry.objects.filter(family="mcr").values_list(*COLUMNS))


def test_both_paths_store_the_same_rows(director, monkeypatch):
    events = eight_events(director)
    services.override_weight(events["E8"], "22/7", "An odd weight", by=director)
    by_arrays = compute.recompute("mcr")
    arrays = rows()
    assert len(arrays) == 5 and compute.verify("mcr") == []
    monkeypatch.setattr(bulk, "rank", lambda *args, **kwargs: None)
    RankingEntry.objects.all().delete()
    by_reference = compute.recompute("mcr")
    assert rows() == arrays
    assert by_arrays.persons == by_reference.persons == 5
    # an incremental recompute by the reference, then the whole one by the arrays
    past_event("E9", 1, [(1, "E"), (2, "A")], director)
    reference = rows()
    assert reference != arrays and compute.verify("mcr") == []
    monkeypatch.undo()
    compute.recompute("mcr")
    assert rows() == reference


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


@pytest.mark.parametrize("batch", [1, 2, 5])
def test_rows_written_in_batches_are_the_same_rows(director, monkeypatch, batch):
    """Whole batches go by one executemany and the rest by one statement (on SQLite)."""
    eight_events(director)
    expected = rows()
    RankingEntry.objects.all().delete()
    monkeypatch.setattr(storing, "BATCH", batch)
    compute.recompute("mcr")
    assert rows() == expected
    RankingEntry.objects.filter(family="mcr").update(value="1", place=9)
    compute.recompute("mcr")
    assert rows() == expected
