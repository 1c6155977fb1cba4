"""The stored ranking: computed from published results, recomputed on changes, verified."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.management import call_command

from scoring.ranking import services
from scoring.ranking.models import RankingEntry, RankingEvent
from scoring.ranking.services import compute
from tests.support.ranking import EXPECTED, PEOPLE, eight_events, past_event
from tournament.persons import services as persons
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db


def stored() -> dict[str, tuple]:
    by_number = {number: letter for letter, (*_, number) in PEOPLE.items()}
    return {
        by_number[e.person.ema_number]: (
            Fraction(e.value),
            Fraction(e.part_a),
            Fraction(e.part_b),
            e.place,
        )
        for e in RankingEntry.objects.filter(family="mcr").select_related("person")
    }


def test_eight_events_give_the_hand_computed_ranking(director):
    """E1 (10 days ago, ties B and C at 2: p 2.5), E2, E3 (400 days: a 2/3), E4 (800: 1/3),
    E5 (1200: no longer counts), E6 (weight overridden to 2, A and E tied), E7, E8. For A:
    A = (1000 + 500 + 1000/3 + 2 x 500 + 500) / (16/3) = 625, B over E1, E4 (equal r, larger
    wa first) and E6 = 700, ranking 662.5; E's zero results fill Part B after E6 and E8."""
    eight_events(director)
    assert Person.objects.count() == 5
    assert stored() == EXPECTED
    assert compute.verify("mcr") == []
    e6 = RankingEvent.objects.get(event__name="E6")
    assert e6.weight == "2" and e6.overrides.get().reason == "League final, counted double"


def test_full_and_incremental_agree(director):
    eight_events(director)
    before = stored()
    outcome = compute.recompute("mcr")
    assert outcome.full and stored() == before
    past_event("E9", 1, [(1, "E"), (2, "A")], director)
    incremental = stored()
    compute.recompute("mcr")
    assert stored() == incremental != before
    assert compute.verify("mcr") == []


def test_verify_finds_a_tampered_row(director, capsys):
    eight_events(director)
    RankingEntry.objects.filter(place=1).update(value="1000")
    assert compute.verify("mcr")
    with pytest.raises(SystemExit):
        call_command("ranking", "verify")
    with pytest.raises(SystemExit):
        call_command("verify")
    assert "ranking: 1 difference(s)" in capsys.readouterr().out
    call_command("ranking", "--full")
    call_command("ranking", "verify")
    call_command("verify")
    assert "ranking: consistent" in capsys.readouterr().out


def test_a_merge_recomputes_both_persons(director):
    eight_events(director)
    c = Person.objects.get(ema_number=PEOPLE["C"][3])
    twin = past_event("Solo", 3, [(1, "A"), (2, "B")], director)
    # a newcomer without EMA number, later found to be C
    newcomer = Person.objects.create(name="Cees Gamma", country="DE")
    player = twin.players.get(name="Bram Beta")
    assert player.person.ema_number == PEOPLE["B"][3]
    other = past_event("Other", 2, [(1, "D"), (2, "E")], director)
    p = other.players.get(name="Eva Epsilon")
    split = persons.split(p.person, [p.pk], "Wrong Eva", by=director)
    assert compute.verify("mcr") == []
    persons.undo(split, "It was her after all", by=director)
    assert compute.verify("mcr") == []
    assert newcomer.pk and c.pk


def test_part_b_count_is_a_setting(director):
    eight_events(director)
    services.set_part_b_count("mcr", 2)
    assert compute.verify("mcr") == []
    assert stored() != EXPECTED
    with pytest.raises(Exception, match="between 1 and 20"):
        services.set_part_b_count("mcr", 0)
