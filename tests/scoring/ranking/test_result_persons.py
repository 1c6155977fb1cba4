"""Each result keeps a copy of its player's person (a recompute reads the results without
joining the players): the copy follows links, merges, splits and undos, ``verify`` names a
copy that differs, and ``ranking --full`` and the daily run repair it. The recompute's read
packs each result into one integer where the ids allow, and reads the columns apart where
they do not: both give the same arrays, and a place the packing cannot hold is refused as the
reference refuses it, not read as another event's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import timezone

from rules.errors import RuleError
from scoring.ranking import tasks
from scoring.ranking.models import RankingEntry, RankingResult, RankingState
from scoring.ranking.services import compute
from tests.support.ranking import PEOPLE, eight_events, past_event
from tournament.persons import services as persons
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db


def copies() -> dict[int, int | None]:
    return dict(RankingResult.objects.values_list("pk", "person_id"))


def players_persons() -> dict[int, int | None]:
    return dict(RankingResult.objects.values_list("pk", "player__person_id"))


def test_the_copies_follow_merge_split_and_undo(director):
    eight_events(director)
    assert copies() == players_persons() and None not in copies().values()
    event = past_event("Walk-in", 3, [(1, "A"), (2, "B")], director)
    walk_in = event.players.get(name="Bram Beta")
    split = persons.split(walk_in.person, [walk_in.pk], "Not the same Bram", by=director)
    result = RankingResult.objects.get(player=walk_in)
    assert result.person_id == split.other_id != Person.objects.get(ema_number=PEOPLE["B"][3]).pk
    assert copies() == players_persons() and compute.verify("mcr") == []
    lone = Person.objects.get(pk=split.other_id)
    assert RankingEntry.objects.filter(person=lone).count() == 0  # one result: not listed
    bram = Person.objects.get(ema_number=PEOPLE["B"][3])
    assert RankingEntry.objects.get(person=bram).results == 4  # E1, E2, E6, E8 (E5 too old)
    merge = persons.merge(lone, bram, "The same Bram after all", by=director)
    assert copies() == players_persons() and compute.verify("mcr") == []
    assert RankingResult.objects.get(player=walk_in).person == bram
    assert RankingEntry.objects.get(person=bram).results == 5
    persons.undo(merge, "Not him after all", by=director)
    assert RankingResult.objects.get(player=walk_in).person == lone
    assert copies() == players_persons() and compute.verify("mcr") == []
    dirk = Person.objects.get(ema_number=PEOPLE["D"][3])
    eva = Person.objects.get(ema_number=PEOPLE["E"][3])
    before = copies()
    with pytest.raises(ValidationError):  # both played E1: refused, nothing moves
        persons.merge(eva, dirk, "Typo", by=director)
    assert copies() == before == players_persons()


def test_verify_names_a_copy_that_differs_and_a_full_run_repairs_it(director, capsys):
    eight_events(director)
    anna = Person.objects.get(ema_number=PEOPLE["A"][3])
    eva = Person.objects.get(ema_number=PEOPLE["E"][3])
    RankingResult.objects.filter(person=anna, event__event__name="E2").update(person=eva)
    assert "mcr: 1 result(s) name another person than their player" in compute.verify("mcr")
    with pytest.raises(SystemExit):
        call_command("ranking", "verify")
    call_command("ranking", "--full")
    assert "1 result(s) now name their player's person" in capsys.readouterr().out
    assert copies() == players_persons() and compute.verify("mcr") == []


def test_the_daily_run_repairs_a_copy_before_it_recomputes(director):
    eight_events(director)
    anna = Person.objects.get(ema_number=PEOPLE["A"][3])
    RankingResult.objects.filter(person=anna).update(person=None)
    RankingState.objects.filter(family="mcr").update(as_of=timezone.localdate() - timedelta(1))
    assert tasks.daily() == ["mcr"]
    assert copies() == players_persons() and compute.verify("mcr") == []


@pytest.mark.parametrize("place", [6, 10**6])
def test_a_place_beyond_the_players_is_refused(director, place):
    """E1 has five players: place 6 is one beyond, 10^6 far beyond."""
    events = eight_events(director)
    RankingResult.objects.filter(event__event=events["E1"], place=5).update(place=place)
    with pytest.raises(RuleError, match="outside 1 to 5"):
        compute.recompute("mcr")
