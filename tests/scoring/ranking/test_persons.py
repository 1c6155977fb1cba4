"""Persons across events: found by EMA number, merged and split with a reason, undone; what
is refused changes nothing; the record is append-only."""

from __future__ import annotations

import unicodedata

import pytest
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, transaction

from tests.support.ranking import PEOPLE, past_event
from tournament.persons import services as persons
from tournament.persons.models import Person, PersonChange
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


def person(letter: str) -> Person:
    return Person.objects.get(ema_number=PEOPLE[letter][3])


def test_one_person_across_events_by_ema_number(director):
    past_event("One", 30, [(1, "A"), (2, "B")], director)
    past_event("Two", 20, [(1, "B"), (2, "A")], director)
    assert Person.objects.count() == 2
    assert person("A").players.count() == 2


def test_a_player_keeps_the_name_it_had(director):
    event = past_event("One", 30, [(1, "A"), (2, "B")], director)
    a = person("A")
    a.name = "Anna Alpha-Smit"
    a.save()
    assert event.players.get(person=a).name == "Anna Alpha"


def test_suggestions_by_casefolded_name_and_country(director):
    Person.objects.create(name="Šťastný Jan", country="CZ")
    Person.objects.create(name="ŠŤASTNÝ JAN", country="CZ")
    Person.objects.create(name=unicodedata.normalize("NFD", "Šťastný Jan"), country="CZ")
    Person.objects.create(name="Šťastný Jan", country="SK")
    groups = persons.suggestions()
    assert [len(g) for g in groups] == [3]
    assert {str(p.country) for p in groups[0]} == {"CZ"}


def test_merge_then_undo_restores_everything(director):
    past_event("One", 30, [(1, "A"), (2, "B")], director)
    stray = past_event("Two", 20, [(1, "C"), (2, "D")], director)
    c = person("C")
    twin = Person.objects.create(name="Cees Gamma", country="DE")
    player = stray.players.get(person=c)
    # a split leaves C with no... C has one player: a split of it is refused
    with pytest.raises(ValidationError, match="at least one"):
        persons.split(c, [player.pk], "no")
    change = persons.merge(c, twin, "Same man, see passport", by=director)
    c.refresh_from_db()
    assert c.merged_into == twin and twin.players.count() == 1
    twin.refresh_from_db()
    assert twin.ema_number == PEOPLE["C"][3] and change.ema_moved
    undo = persons.undo(change, "Wrong call", by=director)
    c.refresh_from_db()
    twin.refresh_from_db()
    assert c.merged_into is None and c.ema_number == PEOPLE["C"][3] and twin.ema_number == ""
    assert Player.objects.get(pk=player.pk).person == c
    assert undo.undoes == change
    with pytest.raises(ValidationError, match="undone already"):
        persons.undo(change, "again")


def test_bad_merges_and_splits_change_nothing(director):
    event = past_event("One", 30, [(1, "A"), (2, "B")], director)
    a, b = person("A"), person("B")
    before = list(Player.objects.order_by("pk").values_list("pk", "person"))
    with pytest.raises(ValidationError, match="played One"):
        persons.merge(a, b, "looks alike")
    with pytest.raises(ValidationError, match="reason"):
        persons.merge(a, Person.objects.create(name="x"), "   ")
    with pytest.raises(ValidationError, match="different EMA numbers"):
        persons.merge(a, Person.objects.create(name="y", ema_number="12345678"), "why")
    with pytest.raises(ValidationError, match="without a person"):
        persons.split(a, [event.players.get(person=a).pk], "r", into="none")
    with pytest.raises(ValidationError, match="already held"):
        persons.set_ema_number(b, PEOPLE["A"][3])
    with pytest.raises(ValidationError, match="not this person"):
        persons.split(a, [event.players.get(person=b).pk], "r")
    assert list(Player.objects.order_by("pk").values_list("pk", "person")) == before
    assert not PersonChange.objects.exclude(kind=PersonChange.Kind.LINK).exists()


def test_split_and_undo(director):
    past_event("One", 30, [(1, "A"), (2, "B")], director)
    two = past_event("Two", 20, [(1, "A"), (2, "B")], director)
    a = person("A")
    moved = two.players.get(person=a)
    change = persons.split(a, [moved.pk], "Another Anna", by=director)
    assert change.other.players.get() == moved
    persons.undo(change, "Same Anna", by=director)
    assert a.players.count() == 2
    assert Person.objects.get(pk=change.other_id).merged_into == a


def test_never_two_players_of_one_event_in_one_person(director):
    event = past_event("One", 30, [(1, "A"), (2, "B")], director)
    with pytest.raises(IntegrityError), transaction.atomic():
        event.players.filter(person=person("B")).update(person=person("A"))


def test_the_record_is_append_only(director):
    past_event("One", 30, [(1, "A"), (2, "B")], director)
    change = PersonChange.objects.first()
    with pytest.raises(DatabaseError), transaction.atomic():
        PersonChange.objects.filter(pk=change.pk).update(reason="rewritten")
    with pytest.raises(DatabaseError), transaction.atomic():
        PersonChange.objects.filter(pk=change.pk).delete()


def test_undoing_a_split_takes_the_ema_number_back_to_the_living_person(director):
    """Issue 43, item 26: the split-off person got an EMA number (and, by it, a later event);
    undoing the split merges it back with both, so that a living person holds the number and
    the next import finds that person by it instead of making a duplicate."""
    from scoring.ranking.services import importing
    from tests.support.ranking import day, ema_file

    original = dict(PEOPLE)
    PEOPLE.update({"A": (*PEOPLE["A"][:3], ""), "B": (*PEOPLE["B"][:3], "")})
    try:
        past_event("One", 30, [(1, "A"), (2, "B")], director)
        known = {p.name: p.pk for p in Person.objects.all()}
        two = importing.import_ema(
            ema_file([(1, "A"), (2, "B")]),
            name="Two",
            ruleset="mcr",
            first_day=day(20),
            last_day=day(20),
            by=director,
            decisions={2: str(known["Anna Alpha"]), 3: str(known["Bram Beta"])},
        )
    finally:
        PEOPLE.update(original)
    anna = Person.objects.get(name="Anna Alpha")
    split = persons.split(anna, [two.players.get(person=anna).pk], "Another Anna", by=director)
    other = Person.objects.get(pk=split.other_id)
    persons.set_ema_number(other, "10000001", by=director)
    three = past_event("Three", 10, [(1, "A"), (2, "C")], director)  # A by number: the other
    assert three.players.get(ema_number="10000001").person == other
    undo = persons.undo(split, "Same Anna after all", by=director)
    anna.refresh_from_db()
    other.refresh_from_db()
    assert (anna.ema_number, other.ema_number, other.merged_into) == ("10000001", "", anna)
    assert undo.ema_moved and anna.players.count() == 3 and not other.players.exists()
    four = past_event("Four", 5, [(1, "A"), (2, "D")], director)
    assert four.players.get(ema_number="10000001").person == anna
    assert Person.objects.filter(name="Anna Alpha").count() == 2  # anna and the merged one


def test_undoing_a_split_between_two_ema_numbers_is_refused(director):
    past_event("One", 30, [(1, "A"), (2, "B")], director)
    two = past_event("Two", 20, [(1, "A"), (2, "B")], director)
    anna = person("A")
    split = persons.split(anna, [two.players.get(person=anna).pk], "Another Anna", by=director)
    persons.set_ema_number(Person.objects.get(pk=split.other_id), "10000099", by=director)
    before = list(Player.objects.order_by("pk").values_list("pk", "person"))
    with pytest.raises(ValidationError, match="different EMA numbers"):
        persons.undo(split, "Same Anna")
    assert list(Player.objects.order_by("pk").values_list("pk", "person")) == before
    assert Person.objects.get(pk=split.other_id).merged_into is None
